/* barrier.h: running a barrier pattern (barrier.c) */
#ifndef MPIGAUGE_BARRIER_H
#define MPIGAUGE_BARRIER_H

#include "bench.h"
#include "pattern.h"

/* this rank's persistent requests, stage by stage */
struct patrun {
    int nstages;
    int *nreq;
    MPI_Request **req;
};

/* MPI_Waitall with MPI_STATUSES_IGNORE */
void waitall(int n, MPI_Request *req);

void patrun_init(struct patrun *pr, const struct bpattern *bp, const struct bench *b);
void patrun_exec(const struct patrun *pr);
void patrun_free(struct patrun *pr);

/* Warm-up, then iters barriers of pr (MPI_Barrier when NULL) timed as a
 * loop (returns seconds per call: no timer inside the loop), then iters
 * more each timed on its own into t[] (seconds).  Two blocks, because
 * timing every call adds two clock reads to each (8% of a 0.47 us
 * MPI_Barrier here). */
double barrier_time(struct bench *b, const struct patrun *pr, long warmup,
                    long iters, double *t);

#endif
