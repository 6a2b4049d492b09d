/* test_settings.c: every row of the settings table, read from the table:
 * each word in any case, each count at its bounds and past them, each
 * refusal naming where the setting applies */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "input/parser.h"
#include "input/settings_walk.h"
#include "unit.h"

/* the first call that takes s (want 1) or does not (want 0) */
static const struct call *call_that(const struct setting *s, int want)
{
    const struct call *c;
    for (size_t i = 0; (c = table_row(&call_table, i)); i++)
        if (setting_takes(s, c) == want)
            return c;
    return NULL;
}

/* parses "CALL INT 1 1 MUL 2 WORLD NOP 0 key=value"; *stored: the
 * setting's field afterwards; returns the first error about the setting's
 * own column (a fresh string), or NULL when it was taken.  The other
 * fields may be wrong for the call: their errors name other columns. */
static char *try_value(const struct setting *s, const struct call *c, const char *value,
                       long long *stored)
{
    char line[256];
    int col = snprintf(line, sizeof line, "%s INT 1 1 MUL 2 WORLD NOP 0 ", c->name) + 1;
    snprintf(line + col - 1, sizeof line - (size_t)col + 1, "%s=%s\n", s->key, value);
    struct recordset rs = {0};
    struct diag d;
    diag_init(&d, "t.in");
    parse_records(line, strlen(line), &rs, &d);
    char prefix[32], prefix_val[32];
    snprintf(prefix, sizeof prefix, "t.in:1:%d:", col);
    snprintf(prefix_val, sizeof prefix_val, "t.in:1:%d:", col + (int)strlen(s->key) + 1);
    char *err = NULL;
    for (int i = 0; i < d.kept && !err; i++)
        if (strncmp(d.msg[i], prefix, strlen(prefix)) == 0 ||
            strncmp(d.msg[i], prefix_val, strlen(prefix_val)) == 0)
            err = strdup(d.msg[i]);
    *stored = rs.n == 1 && s->store != STORE_NONE ? setting_get(s, &rs.rec[0]) : 0;
    recordset_free(&rs);
    diag_free(&d);
    return err;
}

static void word_cases(const struct setting *s, const struct call *c)
{
    for (int k = 0; s->words[k]; k++) {
        char upper[64], mixed[64];
        size_t n = strlen(s->words[k]);
        for (size_t i = 0; i <= n; i++) {
            upper[i] = (char)toupper((unsigned char)s->words[k][i]);
            mixed[i] = i % 2 ? upper[i] : s->words[k][i];
        }
        const char *forms[] = {s->words[k], upper, mixed};
        for (int f = 0; f < 3; f++) {
            long long v;
            char *err = try_value(s, c, forms[f], &v);
            CHECK(!err && v == s->first + k);
            if (err || v != s->first + k)
                fprintf(stderr, "  %s=%s on %s: %s\n", s->key, forms[f], c->name,
                        err ? err : "stored another value");
            free(err);
        }
    }
    long long v;
    char *err = try_value(s, c, "no-such-word", &v);
    CHECK(err && strstr(err, "accepted:") && strstr(err, s->words[0]));
    free(err);
}

static void count_bounds(const struct setting *s, const struct call *c)
{
    char text[32];
    long long v;
    snprintf(text, sizeof text, "%llu", (unsigned long long)s->hi);
    char *err = try_value(s, c, text, &v);
    CHECK(!err && (unsigned long long)v == s->hi);
    free(err);
    snprintf(text, sizeof text, "%llu", (unsigned long long)s->hi + 1);
    err = try_value(s, c, text, &v);
    CHECK(err && strstr(err, "too large"));
    free(err);
    if (s->lo > 0) {
        snprintf(text, sizeof text, "%llu", (unsigned long long)s->lo - 1);
        err = try_value(s, c, text, &v);
        CHECK(err && strstr(err, "must be at least"));
        free(err);
    }
}

/* every key once across the common rows and every family's (the parser
 * takes the first row of a key), and a family's own rows only for its
 * calls: a record of one of them gets the rows' defaults in its own
 * storage, a record of another family's call is refused the key */
static void family_rows(void)
{
    const struct setting *s, *o;
    int owned = 0;
    for (size_t i = 0; (s = setting_at(i)) != NULL; i++) {
        for (size_t j = i + 1; (o = setting_at(j)) != NULL; j++)
            CHECK(strcmp(s->key, o->key) != 0);
        const struct family *f = s->owner;
        if (!f || s->store == STORE_NONE)
            continue;
        owned++;
        const struct call *c;
        for (size_t k = 0; (c = table_row(&call_table, k)); k++) {
            if (c->family != f)
                CHECK(!setting_takes(s, c));
            else if (setting_takes(s, c)) {
                struct record r = {.call = c};
                settings_defaults(&r);
                CHECK(setting_get(s, &r) == s->dflt);
            }
        }
    }
    CHECK(owned >= 9);        /* sync win mode threads comm partitions complete seed distance */
}

void test_settings(void)
{
    family_rows();
    int words = 0, counts = 0;
    const struct setting *s;
    for (size_t i = 0; (s = setting_at(i)) != NULL; i++) {
        const struct call *takes = call_that(s, 1), *not = call_that(s, 0);
        CHECK(takes != NULL);
        CHECK(s->help && (s->kind != SETTING_CUSTOM || s->value_help));
        if (!takes)
            continue;
        if (s->kind == SETTING_WORDS) {
            word_cases(s, takes);
            words++;
        } else if (s->kind == SETTING_COUNT) {
            count_bounds(s, takes);
            counts++;
        }
        if (not) {   /* refused by name, with where it applies */
            long long v;
            char *err = try_value(s, not, s->kind == SETTING_WORDS ? s->words[0] : "1", &v);
            CHECK(err && strstr(err, not->name) && strstr(err, "applies to"));
            free(err);
        }
    }
    /* the table is not empty of either kind: a loop over nothing passes */
    CHECK(words >= 10 && counts >= 6);
}
