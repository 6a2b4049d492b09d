/* predict_dist.h: the distribution of a barrier's time, by drawing every
 * signal's flight from the measured tail of its pair over many simulated
 * iterations (the event model of predict.h) */
#ifndef MPIGAUGE_PREDICT_DIST_H
#define MPIGAUGE_PREDICT_DIST_H

#include "models/predict.h"

/* iterations drawn after PREDICT_SETTLE: as many as a record times by
 * default, fewer for big patterns (PREDICT_EVENTS signals in all, at
 * least PREDICT_DRAWS_MIN) */
#define PREDICT_DRAWS 2000
#define PREDICT_DRAWS_MIN 200
#define PREDICT_EVENTS 20000000L

/* the per-iteration duration on the slowest rank: median, mean and the
 * 90th percentile (nearest rank, as the data file's p90_us) */
struct barrier_dist {
    double median, mean, p90;
    int draws;                 /* iterations behind them */
};

/* c->tail NULL: every iteration the deterministic one, so median = mean =
 * p90 = predict_barrier's value.  Ranks start as predict_barrier starts
 * them. */
struct barrier_dist predict_barrier_dist(const struct bpattern *bp,
                                         const struct signal_costs *c,
                                         const double *edge_bytes,
                                         enum signal_kind kind, double per_iteration);

/* The same for barriers that each start alone, every rank at once (what
 * --sync window measures): each draw one iteration from a simultaneous
 * start, drawn with its own seed (PREDICT_SEED + draw). */
struct barrier_dist predict_barrier_dist_alone(const struct bpattern *bp,
                                               const struct signal_costs *c,
                                               const double *edge_bytes,
                                               enum signal_kind kind,
                                               double per_iteration);

/* the draws for a pattern of `edges` signals */
int predict_draws(long edges);

#endif
