/* rma_fields.c: the one-sided calls' settings (sync=, win=, mode=) and
 * what MPI allows them: one element for the atomics, integer types for
 * compare-and-swap, predefined operations for the accumulates. */
#include "input/tokens.h"

#include <stdio.h>
#include <string.h>

static const char *const sync_names[] = {"flush", "flush_local", "lock",
                                         "lock_shared", "lock_all", "fence", "pscw"};
static const char *const win_names[] = {"create", "allocate", "dynamic"};
static const char *const mode_names[] = {"latency", "bw", "bibw"};

/* the index of val among names, or -1 after complaining; also complains
 * when the record's call is not one-sided */
static int pick(struct line_ctx *lc, const struct record *r, const struct token *key,
                const struct token *val, const char *what,
                const char *const *names, int n)
{
    if (r->call && r->call->family != &family_rma) {
        diag_add(lc->d, lc->line, key->col, "%s is not one-sided; %.*s= applies "
                 "to PUT, GET, ACCUMULATE, GET_ACCUMULATE, FETCH_AND_OP and "
                 "COMPARE_AND_SWAP", r->call->name, key->len, key->s);
        return -1;
    }
    for (int i = 0; i < n; i++)
        if (token_is(val, names[i]))
            return i;
    unknown_of(lc, val, what, names, n);
    return -1;
}

void take_sync(struct line_ctx *lc, struct record *r, const struct token *key,
               const struct token *val)
{
    int i = pick(lc, r, key, val, "synchronisation", sync_names, 7);
    if (i >= 0)
        r->sync = (enum rma_sync)i;
}

void take_win(struct line_ctx *lc, struct record *r, const struct token *key,
              const struct token *val)
{
    int i = pick(lc, r, key, val, "window kind", win_names, 3);
    if (i >= 0)
        r->win = (enum rma_win)i;
}

void take_mode(struct line_ctx *lc, struct record *r, const struct token *key,
               const struct token *val)
{
    int i = pick(lc, r, key, val, "one-sided mode", mode_names, 3);
    if (i >= 0)
        r->rma = (enum rma_mode)i;
}

/* After all of a one-sided record's fields and settings: what MPI (and
 * the measurement) allows.  The reduction op, when there is one, must be
 * predefined; pairs are all pairs unless the op field chose some. */
void check_one_sided(struct line_ctx *lc, struct record *r)
{
    const struct call *c = r->call;
    if (!r->pf)
        r->pf = table_find(&pair_filter_table, "ALL");
    if (c->one_element && (r->min != 1 || r->max != 1))
        diag_add(lc->d, lc->line, r->col[F_MIN], "%s works on exactly one "
                 "element: min and max must be 1", c->name);
    if (c->integer_only && r->dt && !(r->dt->cls & (TC_INT | TC_LOGICAL | TC_BYTE)))
        diag_add(lc->d, lc->line, r->col[F_TYPE], "MPI_Compare_and_swap takes C "
                 "integer, logical and byte types; %s is a %s type", r->dt->name,
                 type_class_name(r->dt->cls));
    if (r->op && r->op->user)
        diag_add(lc->d, lc->line, r->col[F_OP], "one-sided accumulates take "
                 "predefined operations only; %s is user-defined", r->op->name);
    if (r->window_col && r->rma == RMA_LATENCY)
        diag_add(lc->d, lc->line, r->window_col, "window= applies to mode=bw and "
                 "mode=bibw; mode=latency times one operation at a time");
}

const char *rma_describe(const struct record *r, char *buf, size_t len)
{
    snprintf(buf, len, "sync=%s win=%s mode=%s", sync_names[r->sync],
             win_names[r->win], mode_names[r->rma]);
    if (r->rma != RMA_LATENCY) {
        size_t used = strlen(buf);
        snprintf(buf + used, len - used, " window=%d", r->window);
    }
    return buf;
}
