/* sync_barrier.c: synchronisation.  A pattern runs as in figure 5.5 of Meyer's
 * thesis: persistent requests per stage, MPI_Startall then MPI_Waitall,
 * stage after stage (a stage with nothing to do for a rank still costs the
 * call).  The record's element count is the payload of every signal (0:
 * pure synchronisation); signal= chooses standard or synchronous sends.
 * MPI is MPI_Barrier itself, for comparison; it carries no payload.  The
 * family's row and its settings are sync_family.c's. */
#include "kernels/sync_barrier.h"

#include <stdlib.h>
#include <string.h>
#include "base/base.h"

long *signal_elements(const struct bpattern *bp, const struct record *r, long n)
{
    if (barrier_settings(r)->payload == PAYLOAD_EXCHANGE) {
        long *known = bpattern_known(bp);
        for (long e = 0; e < bpattern_edges(bp); e++)
            known[e] *= n;
        return known;
    }
    long *each = xmalloc_array((size_t)bpattern_edges(bp) + 1, sizeof *each);
    for (long e = 0; e < bpattern_edges(bp); e++)
        each[e] = n;
    return each;
}

/* the largest signal this rank sends, and all it receives, in elements */
static void need(const struct bpattern *bp, const long *count, int rank,
                 size_t *send, size_t *recv)
{
    *send = *recv = 0;
    const long *c = count;
    for (int s = 0; s < bp->nstages; s++)
        for (int e = 0; e < bp->st[s].n; e++, c++) {
            if (bp->st[s].e[e].from == rank && (size_t)*c > *send)
                *send = (size_t)*c;
            if (bp->st[s].e[e].to == rank)
                *recv += (size_t)*c;
        }
}

void patrun_init(struct patrun *pr, const struct bpattern *bp, const struct kernel *k)
{
    /* signal=ssend: the sender's request completes only once the
     * receiver has matched it */
    int (*send_init)(const void *, int, MPI_Datatype, int, int, MPI_Comm,
                     MPI_Request *) = barrier_settings(k->rec)->signal == SIGNAL_SSEND
                                      ? MPI_Ssend_init : MPI_Send_init;
    long *count = signal_elements(bp, k->rec, k->count);
    char *sbuf = k->sbuf, *rbuf = k->rbuf;
    memset(pr, 0, sizeof *pr);
    if (barrier_settings(k->rec)->payload == PAYLOAD_EXCHANGE) {
        size_t ns, nr;
        need(bp, count, k->rank, &ns, &nr);
        sbuf = pr->sbuf = xcalloc(ns + 1, (size_t)k->extent);
        rbuf = pr->rbuf = xcalloc(nr + 1, (size_t)k->extent);
    }
    pr->nstages = bp->nstages;
    pr->nreq = xcalloc((size_t)bp->nstages + 1, sizeof *pr->nreq);
    pr->req = xcalloc((size_t)bp->nstages + 1, sizeof *pr->req);
    const long *c = count;
    for (int s = 0; s < bp->nstages; s++) {
        const struct stage *st = &bp->st[s];
        /* uniform payloads reuse the record's receive buffer every stage
         * (p slots); exchange payloads each have their own place.  p
         * slots suffice because every pattern that runs passed
         * bpattern_verify: no self-signal and no edge twice in a stage,
         * so a rank receives at most p - 1 signals in one */
        if (!pr->rbuf)
            rbuf = k->rbuf;
        pr->req[s] = xmalloc_array(2 * (size_t)st->n + 1, sizeof **pr->req);
        for (int e = 0; e < st->n; e++, c++) {
            if (st->e[e].from == k->rank)
                send_init(sbuf, (int)*c, k->type, st->e[e].to, TAG_DATA, k->comm,
                          &pr->req[s][pr->nreq[s]++]);
            if (st->e[e].to != k->rank)
                continue;
            /* each incoming signal its own slot */
            MPI_Recv_init(rbuf, (int)*c, k->type, st->e[e].from, TAG_DATA, k->comm,
                          &pr->req[s][pr->nreq[s]++]);
            rbuf += (size_t)*c * (size_t)k->extent;
        }
    }
    free(count);
}

/* MPI_Waitall without statuses.  MPICH declares the statuses argument with
 * an access size, and GCC then takes MPI_STATUSES_IGNORE (a constant cast
 * to a pointer) for a zero-size array; the standard says it is ignored. */
#if defined(__GNUC__) && !defined(__clang__)   /* clang has no such warning */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overflow"
#endif
void waitall(int n, MPI_Request *req)
{
    MPI_Waitall(n, req, MPI_STATUSES_IGNORE);
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

void patrun_free(struct patrun *pr)
{
    for (int s = 0; s < pr->nstages; s++) {
        for (int q = 0; q < pr->nreq[s]; q++)
            MPI_Request_free(&pr->req[s][q]);
        free(pr->req[s]);
    }
    free(pr->req);
    free(pr->nreq);
    free(pr->sbuf);
    free(pr->rbuf);
}

/* One barrier: the pattern's stages, or MPI_Barrier when pr is NULL. */
static void once(const struct patrun *pr, MPI_Comm comm)
{
    if (!pr) {
        MPI_Barrier(comm);
        return;
    }
    for (int s = 0; s < pr->nstages; s++) {
        MPI_Startall(pr->nreq[s], pr->req[s]);
        waitall(pr->nreq[s], pr->req[s]);
    }
}

void barrier_run(const struct patrun *pr, MPI_Comm comm, long iters)
{
    for (long i = 0; i < iters; i++)
        once(pr, comm);
}

void barrier_run_timed(const struct patrun *pr, MPI_Comm comm, long iters,
                       double *t)
{
    for (long i = 0; i < iters; i++) {
        double s = MPI_Wtime();
        once(pr, comm);
        t[i] = MPI_Wtime() - s;
    }
}
