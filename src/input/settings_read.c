/* settings_read.c: the key=value settings after a record's nine fields, read
 * by one typed parser from the registry's rows (registry/setting_rows.c):
 * counts with their bounds, words by the registry's one matching rule,
 * KEY:VALUE lists (cvar=, hint=: pairs.c), and the settings that need
 * their own reading (root=, sizes=) */
#include "input/tokens.h"

#include <stdio.h>
#include <string.h>
#include "input/call_words.h"
#include "input/settings_walk.h"

/* root=rotate on a call that cannot change its root call by call */
static void rotate_refused(struct line_ctx *lc, const struct record *r,
                           const struct token *val)
{
    char calls[1024];
    cap_call_words(CALL_ROTATES, calls, sizeof calls);
    diag_add(lc->d, lc->line, val->col, "%s makes its request for one root; "
             "root=rotate applies to %s", r->call->name, calls);
}

/* root=N, or root=rotate (call i's root is i mod P, as IMB) on the calls
 * that can change root from call to call */
static void take_root(struct line_ctx *lc, struct record *r, const struct token *val)
{
    uint64_t v;
    if (token_is(val, "rotate") && r->call && !call_has(r->call, CALL_ROTATES))
        rotate_refused(lc, r, val);
    else if (token_is(val, "rotate"))
        r->root_rotate = 1;
    else if (parse_number(lc, val, "root", 1u << 30, &v) == 0)
        r->root = (int)v;
}

/* one count of s within its bounds, into *v; 0, or -1 after the error */
static int one_count(struct line_ctx *lc, const struct setting *s, const struct token *val,
                     uint64_t *v)
{
    if (parse_number(lc, val, s->key, s->hi, v) != 0)
        return -1;
    if (*v < s->lo) {
        diag_add(lc->d, lc->line, val->col, "%s must be at least %llu", s->key,
                 (unsigned long long)s->lo);
        return -1;
    }
    return 0;
}

static void take_count(struct line_ctx *lc, struct record *r, const struct setting *s,
                       const struct token *val)
{
    uint64_t a, b;
    const char *colon = s->second ? memchr(val->s, ':', (size_t)val->len) : NULL;
    if (!colon) {
        if (one_count(lc, s, val, &a) == 0)
            setting_put(s, r, (long long)a);
        return;
    }
    /* A:B, each a count of its own, each error at its own column */
    int na = (int)(colon - val->s);
    struct token ta = {val->s, na, val->col};
    struct token tb = {colon + 1, val->len - na - 1, val->col + na + 1};
    if (na == 0 || tb.len == 0) {
        diag_add(lc->d, lc->line, val->col, "%s=%.*s: expected N or A:B, like 2:1",
                 s->key, val->len, val->s);
        return;
    }
    if (one_count(lc, s, &ta, &a) == 0 && one_count(lc, s, &tb, &b) == 0) {
        setting_put(s, r, (long long)a);
        setting_put_second(s, r, (int)b);
    }
}

static void take_word(struct line_ctx *lc, struct record *r, const struct setting *s,
                      const struct token *val)
{
    int n = 0;
    for (; s->words[n]; n++)
        if (token_is(val, s->words[n])) {
            setting_put(s, r, s->first + n);
            return;
        }
    unknown_of(lc, val, s->what, s->words, n);
}

static void refuse_key(struct line_ctx *lc, struct record *r, const struct token *key,
                       const struct setting *row);

static void take(struct line_ctx *lc, struct record *r, const struct setting *s,
                 const struct token *key, const struct token *val)
{
    const char *why = r->call ? setting_refusal(s, r->call) : NULL;
    if (why)
        refuse_key(lc, r, key, s);
    else if (s->kind == SETTING_COUNT)
        take_count(lc, r, s, val);
    else if (s->kind == SETTING_WORDS)
        take_word(lc, r, s, val);
    else if (s->kind == SETTING_PAIRS)
        take_pairs(lc, r, s, key, val);
    else if (strcmp(s->key, "root") == 0)
        take_root(lc, r, val);
    else
        take_sizes(lc, r, val);
}

/* "root=, iters=, ..., cvar=" */
static void keys_text(char *out, size_t len)
{
    size_t at = 0;
    out[0] = 0;
    const struct setting *s;
    for (size_t i = 0; (s = setting_at(i)) != NULL && at < len; i++)
        at += (size_t)snprintf(out + at, len - at, "%s%s=", i ? ", " : "", s->key);
}

/* 1 when every row of key refuses c for the same reason (tests=, which
 * the collectives, the reductions and the I/O family own: " is not a
 * non-blocking collective") */
