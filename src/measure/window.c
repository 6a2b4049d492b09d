/* window.c: clock offsets and window-synchronised repetitions */
#include "measure/window.h"

#include <math.h>
#include <stdlib.h>
#include "base/smpi.h"
#include "base/base.h"
#include "measure/timing.h"
#include "measure/trial.h"

enum { PINGS = 50, BATCH = 256 };

/* rank 0's half of the ping-pongs with rank r */
static void sync_with(int r, double *best_offset, double *best_rtt)
{
    *best_rtt = 1e30;
    for (int i = 0; i < PINGS; i++) {
        double t0 = MPI_Wtime(), remote;
        MPI_Send(&t0, 1, MPI_DOUBLE, r, TAG_CLOCK, MPI_COMM_WORLD);
        MPI_Recv(&remote, 1, MPI_DOUBLE, r, TAG_CLOCK, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        double t1 = MPI_Wtime();
        /* the remote read happened somewhere in [t0, t1]: the middle is
         * the best guess, and the shortest round trip the best bound */
        if (t1 - t0 < *best_rtt) {
            *best_rtt = t1 - t0;
            *best_offset = remote - (t0 + t1) / 2;
        }
    }
}

void clock_sync(struct clocks *c)
{
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    c->offset = c->rtt = c->max_offset = c->max_rtt = 0;
    for (int r = 1; r < size; r++) {
        if (rank == 0) {
            double est[2];
            sync_with(r, &est[0], &est[1]);
            MPI_Send(est, 2, MPI_DOUBLE, r, TAG_CLOCK, MPI_COMM_WORLD);
            if (fabs(est[0]) > c->max_offset)
                c->max_offset = fabs(est[0]);
            if (est[1] > c->max_rtt)
                c->max_rtt = est[1];
        } else if (rank == r) {
            double t, est[2];
            for (int i = 0; i < PINGS; i++) {
                MPI_Recv(&t, 1, MPI_DOUBLE, 0, TAG_CLOCK, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
                t = MPI_Wtime();
                MPI_Send(&t, 1, MPI_DOUBLE, 0, TAG_CLOCK, MPI_COMM_WORLD);
            }
            MPI_Recv(est, 2, MPI_DOUBLE, 0, TAG_CLOCK, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            c->offset = est[0];
            c->rtt = est[1];
        }
    }
}

/* one batch of n repetitions from start (rank 0's clock), window apart;
 * fills entry and exit (rank 0's clock), this rank's duration and
 * whether it started late */
static void batch(struct trial *t, const struct window_plan *p, int n, double start,
                  double window, double *entry, double *exit_, double *dur_late)
{
    const struct clocks *c = p->clocks;
    for (int i = 0; i < n; i++) {
        double at = start + i * window + c->offset;   /* on this clock */
        dur_late[n + i] = MPI_Wtime() > at;
        wait_until(at);
        dur_late[i] = timed_block(t, 1, p->body, p->arg, &entry[i]);
        exit_[i] = entry[i] + dur_late[i];
        entry[i] -= c->offset;
        exit_[i] -= c->offset;
    }
}

/* the arrays of one batch: entry, exit, duration and lateness (2 n),
 * and on rank 0 the earliest entry, latest exit and slowest duration and
 * lateness (2 n) over the communicator */
struct batch_bufs {
    double entry[BATCH], exit_[BATCH], dl[2 * BATCH];
    double first[BATCH], last[BATCH], dlmax[2 * BATCH];
};

/* rank 0 decides the next batch: how many, from when, how far apart */
static void next_batch(const struct trial *t, const struct rule *ru, long reps,
                       long attempts, double started, const struct series *s,
                       const struct clocks *c, double ctl[3])
{
    if (t->k.rank == 0) {
        long want = ru->adaptive ? (long)(s->n / 2 > 16 ? s->n / 2 : 16)
                                 : reps - attempts;
        int more = ru->adaptive ? attempts == 0 || rule_more(ru, s, attempts,
                                                             MPI_Wtime() - started)
                                : attempts < reps;
        ctl[0] = more ? (double)(want < BATCH ? want : BATCH) : 0;
        /* far enough ahead for the broadcast to arrive */
        ctl[1] = MPI_Wtime() - c->offset + 20 * ctl[2] + 100e-6;
    }
    MPI_Bcast(ctl, 3, MPI_DOUBLE, 0, t->k.comm);
}

/* rank 0: the valid repetitions into s, the late ones counted; returns
 * how many were late */
static long keep_valid(const struct batch_bufs *b, int n, int span, double legs,
                       struct series *s)
{
    long late = 0;
    for (int i = 0; i < n; i++) {
        if (b->dlmax[n + i] > 0) {
            late++;
            continue;
        }
        series_add(s, 1e6 * (span ? b->last[i] - b->first[i] : b->dlmax[i]) / legs);
    }
    s->late += late;
    return late;
}

double time_window(struct trial *t, const struct window_plan *p, struct series *s)
{
    struct batch_bufs *b = xmalloc(sizeof *b);
    double total = 0, started = MPI_Wtime();
    long attempts = 0, calls = 0;
    double legs = (double)call_legs(t->k.rec);     /* per message, not per iteration */
    MPI_Comm comm = t->k.comm;
    double ctl[3] = {0, 0, p->window > 0 ? p->window : 2 * p->pilot + 2e-6};
    s->per_block = 1;
    for (;;) {
        next_batch(t, p->ru, p->reps, attempts, started, s, p->clocks, ctl);
        int n = (int)ctl[0];
        if (n <= 0)
            break;
        batch(t, p, n, ctl[1], ctl[2], b->entry, b->exit_, b->dl);
        for (int i = 0; i < n; i++) {
            total += b->dl[i];
            if (p->mine && calls + i < p->nmine)
                p->mine[calls + i] = b->dl[i];
        }
        calls += n;
        MPI_Reduce(b->entry, b->first, n, MPI_DOUBLE, MPI_MIN, 0, comm);
        MPI_Reduce(b->exit_, b->last, n, MPI_DOUBLE, MPI_MAX, 0, comm);
        MPI_Reduce(b->dl, b->dlmax, 2 * n, MPI_DOUBLE, MPI_MAX, 0, comm);
        if (t->k.rank == 0) {
            attempts += n;
            if (4 * keep_valid(b, n, p->span, legs, s) > n)
                ctl[2] *= 2;
        }
    }
    t->calls += calls * (long)legs;
    free(b);
    return calls ? total / ((double)calls * legs) : 0;
}
