/* test_settings.c: every row of the settings table, read from the table:
 * each word in any case, each count at its bounds and past them, each
 * refusal naming where the setting applies */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "base/gpu.h"

#include "input/call_words.h"
#include "input/parser.h"
#include "input/settings_walk.h"
#include "unit.h"
#include <jansson.h>
#include "models/schedule.h"
#include "registry/record_view.h"

/* the first call that takes s (want 1) or does not (want 0) */
/* a call that takes s (want 1) or does not (0); threads= written on a
 * call with a threaded form (SEND) makes the record that form's, which
 * takes it: such a call is no refusal's example */
static const struct call *call_that(const struct setting *s, int want)
{
    const struct call *c;
    for (size_t i = 0; (c = table_row(&call_table, i)); i++)
        if (setting_takes(s, c) == want &&
            (want || strcmp(s->key, "threads") != 0 || !call_threaded_form(c)))
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
    /* A:B only where the row takes a second value, each part in bounds
     * (the second's errors, at its own column, tests/threads.sh checks) */
    snprintf(text, sizeof text, "%llu:%llu", (unsigned long long)s->lo,
             (unsigned long long)s->lo);
    err = try_value(s, c, text, &v);
    CHECK(s->second ? !err && (unsigned long long)v == s->lo : err != NULL);
    free(err);
    if (s->second) {
        snprintf(text, sizeof text, "%llu:%llu", (unsigned long long)s->hi + 1,
                 (unsigned long long)s->lo);
        err = try_value(s, c, text, &v);
        CHECK(err && strstr(err, "too large"));
        free(err);
        err = try_value(s, c, "2:", &v);
        CHECK(err && strstr(err, "expected N or A:B"));
        free(err);
    }
}

/* the errors of "CALL INT 1 1 MUL 2 WORLD NOP 0 " + settings, joined
 * (a fresh string), and the record's entries of s in *n */
static char *pairs_line(const struct setting *s, const struct call *c,
                        const char *settings, int *n)
{
    char line[2048];
    snprintf(line, sizeof line, "%s INT 1 1 MUL 2 WORLD NOP 0 %s\n", c->name, settings);
    struct recordset rs = {0};
    struct diag d;
    diag_init(&d, "t.in");
    parse_records(line, strlen(line), &rs, &d);
    size_t len = 1;
    for (int i = 0; i < d.kept; i++)
        len += strlen(d.msg[i]) + 1;
    char *all = calloc(1, len);
    for (int i = 0; i < d.kept; i++)
        strcat(strcat(all, d.msg[i]), "\n");
    *n = rs.n == 1 ? setting_pair_count(s, &rs.rec[0]) : -1;
    recordset_free(&rs);
    diag_free(&d);
    return all;
}

/* a KEY:VALUE list (cvar=, hint=): entries up to its bound, each key
 * once, each part within its size, a part missing named */
static void pair_cases(const struct setting *s, const struct call *c)
{
    const struct setting_pairs *p = s->pairs;
    char set[1600] = "", e[2000], key[300];
    int n, at = 0;
    for (int i = 0; i < p->max; i++)
        at += snprintf(set + at, sizeof set - (size_t)at, "%s=k%d:v%d ", s->key, i, i);
    char *err = pairs_line(s, c, set, &n);
    CHECK(n == p->max && !strstr(err, s->key));
    free(err);
    snprintf(e, sizeof e, "%s%s=kx:vx", set, s->key);
    err = pairs_line(s, c, e, &n);
    snprintf(key, sizeof key, "at most %d %s= settings in a record", p->max, s->key);
    CHECK(strstr(err, key) != NULL);
    free(err);
    snprintf(e, sizeof e, "%s=a:1 %s=a:2", s->key, s->key);
    err = pairs_line(s, c, e, &n);
    snprintf(key, sizeof key, "%s a given twice (first at column %zu)", s->key,
             strlen(c->name) + strlen(" INT 1 1 MUL 2 WORLD NOP 0 ") + 1);
    CHECK(strstr(err, key) != NULL && n == 1);
    free(err);
    memset(key, 'k', p->key_size);
    key[p->key_size] = 0;
    snprintf(e, sizeof e, "%s=%s:1", s->key, key);
    err = pairs_line(s, c, e, &n);
    CHECK(strstr(err, "is too long") != NULL && n == 0);
    free(err);
    key[p->key_size - 1] = 0;    /* at its size: taken */
    snprintf(e, sizeof e, "%s=%s:1", s->key, key);
    err = pairs_line(s, c, e, &n);
    CHECK(!strstr(err, s->key) && n == 1);
    free(err);
    const char *bad[] = {"novalue", ":v", "k:"};
    for (int i = 0; i < 3; i++) {
        snprintf(e, sizeof e, "%s=%s", s->key, bad[i]);
        err = pairs_line(s, c, e, &n);
        snprintf(key, sizeof key, "%s takes %s", s->key, s->value_help);
        CHECK(strstr(err, key) != NULL && n == 0);
        free(err);
    }
}

