/* barrier.c: synchronisation.  A pattern runs as in thesis figure 5.5:
 * persistent requests per stage, MPI_Startall then MPI_Waitall, stage after
 * stage (a stage with nothing to do for a rank still costs the call).  The
 * record's element count is the payload of every signal (0: pure
 * synchronisation).  MPI is MPI_Barrier itself, for comparison; it carries
 * no payload. */
#include "barrier.h"

#include <stdlib.h>
#include "counters.h"

void patrun_init(struct patrun *pr, const struct bpattern *bp, const struct bench *b)
{
    pr->nstages = bp->nstages;
    pr->nreq = calloc((size_t)bp->nstages + 1, sizeof *pr->nreq);
    pr->req = calloc((size_t)bp->nstages + 1, sizeof *pr->req);
    size_t slot = (size_t)b->count * (size_t)b->extent;
    for (int s = 0; s < bp->nstages; s++) {
        const struct stage *st = &bp->st[s];
        int n = 0;
        for (int e = 0; e < st->n; e++)
            n += (st->e[e].from == b->rank) + (st->e[e].to == b->rank);
        pr->req[s] = malloc(((size_t)n + 1) * sizeof **pr->req);
        int in = 0;
        for (int e = 0; e < st->n; e++) {
            if (st->e[e].from == b->rank)
                MPI_Send_init(b->sbuf, b->count, b->type, st->e[e].to, TAG_DATA,
                              b->comm, &pr->req[s][pr->nreq[s]++]);
            if (st->e[e].to == b->rank)   /* each incoming signal its own slot */
                MPI_Recv_init(b->rbuf + (size_t)in++ * slot, b->count, b->type,
                              st->e[e].from, TAG_DATA, b->comm,
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

void patrun_exec(const struct patrun *pr)
{
    for (int s = 0; s < pr->nstages; s++) {
        MPI_Startall(pr->nreq[s], pr->req[s]);
        waitall(pr->nreq[s], pr->req[s]);
    }
}

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
    if (pr)
        patrun_exec(pr);
    else
        MPI_Barrier(comm);
}

double barrier_time(struct bench *b, const struct patrun *pr, long warmup,
                    long iters, double *t)
{
    for (long i = 0; i < warmup; i++)
        once(pr, b->comm);
    /* the time per call, with nothing but barriers in the loop */
    MPI_Barrier(b->comm);
    counters_start();
    double t0 = MPI_Wtime();
    for (long i = 0; i < iters; i++)
        once(pr, b->comm);
    double per_call = (MPI_Wtime() - t0) / (double)iters;
    counters_stop();
    /* then every barrier timed on its own, for the slowest rank's view */
    MPI_Barrier(b->comm);
    counters_start();
    for (long i = 0; i < iters; i++) {
        double s = MPI_Wtime();
        once(pr, b->comm);
        t[i] = MPI_Wtime() - s;
    }
    counters_stop();
    b->calls += 2 * iters;     /* the counters cover both timed loops */
    return per_call;
}

/* what the call table runs for BARRIER outside the per-iteration timing */
void run_barrier(struct bench *b, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_Barrier(b->comm);
}
