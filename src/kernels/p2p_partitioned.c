/* p2p_partitioned.c: partitioned point-to-point (MPI 4.0), as OSU's
 * partitioned latency: a ping-pong of one message in partitions=
 * partitions.  The pair's requests (MPI_Psend_init, MPI_Precv_init) are
 * made once per pair and size, untimed, before the warm-up, and freed
 * after the check.  An iteration: the initiator starts its send, marks
 * every partition ready (MPI_Pready, in order, from one thread), waits
 * for the send, then starts and completes its receive; the responder
 * starts its receive, completes it, and answers the same way.  A receive
 * completes by MPI_Wait, or (complete=parrived) by polling MPI_Parrived
 * on every partition round-robin until all have arrived and then
 * MPI_Wait, which then only frees the round's resources; each partner
 * notes, on its own clock, its first partition seen arrived and its last
 * (p2p_arrivals.h: the early bird's lead, two clock reads a message,
 * none under complete=wait).  A build whose MPI has no partitioned calls
 * (Open MPI 4.1, SMPI) compiles this file to the reason it is skipped. */
#include "kernels/p2p_partitioned.h"

#include <stdlib.h>
#include "base/base.h"
#include "kernels/pool.h"

const char *psend_unavailable(void)
{
    return HAVE_MPI4 ? NULL : "this MPI has no partitioned communication "
                              "(MPI 4.0's MPI_Psend_init: MPI_VERSION < 4)";
}

#if HAVE_MPI4

struct pready_job {
    const struct kernel *k;
    MPI_Request *r;
    int n, threads;
};

/* thread t's partitions of every request: p = t, t + threads, ... */
static void pready_part(void *arg, int t)
{
    struct pready_job *j = arg;
    int parts = p2p_settings(j->k->rec)->partitions;
    for (int m = 0; m < j->n; m++)
        for (int p = t; p < parts; p += j->threads)
            MPI_Pready(p, j->r[m]);
}

struct pool *pready_team(const struct kernel *k)
{
    int n = p2p_settings(k->rec)->threads;
    return n > 1 ? pool_start(n, k->world_rank) : NULL;
}

void ready_all(struct pool *team, const struct kernel *k, MPI_Request *r, int n)
{
    struct pready_job j = {k, r, n, team ? pool_size(team) : 1};
    if (team)
        pool_run(team, pready_part, &j);
    else
        pready_part(&j, 0);
}

/* complete=parrived: the partitions of requests r[0 .. a->n - 1] polled
 * round-robin with MPI_Parrived until all have arrived, each message's
 * lead into a's sums */
static int part_arrived(void *ctx, int m, int p)
{
    MPI_Request *r = ctx;
    int flag = 0;
    MPI_Parrived(r[m], p, &flag);
    return flag;
}

static double wtime(void *ctx)
{
    (void)ctx;
    return MPI_Wtime();
}

void await_arrivals(struct arrivals *a, MPI_Request *r)
{
    arrivals_poll(a, part_arrived, wtime, r);
}

/* the family's state for one pair: its early bird (first, as every
 * partitioned pair's: p2p_partitioned.h), its two requests, and
 * threads='s team */
struct preqs {
    struct arrivals arr;
    MPI_Request send, recv;
    struct pool *team;
};

void psend_pair_begin(struct kernel *k)
{
    struct preqs *q = xcalloc(1, sizeof *q);
    int parts = p2p_settings(k->rec)->partitions;
    MPI_Count each = k->count / parts;
    MPI_Psend_init(k->sbuf, parts, each, k->type, k->peer, TAG_DATA, k->comm,
                   MPI_INFO_NULL, &q->send);
    int rparts = p2p_recv_partitions(k->rec);
    MPI_Precv_init(k->rbuf, rparts, k->count / rparts, k->type, k->peer, TAG_DATA,
                   k->comm, MPI_INFO_NULL, &q->recv);
    q->team = pready_team(k);
    if (p2p_settings(k->rec)->parrived)
        arrivals_init(&q->arr, 1, rparts);
    k->priv = q;
}

void psend_pair_end(struct kernel *k)
{
    struct preqs *q = k->priv;
    if (!q)
        return;
    MPI_Request_free(&q->send);
    MPI_Request_free(&q->recv);
    pool_stop(q->team);
    arrivals_free(&q->arr);
    free(q);
    k->priv = NULL;
}

static void send_all(struct kernel *k, struct preqs *q)
{
    MPI_Start(&q->send);
    ready_all(q->team, k, &q->send, 1);
    MPI_Wait(&q->send, MPI_STATUS_IGNORE);
}

/* MPI_Start, the early bird's polls (complete=parrived), MPI_Wait; under
 * complete=wait the two calls alone, no poll and no clock read */
static void receive_all(struct kernel *k, struct preqs *q)
{
    MPI_Start(&q->recv);
    if (p2p_settings(k->rec)->parrived)
        await_arrivals(&q->arr, &q->recv);
    MPI_Wait(&q->recv, MPI_STATUS_IGNORE);
}

void run_psend(struct kernel *k, int iters)
{
    struct preqs *q = k->priv;
    for (int i = 0; i < iters; i++) {
        if (k->initiator) {
            send_all(k, q);
            receive_all(k, q);
        } else {
            receive_all(k, q);
            send_all(k, q);
        }
    }
}

#else   /* the plan skips PSEND (psend_unavailable): never called */

void psend_pair_begin(struct kernel *k) { (void)k; }
void psend_pair_end(struct kernel *k) { (void)k; }
void run_psend(struct kernel *k, int iters) { (void)k; (void)iters; }

#endif

/* each partner's whole message, every partition, is the other's block */
void check_psend(struct kernel *k)
{
    fill_block(k, k->sbuf, (size_t)k->count, k->rank, 0);
    clear_block(k, k->rbuf, (size_t)k->count);
    check_run(k);
    expect_block(k, k->rbuf, (size_t)k->count, k->peer, 0, 0);
}
