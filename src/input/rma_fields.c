/* rma_fields.c: what MPI allows the one-sided calls (their settings are
 * rows of registry/settings.c): one element for the atomics, integer types for
 * compare-and-swap, predefined operations for the accumulates. */
#include "input/tokens.h"

#include <stdio.h>
#include <string.h>
#include "registry/settings.h"


/* After all of a one-sided record's fields and settings: what MPI (and
 * the measurement) allows.  The reduction op, when there is one, must be
 * predefined; pairs are all pairs unless the op field chose some. */
void check_one_sided(struct line_ctx *lc, struct record *r)
{
    const struct call *c = r->call;
    if (!r->pf)
        r->pf = table_find(&pair_filter_table, "ALL");
    if (call_has(c, CALL_ONE_ELEMENT) && (r->min != 1 || r->max != 1))
        diag_add(lc->d, lc->line, r->col[F_MIN], "%s works on exactly one "
                 "element: min and max must be 1", c->name);
    if (call_has(c, CALL_INTEGER_ONLY) && r->dt && !(r->dt->cls & (TC_INT | TC_LOGICAL | TC_BYTE)))
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
    snprintf(buf, len, "sync=%s win=%s mode=%s", setting_word(setting_find("sync"), r),
             setting_word(setting_find("win"), r), setting_word(setting_find("mode"), r));
    if (r->rma != RMA_LATENCY) {
        size_t used = strlen(buf);
        snprintf(buf + used, len - used, " window=%d", r->window);
    }
    return buf;
}
