/* repeat.c: the stopping rule for repeated blocks */
#include "measure/repeat.h"

#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "models/stats.h"

struct rule rule_from(const struct options *o)
{
    struct rule r = {o->blocks, o->adaptive, o->target, o->budget};
    if (o->like)               /* the peer's one timed loop a size */
        r.blocks = 1;
    return r;
}

void series_add(struct series *s, double us)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 64;
        s->t = xrealloc(s->t, cap * sizeof *s->t);
        s->cap = cap;
    }
    s->t[s->n++] = us;
}

void series_free(struct series *s)
{
    free(s->t);
    memset(s, 0, sizeof *s);
}

int series_met(const struct series *s, double target)
{
    if (s->n < MIN_BLOCKS_CI)
        return 0;
    double *x = xmalloc_array(s->n, sizeof *x);
    memcpy(x, s->t, s->n * sizeof *x);
    double med, lo, hi;
    median_ci(x, s->n, &med, &lo, &hi);
    free(x);
    return within_target(med, lo, hi, target);
}

int rule_more(const struct rule *r, const struct series *s, long attempts,
              double elapsed)
{
    if (!r->adaptive)
        return attempts < r->blocks;
    if (attempts >= MAX_BLOCKS)
        return 0;
    /* an interval needs MIN_BLOCKS_CI blocks: the budget bounds how long
     * the blocks go on past them, never leaves a size without one (on a
     * loaded machine a budget of 0.05 s once ended a size at 4 blocks) */
    if (s->n < MIN_BLOCKS_CI)
        return 1;
    if (elapsed >= r->budget)
        return 0;
    return !series_met(s, r->target);
}
