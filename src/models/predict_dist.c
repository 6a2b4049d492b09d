/* predict_dist.c: what users wait for, not only the typical barrier.
 * The event model runs PREDICT_SETTLE iterations to settle, then draws
 * iterations whose every flight takes a deviation from its pair's
 * measured tail (predict.c's deviation()), and the durations' median,
 * mean and 90th percentile are the prediction.  Barriers that start
 * alone (--sync window) are drawn one at a time from a simultaneous
 * start instead. */
#include "models/predict_dist.h"

#include <stdlib.h>
#include "base/base.h"
#include "models/stats.h"

int predict_draws(long edges)
{
    long n = edges > 0 ? PREDICT_EVENTS / edges : PREDICT_DRAWS;
    if (n > PREDICT_DRAWS)
        n = PREDICT_DRAWS;
    return n < PREDICT_DRAWS_MIN ? PREDICT_DRAWS_MIN : (int)n;
}

/* the draws' mean, median and 90th percentile into d */
static void summarise(double *each, struct barrier_dist *d)
{
    for (int i = 0; i < d->draws; i++)
        d->mean += each[i] / d->draws;
    struct tail t = tail_of(each, (size_t)d->draws);
    d->median = t.p50;
    d->p90 = t.p90;
}

struct barrier_dist predict_barrier_dist(const struct bpattern *bp,
                                         const struct signal_costs *c,
                                         const double *edge_bytes,
                                         enum signal_kind kind, double per_iteration)
{
    struct barrier_dist d = {0, 0, 0, c->tail ? predict_draws(bpattern_edges(bp))
                                              : PREDICT_AVERAGED};
    /* the start predict_barrier takes: rank i twice a typical barrier late */
    struct signal_costs typical = *c;
    typical.tail = NULL;
    double once = predict_barrier_from(bp, &typical, edge_bytes, kind, per_iteration,
                                       NULL);
    size_t p = (size_t)(bp->p > 0 ? bp->p : 1);
    double *begin = xmalloc_array(p, sizeof *begin);
    for (size_t i = 0; i < p; i++)
        begin[i] = (double)i * (2 * once + 1);
    double *each = xmalloc_array((size_t)d.draws, sizeof *each);
    predict_barrier_series(bp, c, edge_bytes, kind, per_iteration, begin,
                           PREDICT_SETTLE, d.draws, PREDICT_SEED, each);
    summarise(each, &d);
    free(each);
    free(begin);
    return d;
}

struct barrier_dist predict_barrier_dist_alone(const struct bpattern *bp,
                                               const struct signal_costs *c,
                                               const double *edge_bytes,
                                               enum signal_kind kind,
                                               double per_iteration)
{
    struct barrier_dist d = {0, 0, 0, c->tail ? predict_draws(bpattern_edges(bp)) : 1};
    double *each = xmalloc_array((size_t)d.draws, sizeof *each);
    for (int i = 0; i < d.draws; i++)
        predict_barrier_series(bp, c, edge_bytes, kind, per_iteration, NULL, 0, 1,
                               PREDICT_SEED + (unsigned long long)i, &each[i]);
    summarise(each, &d);
    free(each);
    return d;
}