static int one_reason(const struct token *key, const struct call *c)
{
    char first[160] = "";
    const struct setting *s;
    for (size_t i = 0; (s = setting_at(i)) != NULL; i++)
        if (token_is(key, s->key)) {
            const char *why = setting_refusal(s, c);
            if (!first[0])
                snprintf(first, sizeof first, "%s", why ? why : "");
            else if (!why || strcmp(first, why) != 0)
                return 0;
        }
    return first[0] != 0;
}

/* a setting r's call does not take: why (the row's own refusal where one
 * row, or r's family's, is to say, or the one reason every row gives;
 * else that it takes no such key), and
 * every call that does, over every row of the key ("SEND is not
 * partitioned; threads= applies to PSEND, PBW and PMSGRATE, the blocking
 * collectives, ...") */
static void refuse_key(struct line_ctx *lc, struct record *r, const struct token *key,
                       const struct setting *row)
{
    char applies[1024], why[160], name[64];
    size_t rows = 0;
    const struct setting *s, *only = row, *first = NULL;
    for (size_t i = 0; (s = setting_at(i)) != NULL; i++)
        if (token_is(key, s->key)) {
            first = first ? first : s;
            if (!row)
                only = rows ? NULL : s;
            rows++;
        }
    if (!only && one_reason(key, r->call))
        only = first;
    token_str(key, name, sizeof name);
    setting_call_words(name, applies, sizeof applies);
    if (only)
        snprintf(why, sizeof why, "%s", setting_refusal(only, r->call));
    else
        snprintf(why, sizeof why, " takes no %.*s=", key->len, key->s);
    diag_add(lc->d, lc->line, key->col, "%s%s; %.*s= applies to %s", r->call->name, why,
             key->len, key->s, applies);
}

/* seen[i]: the column where setting i was given, 0 if not yet */
static void parse_setting(struct line_ctx *lc, struct record *r, const struct token *t,
                          int *seen)
{
    const char *eq = memchr(t->s, '=', (size_t)t->len);
    char word[64];
    token_str(t, word, sizeof word);
    if (!eq) {
        char keys[512];
        keys_text(keys, sizeof keys);
        diag_add(lc->d, lc->line, t->col, "extra field '%s': a record has nine "
                 "fields, then only key=value settings (%s)", word, keys);
        return;
    }
    struct token key = {t->s, (int)(eq - t->s), t->col};
    struct token val = {eq + 1, t->len - key.len - 1, t->col + key.len + 1};
    if (val.len == 0) {
        diag_add(lc->d, lc->line, val.col, "setting '%s' has no value", word);
        return;
    }
    const char *keys[SETTINGS_MAX];
    size_t n = settings_count();
    int first = -1, own = -1;
    for (size_t i = 0; i < n && i < SETTINGS_MAX; i++) {
        const struct setting *s = setting_at(i);
        keys[i] = s->key;
        if (!token_is(&key, s->key))
            continue;
        if (first < 0)
            first = (int)i;
        /* a key several families own (threads=): the row of the record's */
        if (own < 0 && (!s->owner || (r->call && s->owner == r->call->family)))
            own = (int)i;
    }
    if (first < 0) {
        unknown_of(lc, &key, "setting", keys, (int)(n < SETTINGS_MAX ? n : SETTINGS_MAX));
        return;
    }
    if (own < 0 && r->call) {    /* no row of this key takes the record's call */
        refuse_key(lc, r, &key, NULL);
        return;
    }
    int i = own >= 0 ? own : first;
    const struct setting *s = setting_at((size_t)i);
    /* a list takes an entry each time; root=1 root=0 is an error, not
     * last-wins silently */
    if (seen[i] && s->kind != SETTING_PAIRS)
        diag_add(lc->d, lc->line, key.col, "%s= given twice (first at "
                 "column %d)", s->key, seen[i]);
    else
        take(lc, r, s, &key, &val);
    seen[i] = key.col;
}

void parse_settings(struct line_ctx *lc, struct record *r, int *seen)
{
    for (int i = NFIELDS; i < lc->ntok; i++)
        parse_setting(lc, r, &lc->tok[i], seen);
    r->window_col = setting_column(seen, "window");
}

int setting_column(const int *seen, const char *key)
{
    const struct setting *s;
    for (size_t i = 0; (s = setting_at(i)) != NULL && i < SETTINGS_MAX; i++)
        if (strcmp(s->key, key) == 0)
            return seen[i];
    return 0;
}
