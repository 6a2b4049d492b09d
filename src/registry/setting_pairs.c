/* setting_pairs.c: the entries of a KEY:VALUE list setting (cvar=,
 * hint=) where its row says they are: in the record, or in the family's
 * own settings (settings.h's struct setting_pairs) */
#include "registry/settings.h"

#include <stdio.h>
#include <string.h>
#include "registry/record.h"

/* the list's base: the record, or the family's own struct */
static const unsigned char *base_of(const struct setting *s, const struct record *r)
{
    return s->owner ? r->own.bytes : (const unsigned char *)r;
}

/* SETTING_PAIRS: entry i of s's list in r, and the list's count */
static const unsigned char *pair_at(const struct setting *s, const struct record *r, int i)
{
    return base_of(s, r) + s->offset + (size_t)i * s->pairs->stride;
}

static int *pair_count_at(const struct setting *s, const struct record *r)
{
    return (int *)(void *)(base_of(s, r) + s->pairs->count);
}

int setting_pair_count(const struct setting *s, const struct record *r)
{
    return s->kind == SETTING_PAIRS ? *pair_count_at(s, r) : 0;
}

const char *setting_pair_key(const struct setting *s, const struct record *r, int i)
{
    return (const char *)pair_at(s, r, i) + s->pairs->key_at;
}

int setting_pair_col(const struct setting *s, const struct record *r, int i)
{
    int col;
    memcpy(&col, pair_at(s, r, i) + s->pairs->col_at, sizeof col);
    return col;
}

void setting_pair_add(const struct setting *s, struct record *r, const char *key,
                      const char *value, int col)
{
    const struct setting_pairs *p = s->pairs;
    int *n = pair_count_at(s, r);
    unsigned char *e = (unsigned char *)pair_at(s, r, *n);
    snprintf((char *)e + p->key_at, p->key_size, "%s", key);
    snprintf((char *)e + p->value_at, p->value_size, "%s", value);
    memcpy(e + p->col_at, &col, sizeof col);
    ++*n;
}