/* the bytes a row of s fills from its offset: the field, its second
 * value, a list's entries and count */
static size_t row_end(const struct setting *s)
{
    size_t end = s->offset + (s->store == STORE_LONG ? sizeof(long)
                              : s->store == STORE_U64 ? sizeof(uint64_t) : sizeof(int));
    if (s->second && s->second + sizeof(int) > end)
        end = s->second + sizeof(int);
    if (s->kind == SETTING_PAIRS) {
        end = s->offset + (size_t)s->pairs->max * s->pairs->stride;
        if (s->pairs->count + sizeof(int) > end)
            end = s->pairs->count + sizeof(int);
    }
    return end;
}

/* a family's own_size (fio's option_struct_size) holds each of its rows,
 * fits the record's room, and is 0 only for a family without rows */
static void own_sizes(void)
{
    const struct setting *s;
    int sized = 0;
    for (size_t i = 0; (s = setting_at(i)) != NULL; i++) {
        if (!s->owner)
            continue;
        CHECK(s->owner->own_size > 0 && s->owner->own_size <= sizeof(union record_own));
        CHECK(row_end(s) <= s->owner->own_size);
        sized += s->kind == SETTING_PAIRS;
    }
    CHECK(sized >= 1);        /* hint= */
}

/* a record's walk (record_setting_at): every common row and its
 * family's rows once each, a family row right before the common row its
 * `before` names (the place a moved row had: tests= before recv=), or
 * after them all */
static void walk_order(void)
{
    const struct call *c;
    int placed = 0;
    for (size_t k = 0; (c = table_row(&call_table, k)); k++) {
        struct record r = {.call = c};
        const struct setting *s, *t;
        size_t n = 0;
        for (size_t i = 0; (s = record_setting_at(&r, i)) != NULL; i++, n++) {
            if (!s->owner)
                continue;
            for (size_t j = i + 1; (t = record_setting_at(&r, j)) != NULL; j++)
                if (!t->owner) {
                    CHECK(s->before && strcmp(t->key, s->before) == 0);
                    break;
                }
            placed += s->before != NULL;
        }
        CHECK(n == settings_common_count() + (size_t)c->family->nsettings);
    }
    CHECK(placed > 0);
}

/* a common key is no family's, a family has a key once, and a key that
 * several families own (threads=) is the same kind of value in each (the
 * parser takes the row of the record's family); a family's own rows only
 * for its calls: a record of one of them gets the rows' defaults in its
 * own storage, a record of another family's call is refused the key */
