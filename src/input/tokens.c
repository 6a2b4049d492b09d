/* tokens.c: a record line's tokens, and the messages about them */
#include "input/tokens.h"

#include <string.h>

void token_str(const struct token *t, char *out, size_t size)
{
    size_t n = (size_t)t->len < size - 1 ? (size_t)t->len : size - 1;
    memcpy(out, t->s, n);
    out[n] = 0;
}

int token_is(const struct token *t, const char *canonical)
{
    char word[64];
    token_str(t, word, sizeof word);
    return name_matches(word, canonical);
}

void unknown_of(struct line_ctx *lc, const struct token *t, const char *what,
                const char *const *names, int n)
{
    char word[64];
    token_str(t, word, sizeof word);
    const char *near = suggest(word, names, n);
    if (near) {
        diag_add(lc->d, lc->line, t->col, "unknown %s '%s'; did you mean %s?",
                 what, word, near);
        return;
    }
    char list[1024] = "";
    for (int i = 0; i < n; i++) {
        if (strlen(list) + strlen(names[i]) + 3 >= sizeof list)
            break;
        if (i)
            strcat(list, " ");
        strcat(list, names[i]);
    }
    diag_add(lc->d, lc->line, t->col, "unknown %s '%s'; accepted: %s", what,
             word, list);
}

void unknown_in(struct line_ctx *lc, const struct token *t, const struct table *tab)
{
    const char *names[128];
    int n = 0;
    for (size_t i = 0; n < 128 && table_name(tab, i); i++)
        names[n++] = table_name(tab, i);
    unknown_of(lc, t, tab->what, names, n);
}

int parse_number(struct line_ctx *lc, const struct token *t, const char *what,
                 uint64_t limit, uint64_t *out)
{
    char word[64];
    token_str(t, word, sizeof word);
    if (t->s[0] == '-') {
        diag_add(lc->d, lc->line, t->col, "%s '%s' is negative", what, word);
        return -1;
    }
    uint64_t v = 0;
    for (int i = 0; i < t->len; i++) {
        unsigned char c = (unsigned char)t->s[i];
        if (c < '0' || c > '9') {
            diag_add(lc->d, lc->line, t->col,
                     "%s '%s' is not a number (write a whole number of "
                     "elements, like 1024)", what, word);
            return -1;
        }
        if (v > (UINT64_MAX - (c - '0')) / 10) {
            diag_add(lc->d, lc->line, t->col, "%s '%s' is too large (at most "
                     "%llu)", what, word, (unsigned long long)limit);
            return -1;
        }
        v = v * 10 + (c - '0');
    }
    if (v > limit) {
        diag_add(lc->d, lc->line, t->col, "%s %llu is too large (at most %llu)",
                 what, (unsigned long long)v, (unsigned long long)limit);
        return -1;
    }
    *out = v;
    return 0;
}
