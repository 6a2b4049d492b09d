/* timing.h: iteration counts and the timed loops */
#ifndef MPIGAUGE_TIMING_H
#define MPIGAUGE_TIMING_H

#include <stdint.h>
#include "bench.h"

/* Defaults in the manner of OSU: 10000 iterations up to 8 KiB, then about
 * 1 GiB of traffic per size, between 10 and 1000 iterations. */
long default_iters(uint64_t bytes);
long default_warmup(long iters);
/* For calls that send one message per element (HRELATION): about 20000
 * messages per size, between 5 and 1000 iterations. */
long default_iters_messages(uint64_t messages);

/* Seconds per call on this rank: warm-up, a barrier on b->comm, then the
 * timed loop and nothing else. */
double time_collective(struct bench *b, long warmup, long iters);

/* One-way seconds of the pair (b->peer, b->initiator); only the initiator's
 * value is the pair's measurement. */
double time_pair(struct bench *b, long warmup, long iters);

/* A barrier that sleeps while it waits (MPI_Ibarrier, then MPI_Test every
 * 20 us), for ranks that sit out a measurement: busy-polling waiters would
 * take the cores from the pair being timed. */
void quiet_barrier(MPI_Comm comm);

#endif
