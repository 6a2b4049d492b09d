/* tokens.h: what the record parser's files (parser.c, fields.c,
 * op_field.c) share: a line's tokens and the ways to complain about one */
#ifndef MPIGAUGE_TOKENS_H
#define MPIGAUGE_TOKENS_H

#include <stdint.h>
#include "input/diag.h"
#include "registry/record.h"
#include "registry/registry.h"

struct token {
    const char *s;
    int len;
    int col;
};

#define MAX_TOKENS 24

struct line_ctx {
    struct diag *d;
    int line;
    struct token tok[MAX_TOKENS];
    int ntok;
};

/* the token as a C string, cut to size - 1 bytes */
void token_str(const struct token *t, char *out, size_t size);
/* 1 when the token names canonical (registry/lookup.c's rules) */
int token_is(const struct token *t, const char *canonical);
/* "unknown <what> '<word>'" with a near miss, or the accepted names */
void unknown_in(struct line_ctx *lc, const struct token *t, const struct table *tab);
void unknown_of(struct line_ctx *lc, const struct token *t, const char *what,
                const char *const *names, int n);
/* a decimal count up to limit; reports and returns -1 on error */
int parse_number(struct line_ctx *lc, const struct token *t, const char *what,
                 uint64_t limit, uint64_t *out);

/* the fields of a tokenised record (fields.c), its op field (op_field.c),
 * its datatype field (type_field.c), its sizes= setting (size_list.c) */
void parse_fields(struct line_ctx *lc, struct record *r);
void parse_op(struct line_ctx *lc, struct record *r, const struct token *t);
void parse_type(struct line_ctx *lc, struct record *r, const struct token *t);
void take_sizes(struct line_ctx *lc, struct record *r, const struct token *val);
/* a KEY:VALUE list setting's entry (pairs.c: cvar=, hint=) */
struct setting;
void take_pairs(struct line_ctx *lc, struct record *r, const struct setting *s,
                const struct token *key, const struct token *val);

/* the settings after the nine fields (settings_read.c): seen[i] gets the
 * column where setting_at(i) was written, 0 if it was not */
enum { SETTINGS_MAX = 64 };
void parse_settings(struct line_ctx *lc, struct record *r, int *seen);
int setting_column(const int *seen, const char *key);


#endif
