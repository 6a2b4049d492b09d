/* pairs.c: the one reader of the settings of kind SETTING_PAIRS,
 * KEY:VALUE written once per entry (cvar=NAME:VALUE, hint=KEY:VALUE):
 * both parts present, at most the row's entries, each part within its
 * size, each KEY once; every error at its column (the value's, or the
 * key's for one too many) */
#include "input/tokens.h"

#include <stdio.h>
#include <string.h>
#include "registry/settings.h"

/* the first entry of s in r whose key is key, or -1 */
static int pair_index(const struct setting *s, const struct record *r, const char *key)
{
    for (int i = 0; i < setting_pair_count(s, r); i++)
        if (strcmp(setting_pair_key(s, r, i), key) == 0)
            return i;
    return -1;
}

void take_pairs(struct line_ctx *lc, struct record *r, const struct setting *s,
                const struct token *key, const struct token *val)
{
    const struct setting_pairs *p = s->pairs;
    char text[256];
    token_str(val, text, sizeof text);
    char *colon = strchr(text, ':');
    if (!colon || colon == text || !colon[1]) {
        diag_add(lc->d, lc->line, val->col, "%s takes %s (%s), not '%s'", s->key,
                 s->value_help, p->example, text);
        return;
    }
    *colon = 0;
    if (setting_pair_count(s, r) == p->max) {
        diag_add(lc->d, lc->line, key->col, "at most %d %s= settings in a record", p->max,
                 s->key);
        return;
    }
    if (strlen(text) >= p->key_size || strlen(colon + 1) >= p->value_size) {
        diag_add(lc->d, lc->line, val->col, "%s %s: the %s (at most %zu characters) or "
                 "the value (%zu) is too long", s->key, text, p->key_word,
                 p->key_size - 1, p->value_size - 1);
        return;
    }
    int i = pair_index(s, r, text);
    if (i >= 0) {
        diag_add(lc->d, lc->line, val->col, "%s %s given twice (first at column %d)",
                 s->key, text, setting_pair_col(s, r, i));
        return;
    }
    setting_pair_add(s, r, text, colon + 1, key->col);
}
