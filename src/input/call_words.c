/* call_words.c: a set of calls in words, from the call table's rows
 * (call_words.h) */
#include "input/call_words.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "input/settings_walk.h"

enum { ITEM_LEN = 160 };

/* the phrases said so far */
struct items {
    char (*text)[ITEM_LEN];
    int n;
};

/* the calls of family f (and mode m, or any when m < 0): how many, and
 * how many picked */
static void count(const struct family *f, int m, call_pick pick, const void *arg,
                  int *all, int *picked)
{
    const struct call *c;
    *all = *picked = 0;
    for (size_t i = 0; (c = table_row(&call_table, i)); i++)
        if (c->family == f && (m < 0 || (int)c->mode == m)) {
            (*all)++;
            *picked += pick(c, arg) != 0;
        }
}

/* "the [mode ]family calls[ (not X, Y)]": the group, less the calls not
 * picked */
static void group(struct items *it, const struct family *f, int m, call_pick pick,
                  const void *arg)
{
    char *t = it->text[it->n++];
    size_t at = (size_t)snprintf(t, ITEM_LEN, "the %s%s%s calls", m < 0 ? "" :
                                 call_mode_name((enum call_mode)m), m < 0 ? "" : " ",
                                 f->name);
    const struct call *c;
    const char *sep = " (not ";
    for (size_t i = 0; (c = table_row(&call_table, i)) && at < ITEM_LEN; i++)
        if (c->family == f && (m < 0 || (int)c->mode == m) && !pick(c, arg)) {
            at += (size_t)snprintf(t + at, ITEM_LEN - at, "%s%s", sep, c->name);
            sep = ", ";
        }
    if (*sep == ',' && at < ITEM_LEN)
        snprintf(t + at, ITEM_LEN - at, ")");
}

/* 1 when the calls of f (and mode m) are said as a group: enough of
 * them, and so few left out that the group says it in fewer names */
static int as_group(const struct family *f, int m, call_pick pick, const void *arg)
{
    int all, picked;
    count(f, m, pick, arg, &all, &picked);
    return picked > 0 && all >= CALL_GROUP_MIN && all - picked <= CALL_GROUP_BUT &&
           picked >= 2 * (all - picked);
}

/* family f's picked calls: the family as a group, or each of its modes
 * as a group, or the calls by name */
static void family_items(struct items *it, const struct family *f, call_pick pick,
                         const void *arg)
{
    if (as_group(f, -1, pick, arg)) {
        group(it, f, -1, pick, arg);
        return;
    }
    for (int m = 0; m < NMODES; m++) {
        if (as_group(f, m, pick, arg)) {
            group(it, f, m, pick, arg);
            continue;
        }
        const struct call *c;
        for (size_t i = 0; (c = table_row(&call_table, i)); i++)
            if (c->family == f && (int)c->mode == m && pick(c, arg))
                snprintf(it->text[it->n++], ITEM_LEN, "%s", c->name);
    }
}

/* 1 when f is first named by call i of the table */
static int first_of_family(size_t i, const struct family *f)
{
    const struct call *c;
    for (size_t j = 0; j < i && (c = table_row(&call_table, j)); j++)
        if (c->family == f)
            return 0;
    return 1;
}

/* the items joined: "A", "A and B", "A, B and C" */
static void join(const struct items *it, char *out, size_t len)
{
    size_t at = 0;
    out[0] = 0;
    for (int i = 0; i < it->n && at < len; i++)
        at += (size_t)snprintf(out + at, len - at, "%s%s",
                               i == 0 ? "" : i == it->n - 1 ? " and " : ", ", it->text[i]);
}

void call_words(call_pick pick, const void *arg, char *out, size_t len)
{
    size_t n = table_count(&call_table);
    int picked = 0;
    const struct call *c;
    for (size_t i = 0; (c = table_row(&call_table, i)); i++)
        picked += pick(c, arg) != 0;
    if ((size_t)picked == n || picked == 0) {
        snprintf(out, len, "%s", picked ? "every call" : "no call");
        return;
    }
    struct items it = {xmalloc_array(n + 1, sizeof *it.text), 0};
    for (size_t i = 0; (c = table_row(&call_table, i)); i++)
        if (first_of_family(i, c->family))
            family_items(&it, c->family, pick, arg);
    join(&it, out, len);
    free(it.text);
}

/* a call some row of the key takes */
static int takes_key(const struct call *c, const void *arg)
{
    const struct setting *s;
    for (size_t i = 0; (s = setting_at(i)) != NULL; i++)
        if (strcmp(s->key, arg) == 0 && setting_takes(s, c))
            return 1;
    return 0;
}

void setting_call_words(const char *key, char *out, size_t len)
{
    call_words(takes_key, key, out, len);
}

static int takes_row(const struct call *c, const void *arg)
{
    return setting_takes(arg, c);
}

void setting_row_call_words(const struct setting *s, char *out, size_t len)
{
    call_words(takes_row, s, out, len);
}

static int has_caps(const struct call *c, const void *arg)
{
    unsigned caps = *(const unsigned *)arg;
    return (c->caps & caps) == caps;
}

void cap_call_words(unsigned caps, char *out, size_t len)
{
    call_words(has_caps, &caps, out, len);
}
