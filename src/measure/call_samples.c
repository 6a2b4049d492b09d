/* call_samples.c: calls timed one by one, after a size's blocks and
 * outside them, for the tail of the calls' times (p50, p90, p99, max, sd
 * and, on a communicator, the rank that finished last).  The blocks stay
 * the headline figure; a call timed alone carries one clock read's cost
 * (reported as the timer's), which a block spreads over its calls. */
#include "measure/trial.h"

#include <stdlib.h>
#include "base/base.h"
#include "kernels/tags.h"
#include "measure/timing.h"

long call_sample_count(long iters, long units)
{
    long n = iters / 10, share = CALL_SAMPLES_SIZE / (units > 0 ? units : 1);
    if (n > CALL_SAMPLES_MAX)
        n = CALL_SAMPLES_MAX;
    if (n > share)
        n = share;
    if (n < CALL_SAMPLES_MIN)
        n = CALL_SAMPLES_MIN;
    return n > iters && iters > 0 ? iters : n;
}

static void keep(struct sizerun *sr, double t_us, int who, double excess_us,
                 int a, int b)
{
    if (sr->ncalls == sr->calls_cap) {
        sr->calls_cap = sr->calls_cap ? 2 * sr->calls_cap : 64;
        sr->calls = xrealloc(sr->calls, sr->calls_cap * sizeof *sr->calls);
    }
    sr->calls[sr->ncalls++] = (struct call_sample){t_us, excess_us, who, a, b};
}

void sample_pair(struct trial *t, long n, struct sizerun *sr)
{
    struct kernel *k = &t->k;
    const struct call *c = k->rec->call;
    double legs = (double)call_legs(k->rec);
    for (long i = 0; i < n; i++) {
        if (c->prepare)
            c->prepare(k);
        double dt = clocked_loop(t, 1);
        if (k->initiator)
            keep(sr, dt / legs * 1e6, -1, 0, k->world_rank,
                 t->pl->tc->places[k->peer].rank);
    }
    /* a passive one-sided target waits in a receive, which drives MPI's
     * progress, until its origin is done (as between blocks) */
    int done = 0;
    if (k->passive_pair && k->initiator)
        MPI_Send(&done, 1, MPI_INT, k->peer, TAG_CTRL, k->comm);
    else if (k->passive_pair)
        MPI_Recv(&done, 1, MPI_INT, k->peer, TAG_CTRL, k->comm, MPI_STATUS_IGNORE);
}

void sample_collective(struct trial *t, long n, struct sizerun *sr)
{
    struct kernel *k = &t->k;
    double *mine = xmalloc_array((size_t)n, sizeof *mine);
    MPI_Barrier(k->comm);
    for (long i = 0; i < n; i++) {
        mine[i] = clocked_loop(t, 1);
    }
    call_samples_from(t, mine, n, sr);
    free(mine);
}

/* A call's time is the slowest rank's, its excess over the mean of the
 * ranks that take part: a rank that sits out (kernel.h) ran an empty
 * loop, so it is neither the slowest nor in the mean (its times count
 * as -1 and 0, and the last of part[] counts the ranks that take part). */
void call_samples_from(struct trial *t, const double *mine, long n, struct sizerun *sr)
{
    struct kernel *k = &t->k;
    struct { double t; int rank; } *me = xmalloc_array((size_t)n, sizeof *me),
                                   *last = xmalloc_array((size_t)n, sizeof *last);
    double *part = xmalloc_array((size_t)n + 1, sizeof *part);
    double *sum = xmalloc_array((size_t)n + 1, sizeof *sum);
    double legs = (double)call_legs(k->rec);
    for (long i = 0; i < n; i++) {
        me[i].t = k->sits_out ? -1 : mine[i];
        me[i].rank = k->world_rank;
        part[i] = k->sits_out ? 0 : mine[i];
    }
    part[n] = !k->sits_out;
    MPI_Reduce(me, last, (int)n, MPI_DOUBLE_INT, MPI_MAXLOC, 0, k->comm);
    MPI_Reduce(part, sum, (int)n + 1, MPI_DOUBLE, MPI_SUM, 0, k->comm);
    for (long i = 0; k->rank == 0 && sum[n] > 0 && i < n; i++)
        keep(sr, last[i].t / legs * 1e6, last[i].rank,
             (last[i].t - sum[i] / sum[n]) / legs * 1e6, k->world_rank, -1);
    free(me);
    free(last);
    free(part);
    free(sum);
}
