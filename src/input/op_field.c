/* op_field.c: the op field of a record, which means three things by the
 * family of the call: a reduction operation, NOP or DETAIL (with an
 * optional pair criterion) for point-to-point, a pattern for BARRIER. */
#include "input/tokens.h"

#include <stdio.h>
#include <string.h>
#include "input/call_words.h"

/* "no operation": NOP, or the framework seed's NONE */
static int is_nop(const struct token *t)
{
    return token_is(t, "NOP") || token_is(t, "NONE");
}

/* SAMPLE:N's N: how many pairs */
static void sample_size(struct line_ctx *lc, struct record *r,
                        const struct token *arg, int given)
{
    uint64_t v;
    if (!given || arg->len == 0)
        diag_add(lc->d, lc->line, arg->col, "SAMPLE needs a number of pairs: "
                 "NOP:SAMPLE:100");
    else if (parse_number(lc, arg, "pairs", 1ULL << 40, &v) == 0) {
        if (v == 0)
            diag_add(lc->d, lc->line, arg->col, "SAMPLE needs at least 1 pair");
        r->sample = (long)v;
    }
}

/* NOP (NONE) or DETAIL, optionally :CRITERION (DETAIL:CROSS-NODE) */
static void op_pairs(struct line_ctx *lc, struct record *r, const struct token *t)
{
    static const char *const ops[] = {"NOP", "DETAIL"};
    const char *colon = memchr(t->s, ':', (size_t)t->len);
    struct token op = {t->s, colon ? (int)(colon - t->s) : t->len, t->col};
    r->pf = table_find(&pair_filter_table, "ALL");
    if (is_nop(&op))
        r->pairs = PAIRS_NOP;
    else if (token_is(&op, "DETAIL"))
        r->pairs = PAIRS_DETAIL;
    else
        unknown_of(lc, &op, "point-to-point op", ops, 2);
    if (!colon)
        return;
    struct token crit = {colon + 1, t->len - op.len - 1, t->col + op.len + 1};
    const char *colon2 = memchr(crit.s, ':', (size_t)crit.len);
    struct token arg = {colon2 ? colon2 + 1 : crit.s + crit.len,
                        colon2 ? (int)(crit.s + crit.len - colon2 - 1) : 0, 0};
    if (colon2)
        crit.len = (int)(colon2 - crit.s);
    arg.col = crit.col + crit.len + 1;
    char name[64];
    token_str(&crit, name, sizeof name);
    r->pf = table_find(&pair_filter_table, name);
    if (!r->pf)
        unknown_in(lc, &crit, &pair_filter_table);
    else if (r->pf->sample)
        sample_size(lc, r, &arg, colon2 != NULL);
    else if (colon2)
        diag_add(lc->d, lc->line, arg.col, "%s takes no argument", r->pf->name);
}

/* the argument after NAME: of a pattern: FILE's path or TREE's arity */
static void pattern_arg(struct line_ctx *lc, struct record *r,
                        const struct token *arg, int has_colon)
{
    if (strcmp(r->pattern->name, "FILE") == 0) {
        if (arg->len == 0)
            diag_add(lc->d, lc->line, arg->col, "FILE needs a path: FILE:patterns/mine.pat");
        else if (arg->len >= (int)sizeof r->pattern_file)
            diag_add(lc->d, lc->line, arg->col, "path longer than %zu bytes",
                     sizeof r->pattern_file - 1);
        else
            snprintf(r->pattern_file, sizeof r->pattern_file, "%.*s", arg->len, arg->s);
        return;
    }
    if (!has_colon)
        return;
    if (r->pattern->default_arg == 0) {
        diag_add(lc->d, lc->line, arg->col, "%s takes no argument", r->pattern->name);
        return;
    }
    uint64_t v;
    if (parse_number(lc, arg, "arity", 64, &v) == 0) {
        if (v < 2)
            diag_add(lc->d, lc->line, arg->col, "arity must be 2 to 64");
        r->pattern_arg = (int)v;
    }
}

/* NAME or NAME:ARG (TREE:4, FILE:patterns/ring.pat) */
static void op_pattern(struct line_ctx *lc, struct record *r, const struct token *t)
{
    const char *colon = memchr(t->s, ':', (size_t)t->len);
    struct token name = {t->s, colon ? (int)(colon - t->s) : t->len, t->col};
    char nm[64];
    token_str(&name, nm, sizeof nm);
    r->pattern = table_find(&pattern_table, nm);
    if (!r->pattern) {
        unknown_in(lc, &name, &pattern_table);
        return;
    }
    r->pattern_arg = r->pattern->default_arg;
    struct token arg = {colon ? colon + 1 : t->s + t->len,
                        colon ? t->len - name.len - 1 : 0, t->col + name.len + 1};
    pattern_arg(lc, r, &arg, colon != NULL);
}

static void op_reduction(struct line_ctx *lc, struct record *r, const struct token *t)
{
    char word[64];
    token_str(t, word, sizeof word);
    r->op = table_find(&op_table, word);
    if (!r->op) {
        unknown_in(lc, t, &op_table);
        return;
    }
    if (r->op->needs && !call_has(r->call, r->op->needs)) {
        char calls[1024];
        cap_call_words(r->op->needs, calls, sizeof calls);
        diag_add(lc->d, lc->line, t->col, "MPI allows %s only in %s; %s is not one",
                 r->op->name, calls, r->call->name);
        return;
    }
    if (!r->dt || (r->op->classes & r->dt->cls))
        return;
    /* MPI 2.2+ calls CHAR a character type with no reductions, but the
     * framework seed reduces it and the libraries accept it: taken as a
     * 1-byte integer here, and the plan asks the library (char_probe.c).
     * Only for the collective reductions the seed lists: one-sided
     * accumulates keep to the standard. */
    if (r->dt->cls == TC_CHAR && (r->op->classes & TC_INT) && !r->op->user &&
        r->call->family == &family_reduce)
        return;
    char allowed[256];
    type_classes_text(r->op->classes, allowed, sizeof allowed);
    diag_add(lc->d, lc->line, t->col,
             "MPI does not define %s on %s (a %s type); %s applies to: %s%s",
             r->op->name, r->dt->name, type_class_name(r->dt->cls), r->op->name,
             allowed, r->dt->cls == TC_CHAR ? " (SIGNED_CHAR is the 1-byte C "
             "integer)" : "");
}

void parse_op(struct line_ctx *lc, struct record *r, const struct token *t)
{
    char word[64];
    switch (r->call->opk) {
    case OPK_PAIRS:
        op_pairs(lc, r, t);
        return;
    case OPK_PATTERN:
        op_pattern(lc, r, t);
        return;
    case OPK_REDUCTION:
        op_reduction(lc, r, t);
        return;
    case OPK_NONE:
        token_str(t, word, sizeof word);
        if (!is_nop(t))
            diag_add(lc->d, lc->line, t->col, "%s takes no operation: write NOP "
                     "here, not '%s'", r->call->name, word);
        return;
    }
}
