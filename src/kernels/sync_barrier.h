/* sync_barrier.h: running a barrier pattern (sync_barrier.c) */
#ifndef MPIGAUGE_BARRIER_H
#define MPIGAUGE_BARRIER_H

#include "kernels/kernel.h"
#include "models/pattern.h"

/* The synchronisation family's own settings (sync_barrier.c's rows), in the
 * record's own storage.  signal=: how a barrier pattern's signals are
 * sent, standard mode (eager for small payloads: the sender goes on once
 * the message is on its way) or synchronous mode (the sender waits until
 * the receiver has matched it).  payload=: n elements on every signal,
 * or a total exchange (n elements for every rank whose arrival the
 * sender knows of and the receiver does not: chapter 6 of Meyer's
 * thesis). */
enum signal_mode { SIGNAL_SEND, SIGNAL_SSEND };
enum payload_mode { PAYLOAD_UNIFORM, PAYLOAD_EXCHANGE };
struct barrier_settings {
    enum signal_mode signal;   /* send */
    enum payload_mode payload; /* uniform */
};

static inline const struct barrier_settings *barrier_settings(const struct record *r)
{
    return (const struct barrier_settings *)(const void *)r->own.bytes;
}

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