static void family_rows(void)
{
    const struct setting *s, *o;
    int owned = 0;
    for (size_t i = 0; (s = setting_at(i)) != NULL; i++) {
        for (size_t j = i + 1; (o = setting_at(j)) != NULL; j++)
            CHECK(strcmp(s->key, o->key) != 0 ||
                  (s->owner && o->owner && s->owner != o->owner && s->kind == o->kind));
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

/* the facts of the one record on line, on communicators of p ranks */
static struct facts facts_of(const char *line, int p, struct recordset *rs)
{
    struct diag d;
    diag_init(&d, "t.in");
    parse_records(line, strlen(line), rs, &d);
    CHECK(d.count == 0 && rs->n == 1);
    diag_free(&d);
    return rs->n == 1 ? record_facts(&rs->rec[0], p) : (struct facts){0};
}

/* a family's facts (registry/facts.c): PERMUTATION's seed and matchings
 * (a partner per rank, pairs that agree), its header line and sentence;
 * PSEND's partitions; LATENCY_MT's threads= and comm=; none for BCAST */
/* hint=: the I/O family's library facts before any file is opened (the
 * read-back itself: tests/io.sh), and none for a record without hints */
static void hint_facts(void)
{
    struct recordset rs = {0};
    struct facts f = facts_of("FILE_WRITE INT 1 1 MUL 2 WORLD NOP 0 hint=cb_nodes:2 "
                              "hint=a:b\n", 2, &rs);
    json_t *h = json_object_get(f.library_json, "hints");
    CHECK(json_array_size(h) == 2 && f.json == NULL);
    CHECK(strcmp(json_string_value(json_object_get(json_array_get(h, 1), "key")), "a") == 0);
    CHECK(strcmp(json_string_value(json_object_get(json_array_get(h, 0), "state")),
                 "not read") == 0 &&
          json_is_null(json_object_get(json_array_get(h, 0), "library_value")));
    CHECK(f.library && strncmp(f.library, "# hint cb_nodes=2: given to MPI_File_open", 41) == 0);
    CHECK(f.after && strstr(f.after, "# hint read back a=b: not read back (this rank "
                            "opened no file)\n") != NULL);
    CHECK(f.after_prose && strncmp(f.after_prose, "  Hint cb_nodes=2: not read back", 32) == 0);
    facts_free(&f);
    CHECK(!f.library && !f.library_json && !f.after && !f.after_prose);
    recordset_free(&rs);
    rs = (struct recordset){0};
    f = facts_of("FILE_WRITE INT 1 1 MUL 2 WORLD NOP 0\n", 2, &rs);
    CHECK(!f.library && !f.library_json && !f.after && !f.after_prose);
    recordset_free(&rs);
}

static void test_facts(void)
{
    struct recordset rs = {0};
    struct facts f = facts_of("PERMUTATION INT 1 1 MUL 2 WORLD NOP 0 seed=7\n", 6, &rs);
    json_t *m = json_object_get(json_object_get(f.json, "fabric"), "matchings");
    CHECK(json_integer_value(json_object_get(json_object_get(f.json, "fabric"), "seed")) == 7);
    CHECK(json_array_size(m) == MATCHINGS);
    for (size_t i = 0; i < json_array_size(m); i++) {
        json_t *one = json_array_get(m, i);
        CHECK(json_array_size(one) == 6);
        for (int r = 0; r < 6; r++) {
            json_int_t q = json_integer_value(json_array_get(one, (size_t)r));
            CHECK(q >= 0 && q < 6 && q != r &&
                  json_integer_value(json_array_get(one, (size_t)q)) == r);
        }
    }
    CHECK(f.header && strncmp(f.header, "# permutations: seed 7, 4 random", 32) == 0);
    CHECK(f.prose && strncmp(f.prose, "  Permutations: seed 7", 22) == 0);
    facts_free(&f);
    CHECK(f.json == NULL && f.header == NULL && f.prose == NULL);
    recordset_free(&rs);
    rs = (struct recordset){0};
    f = facts_of("FAN_IN INT 1 1 MUL 2 WORLD NOP 0 window=2\n", 40, &rs);
    json_t *slots = json_object_get(json_object_get(f.json, "fabric"), "root_slots");
    CHECK(json_integer_value(json_object_get(slots, "senders")) == 39 &&
          json_is_true(json_object_get(slots, "in_turns")) && f.prose == NULL &&
          f.header && strncmp(f.header, "# fan-in: the root receives into", 32) == 0);
    facts_free(&f);
    recordset_free(&rs);
    rs = (struct recordset){0};
    f = facts_of("LATENCY_MT INT 1 1 MUL 2 WORLD NOP 0 threads=3 comm=per-thread\n", 2, &rs);
    CHECK(json_integer_value(json_object_get(json_object_get(f.json, "threads"),
                                             "threads")) == 3);
    CHECK(strcmp(json_string_value(json_object_get(json_object_get(f.json, "threads"),
                                                   "comm")), "per-thread") == 0);
    facts_free(&f);
    recordset_free(&rs);
    rs = (struct recordset){0};
    f = facts_of("BCAST INT 1 1 MUL 2 WORLD NOP 0\n", 4, &rs);
    CHECK(f.json == NULL && f.header == NULL && f.prose == NULL);
    recordset_free(&rs);
#if HAVE_MPI4
    rs = (struct recordset){0};
    f = facts_of("PSEND INT 8 8 MUL 2 WORLD NOP 0 partitions=4 complete=parrived\n", 2, &rs);
    json_t *parts = json_object_get(f.json, "partitions");
    CHECK(json_integer_value(json_object_get(parts, "count")) == 4 &&
          strcmp(json_string_value(json_object_get(parts, "complete")), "parrived") == 0 &&
          f.header && strstr(f.header, "MPI_Parrived") != NULL);
    facts_free(&f);
    recordset_free(&rs);
#endif
}

/* threads= on SEND and BW makes the record LATENCY_MT or BW_MT, the
 * call written kept; MSGRATE has no threaded form and refuses it; no
 * threads= leaves the call alone; mem=, rmem= and staged= into the record */
static void threaded_forms(void)
{
    const char *text = "SEND DOUBLE 1 8 MUL 2 WORLD NOP 0 threads=2:1\n"
                       "bw DOUBLE 1 8 MUL 2 WORLD NOP 0 THREADS=3\n"
                       "SEND DOUBLE 1 8 MUL 2 WORLD NOP 0 mem=device rmem=host staged=1\n"
                       "MSGRATE DOUBLE 1 8 MUL 2 WORLD NOP 0 threads=2\n";
    struct recordset rs = {0};
    struct diag d;
    diag_init(&d, "t.in");
    parse_records(text, strlen(text), &rs, &d);
    CHECK(rs.n == 4);
    if (rs.n == 4) {
        CHECK(strcmp(rs.rec[0].call->name, "LATENCY_MT") == 0 && rs.rec[0].written_as &&
              strcmp(rs.rec[0].written_as->name, "SEND") == 0 &&
              record_setting_row(&rs.rec[0], "threads") &&
              setting_get(record_setting_row(&rs.rec[0], "threads"), &rs.rec[0]) == 2);
        CHECK(strcmp(rs.rec[1].call->name, "BW_MT") == 0 &&
              strcmp(rs.rec[1].written_as->name, "BW") == 0);
        CHECK(strcmp(rs.rec[2].call->name, "SEND") == 0 && !rs.rec[2].written_as &&
              rs.rec[2].mem == MEM_DEVICE && rs.rec[2].rmem == MEM_HOST &&
              rs.rec[2].staged == 1 && record_wants_gpu(&rs.rec[2]));
    }
    CHECK(d.kept == 1 && strncmp(d.msg[0], "t.in:4:", 7) == 0 && strstr(d.msg[0], "MSGRATE"));
    recordset_free(&rs);
    diag_free(&d);
}

void test_settings(void)
{
    family_rows();
    own_sizes();
    walk_order();
    hint_facts();
    threaded_forms();
    test_facts();
    int words = 0, counts = 0, lists = 0;
    const struct setting *s;
    for (size_t i = 0; (s = setting_at(i)) != NULL; i++) {
        const struct call *takes = call_that(s, 1), *not = call_that(s, 0);
        CHECK(takes != NULL);
        CHECK(s->help && ((s->kind != SETTING_CUSTOM && s->kind != SETTING_PAIRS) ||
                          s->value_help));
        CHECK((s->kind == SETTING_PAIRS) == (s->pairs != NULL));
        if (!takes)
            continue;
        if (s->kind == SETTING_WORDS) {
            word_cases(s, takes);
            words++;
        } else if (s->kind == SETTING_COUNT) {
            count_bounds(s, takes);
            counts++;
        } else if (s->kind == SETTING_PAIRS) {
            pair_cases(s, takes);
            lists++;
        }
        if (not) {   /* refused by name, with where it applies: the rows' calls */
            long long v;
            char *err = try_value(s, not, s->kind == SETTING_WORDS ? s->words[0] : "1", &v);
            char calls[1024], want[1100];
            setting_call_words(s->key, calls, sizeof calls);
            snprintf(want, sizeof want, "%s= applies to %s", s->key, calls);
            CHECK(err && strstr(err, not->name) && strstr(err, want));
            free(err);
        }
    }
    /* the table is not empty of either kind: a loop over nothing passes */
    CHECK(words >= 10 && counts >= 6 && lists >= 2);
}
