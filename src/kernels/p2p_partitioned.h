/* p2p_partitioned.h: partitioned point-to-point (p2p_partitioned.c) */
#ifndef MPIGAUGE_P2P_PARTITIONED_H
#define MPIGAUGE_P2P_PARTITIONED_H

#include "kernels/kernel.h"
#include "kernels/p2p_arrivals.h"

/* the point-to-point family's own settings (p2p_family.c's rows), in the
 * record's own storage; the partitioned calls alone take them: equal
 * partitions a message (partitions=), the receiver's own count where it
 * differs (rpartitions=), whether the receiver polls MPI_Parrived
 * before it waits (complete=parrived), and the threads that mark a
 * message's partitions ready (threads=: thread t the partitions p with
 * p mod threads = t, as MPI 4.0 means them to be used) */
struct p2p_settings {
    int partitions;
    int parrived;
    int rpartitions;           /* the receiver's partitions; 0: partitions= */
    int threads;               /* threads marking a message's partitions ready */
};

static inline const struct p2p_settings *p2p_settings(const struct record *r)
{
    return (const struct p2p_settings *)(const void *)r->own.bytes;
}

/* the partitions a receive request has (MPI 4.0 lets them differ from
 * the send's, the message's bytes alike) */
static inline int p2p_recv_partitions(const struct record *r)
{
    const struct p2p_settings *s = p2p_settings(r);
    return s->rpartitions ? s->rpartitions : s->partitions;
}

const char *psend_unavailable(void);

/* threads=: the sender's team (kernels/pool.h), made with the pair's
 * requests; ready_all marks every partition of requests r[0 .. n-1]
 * ready, thread t those p with p mod threads = t (one thread: in order) */
struct pool;
struct pool *pready_team(const struct kernel *k);
void ready_all(struct pool *team, const struct kernel *k, MPI_Request *r, int n);
/* complete=parrived: every partition of requests r[0 .. a->n - 1] polled
 * round-robin (MPI_Parrived) until all have arrived, each message's lead
 * (MPI_Wtime) into a's sums.  Every partitioned call's pair state
 * (k->priv) begins with its struct arrivals, which the family's leads
 * hook takes (p2p_family.c); it is made (arrivals_init) on the sides
 * that receive, under complete=parrived only. */
void await_arrivals(struct arrivals *a, MPI_Request *r);
void psend_pair_begin(struct kernel *k);
void psend_pair_end(struct kernel *k);
void run_psend(struct kernel *k, int iters);
void check_psend(struct kernel *k);
/* PBW and PMSGRATE: a window of partitioned messages (p2p_pwindow.c) */
void pwindow_pair_begin(struct kernel *k);
void pwindow_pair_end(struct kernel *k);
void run_pwindow(struct kernel *k, int iters);
void check_pwindow(struct kernel *k);

#endif
