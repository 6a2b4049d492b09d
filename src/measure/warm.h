/* warm.h: a size's warm-up, steady wherever the size comes in the run */
#ifndef MPIGAUGE_WARM_H
#define MPIGAUGE_WARM_H

#include "measure/trial.h"

/* Two warm-up steps agree when their times per call are within this
 * fraction of each other. */
#define WARM_STEADY 0.05
/* ... or their whole times within this many seconds (the clock's grain,
 * and a rank that sits out, whose empty loops take none) */
#define WARM_FLOOR_S 1e-6
/* At most this many steps after the first two ... */
#define WARM_MORE_STEPS 16
/* ... and no more than this many seconds of them on any rank. */
#define WARM_MORE_S 0.05
/* A record's first warm-up runs at least this long (not under SMPI) */
#define WARM_FIRST_S 0.02

/* 1 when a step of n calls at last seconds per call agrees with the one
 * before it (prev seconds per call); 0 otherwise, and for a NaN. */
int warm_steady(double prev, double last, long n);

/* The warm-up: iters untimed iterations (at least one when pilot is set)
 * in two halves, then more steps of a half until the last two agree
 * (every rank of the communicator, or both of the pair, deciding
 * together), unless the user fixed the count (warmup=, --warmup).
 * Returns this rank's seconds per iteration over its last step. */
double warm_collective(struct trial *t, long iters, int pilot);
double warm_pair(struct trial *t, long iters, int pilot);

#endif
