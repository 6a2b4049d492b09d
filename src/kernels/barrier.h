/* barrier.h: running a barrier pattern (barrier.c) */
#ifndef MPIGAUGE_BARRIER_H
#define MPIGAUGE_BARRIER_H

#include "kernels/kernel.h"
#include "models/pattern.h"

/* this rank's persistent requests, stage by stage */
struct patrun {
    int nstages;
    int *nreq;
    MPI_Request **req;
    char *sbuf, *rbuf;         /* payload=exchange: buffers of its own */
};

/* Elements each signal carries, in the order of the stages' edges: the
 * record's n, or with payload=exchange n for every rank the sender knows
 * of and the receiver does not.  An array (free it). */
long *signal_elements(const struct bpattern *bp, const struct record *r, long n);

void patrun_init(struct patrun *pr, const struct bpattern *bp, const struct kernel *k);
void patrun_free(struct patrun *pr);

/* iters barriers: the pattern's stages, or MPI_Barrier on comm when pr is
 * NULL */
void barrier_run(const struct patrun *pr, MPI_Comm comm, long iters);

/* iters barriers, each timed on its own into t[] (seconds) */
void barrier_run_timed(const struct patrun *pr, MPI_Comm comm, long iters,
                       double *t);

#endif
