/* threads.c: the threaded calls' team and communicators.  The team is a
 * pool (pool.c) that lives exactly as long as a pair (pair_begin to
 * pair_end); the calling thread is thread 0, so that threads=1 runs
 * exactly as an unthreaded ping-pong does (no hand-off in the timed
 * loop). */
#include "kernels/threads.h"

#include <stdlib.h>
#include "base/base.h"
#include "kernels/pool.h"

struct mt {
    int n;
    struct mt_thread *th;
    struct pool *pool;
    /* the job of the current round */
    struct kernel *k;
    int iters;
    void (*body)(struct kernel *k, struct mt_thread *th, int iters);
    MPI_Comm pair;             /* comm=per-thread: the pair's communicator */
};

static void run_one(void *arg, int t)
{
    struct mt *mt = arg;
    struct mt_thread *th = &mt->th[t];
    double t0 = MPI_Wtime();
    mt->body(mt->k, th, mt->iters);
    th->busy += MPI_Wtime() - t0;
    th->iters += mt->iters;
}

/* MPI_Irecv + MPI_Wait, not MPI_Recv, where this rank's threads receive
 * at once: with blocking receives on two or three threads, Open MPI
 * 4.1.4's ob1 corrupted its receive queue (a SIGSEGV unlinking a request,
 * or one in MPI_Finalize: 3 to 8 runs of 200 of a 3-rank MSGRATE_MT here)
 * or lost a message (LATENCY_MT threads=3: 7 of 200 runs hung, the pong
 * sent and never received); none of either in 300 runs each this way.
 * A team of one receives as SEND's ping-pong does. */
void mt_recv(const struct kernel *k, void *buf, int count, MPI_Datatype type, int src,
             int tag, MPI_Comm comm, MPI_Status *st)
{
    const struct mt *mt = k->priv;
    if (mt->n < 2) {
        MPI_Recv(buf, count, type, src, tag, comm, st);
        return;
    }
    MPI_Request r;
    MPI_Irecv(buf, count, type, src, tag, comm, &r);
    MPI_Wait(&r, st);
}

void mt_run(struct kernel *k, int iters,
            void (*body)(struct kernel *k, struct mt_thread *th, int iters))
{
    struct mt *mt = k->priv;
    mt->k = k;
    mt->iters = iters;
    mt->body = body;
    pool_run(mt->pool, run_one, mt);
}

/* comm=per-thread: the pair as a communicator of its own (the initiator
 * rank 0), duplicated once per thread; comm=shared: the record's */
static void make_comms(struct kernel *k, struct mt *mt)
{
    int shared = thread_settings(k->rec)->comm == TCOMM_SHARED;
    mt->pair = MPI_COMM_NULL;
    if (!shared) {
        MPI_Group g, pg;
        int ranks[2] = {k->initiator ? k->rank : k->peer, k->initiator ? k->peer : k->rank};
        MPI_Comm_group(k->comm, &g);
        MPI_Group_incl(g, 2, ranks, &pg);
        MPI_Comm_create_group(k->comm, pg, TAG_THREAD, &mt->pair);
        MPI_Group_free(&pg);
        MPI_Group_free(&g);
    }
    for (int t = 0; t < mt->n; t++) {
        struct mt_thread *th = &mt->th[t];
        th->t = t;
        th->comm = k->comm;
        th->peer = k->peer;
        if (!shared) {
            MPI_Comm_dup(mt->pair, &th->comm);
            th->peer = k->initiator ? 1 : 0;
        }
        th->reqs = xmalloc_array(2 * (size_t)k->rec->window + 1, sizeof *th->reqs);
    }
}

void mt_pair_begin(struct kernel *k)
{
    struct mt *mt = xcalloc(1, sizeof *mt);
    /* threads=S:R: S on the initiator, R on the responder */
    mt->n = k->initiator ? record_threads(k->rec) : thread_receivers(k->rec);
    mt->th = xcalloc((size_t)mt->n, sizeof *mt->th);
    k->priv = mt;
    make_comms(k, mt);
    mt->pool = pool_start(mt->n, k->world_rank);
}

void mt_pair_end(struct kernel *k)
{
    struct mt *mt = k->priv;
    if (!mt)
        return;
    pool_stop(mt->pool);
    for (int t = 0; t < mt->n; t++) {
        if (mt->th[t].comm != k->comm)
            MPI_Comm_free(&mt->th[t].comm);
        free(mt->th[t].reqs);
    }
    if (mt->pair != MPI_COMM_NULL)
        MPI_Comm_free(&mt->pair);
    free(mt->th);
    free(mt);
    k->priv = NULL;
}

void mt_reset(struct kernel *k)
{
    struct mt *mt = k->priv;
    for (int t = 0; t < mt->n; t++)
        mt->th[t].busy = 0, mt->th[t].iters = 0;
}

void mt_times(const struct kernel *k, double *us)
{
    const struct mt *mt = k->priv;
    long legs = k->rec->call->legs * record_window(k->rec);
    for (int t = 0; t < mt->n; t++) {
        const struct mt_thread *th = &mt->th[t];
        us[t] = th->iters > 0 ? th->busy / ((double)th->iters * legs) * 1e6 : 0;
    }
}

size_t mt_offset(const struct kernel *k, int t, int m)
{
    size_t slot = (size_t)t * (size_t)record_window(k->rec) + (size_t)m;
    return slot * (size_t)k->count * (size_t)k->extent;
}

char *mt_slot(const struct kernel *k, char *buf, int t, int m)
{
    return buf + mt_offset(k, t, m);
}

void mt_answered(struct kernel *k, int *answered)
{
    struct mt *mt = k->priv;
    for (int t = 0; t < mt->n; t++)
        mt->th[t].answered = answered;
}
