/* barrier.c: synchronisation.  A pattern runs as in figure 5.5 of Meyer's
 * thesis: persistent requests per stage, MPI_Startall then MPI_Waitall,
 * stage after stage (a stage with nothing to do for a rank still costs the
 * call).  The record's element count is the payload of every signal (0:
 * pure synchronisation).  MPI is MPI_Barrier itself, for comparison; it
 * carries no payload. */
#include "kernels/barrier.h"

#include <stdlib.h>
#include "base/base.h"

void patrun_init(struct patrun *pr, const struct bpattern *bp, const struct kernel *k)
{
    pr->nstages = bp->nstages;
    pr->nreq = xcalloc((size_t)bp->nstages + 1, sizeof *pr->nreq);
    pr->req = xcalloc((size_t)bp->nstages + 1, sizeof *pr->req);
    size_t slot = (size_t)k->count * (size_t)k->extent;
    for (int s = 0; s < bp->nstages; s++) {
        const struct stage *st = &bp->st[s];
        int n = 0;
        for (int e = 0; e < st->n; e++)
            n += (st->e[e].from == k->rank) + (st->e[e].to == k->rank);
        pr->req[s] = xmalloc_array((size_t)n + 1, sizeof **pr->req);
        int in = 0;
        for (int e = 0; e < st->n; e++) {
            if (st->e[e].from == k->rank)
                MPI_Send_init(k->sbuf, k->count, k->type, st->e[e].to, TAG_DATA,
                              k->comm, &pr->req[s][pr->nreq[s]++]);
            if (st->e[e].to == k->rank)   /* each incoming signal its own slot */
                MPI_Recv_init(k->rbuf + (size_t)in++ * slot, k->count, k->type,
                              st->e[e].from, TAG_DATA, k->comm,
                              &pr->req[s][pr->nreq[s]++]);
        }
    }
}

/* MPI_Waitall without statuses.  MPICH declares the statuses argument with
 * an access size, and GCC then takes MPI_STATUSES_IGNORE (a constant cast
 * to a pointer) for a zero-size array; the standard says it is ignored. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overflow"
void waitall(int n, MPI_Request *req)
{
    MPI_Waitall(n, req, MPI_STATUSES_IGNORE);
}
#pragma GCC diagnostic pop

void patrun_free(struct patrun *pr)
{
    for (int s = 0; s < pr->nstages; s++) {
        for (int q = 0; q < pr->nreq[s]; q++)
            MPI_Request_free(&pr->req[s][q]);
        free(pr->req[s]);
    }
    free(pr->req);
    free(pr->nreq);
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
