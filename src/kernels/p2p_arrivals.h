/* p2p_arrivals.h: complete=parrived's early bird, the partitioned
 * receivers' bookkeeping (p2p_arrivals.c): every partition of a set of
 * messages polled in turn until all have arrived, and for each message
 * the time from its first partition seen arrived to its last (its lead:
 * how much sooner the first partition could be used than the whole
 * message).  Plain arithmetic over two callbacks, so that the unit tests
 * drive it with a made-up clock and arrival schedule; the kernels pass
 * MPI_Parrived and MPI_Wtime. */
#ifndef MPIGAUGE_P2P_ARRIVALS_H
#define MPIGAUGE_P2P_ARRIVALS_H

/* whether partition p of message m has arrived (MPI_Parrived: once true
 * it stays true while the receive is active); the clock, s */
typedef int (*arrived_fn)(void *ctx, int m, int p);
typedef double (*clock_fn)(void *ctx);

struct arrivals {
    int n, parts;              /* messages, and partitions each */
    int *left;                 /* the partitions not yet seen arrived, m * parts + p,
                                * in polling order */
    int *remain;               /* per message: its partitions not yet seen arrived */
    double *first;             /* per message: when its first was seen arrived */
    double sum_s;              /* leads summed since they were last taken, s */
    long count;                /* messages they cover */
};

/* n messages of parts partitions each (n * parts at most INT_MAX); every
 * array is made here, 4 bytes a partition and 12 a message */
void arrivals_init(struct arrivals *a, int n, int parts);
void arrivals_free(struct arrivals *a);

/* Polls every partition of every message round-robin (one pass over
 * those not yet seen, then the next pass) until all have arrived, and
 * adds each message's lead to the sums.  The clock is read twice a
 * message, when its first partition is seen arrived and when its last
 * is (never for a message of one partition, whose lead is 0), so a
 * lead is exact to one pass over the partitions still outstanding: a
 * message that arrived whole before the first pass shows that pass's
 * time from its first partition to its last. */
void arrivals_poll(struct arrivals *a, arrived_fn arrived, clock_fn clock, void *ctx);

/* the sums since the last take (s, and messages), which it clears */
void arrivals_take(struct arrivals *a, double *sum_s, long *count);

#endif
