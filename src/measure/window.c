/* window.c: window-synchronised repetitions (window.h) */
#include "measure/window.h"

#include <math.h>
#include <stdlib.h>
#include "base/smpi.h"
#include "base/base.h"
#include "clock/clock_guard.h"
#include "measure/timing.h"
#include "measure/trial.h"
#include "clock/waits.h"

enum { BATCH = 256 };

/* one round of n repetitions from start (rank 0's clock), window apart;
 * fills entry and exit (rank 0's clock), this rank's duration and
 * whether it started late */
static void round_of(struct trial *t, const struct window_plan *p, int n, double start,
                  double window, double *entry, double *exit_, double *dur_late)
{
    const struct clocks *c = p->clocks;
    for (int i = 0; i < n; i++) {
        double at = clock_to_local(c, start + i * window);
        dur_late[n + i] = MPI_Wtime() > at;
        wait_until(at);
        dur_late[i] = timed_block(t, 1, p->body, p->arg, &entry[i]);
        exit_[i] = clock_to_rank0(c, entry[i] + dur_late[i]);
        entry[i] = clock_to_rank0(c, entry[i]);
    }
}

/* the arrays of one round: entry, exit, duration and lateness (2 n)
 * and whether this rank's clock is broken (1), and on rank 0 the
 * earliest entry, latest exit and slowest duration and lateness and any
 * broken clock (2 n + 1) over the communicator */
struct round_bufs {
    double entry[BATCH], exit_[BATCH], dl[2 * BATCH + 1];
    double first[BATCH], last[BATCH], dlmax[2 * BATCH + 1];
};

static long min_long(long a, long b)
{
    return a < b ? a : b;
}

/* rank 0: 1 while a fixed count wants more: the first reps attempts,
 * then late ones retried until reps are valid, the budget is spent or
 * WINDOW_ATTEMPTS x reps were tried */
static int fixed_more(const struct rule *ru, long reps, long attempts, double elapsed,
                      const struct series *s)
{
    if (attempts < reps)
        return 1;
    return (long)s->n < reps && elapsed < ru->budget && attempts < WINDOW_ATTEMPTS * reps;
}

/* rank 0 decides the next round: how many, from when, how far apart */
static void next_round(const struct trial *t, const struct rule *ru, long reps,
                       long attempts, const struct stretch *started,
                       const struct series *s, int broken, const struct clocks *c,
                       double ctl[3])
{
    if (t->k.rank == 0) {
        double elapsed = stretch_elapsed(started);
        long want = ru->adaptive ? (long)(s->n / 2 > 16 ? s->n / 2 : 16)
                    : attempts < reps ? reps - attempts
                    : min_long(reps - (long)s->n, WINDOW_ATTEMPTS * reps - attempts);
        int more = ru->adaptive ? attempts == 0 || rule_more(ru, s, attempts, elapsed)
                                : fixed_more(ru, reps, attempts, elapsed, s);
        /* no start time can be kept on a clock that stopped: the size
         * ends, and the ranks agree on why after it (record_run.c) */
        more = more && !broken;
        ctl[0] = more ? (double)(want < BATCH ? want : BATCH) : 0;
        /* far enough ahead for the broadcast to arrive */
        ctl[1] = clock_to_rank0(c, MPI_Wtime()) + 20 * ctl[2] + 100e-6;
    }
    MPI_Bcast(ctl, 3, MPI_DOUBLE, 0, t->k.comm);
}

/* rank 0: the valid repetitions into s, the late ones counted; returns
 * how many were late */
static long keep_valid(const struct round_bufs *b, int n, int span, double legs,
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
    struct round_bufs *b = xmalloc(sizeof *b);
    double total = 0;
    struct stretch started;
    stretch_start(&started);
    long attempts = 0, calls = 0;
    double legs = (double)call_legs(t->k.rec);     /* per message, not per iteration */
    MPI_Comm comm = t->k.comm;
    double ctl[3] = {0, 0, p->window > 0 ? p->window : 2 * p->pilot + 2e-6};
    const double widest = WINDOW_GROWTH * ctl[2];
    s->per_block = 1;
    int broken = 0;            /* rank 0: a rank's clock (clock_guard.h) */
    for (;;) {
        next_round(t, p->ru, p->reps, attempts, &started, s, broken, p->clocks, ctl);
        int n = (int)ctl[0];
        if (n <= 0)
            break;
        round_of(t, p, n, ctl[1], ctl[2], b->entry, b->exit_, b->dl);
        for (int i = 0; i < n; i++) {
            total += b->dl[i];
            if (p->mine && calls + i < p->nmine)
                p->mine[calls + i] = b->dl[i];
        }
        calls += n;
        MPI_Reduce(b->entry, b->first, n, MPI_DOUBLE, MPI_MIN, 0, comm);
        MPI_Reduce(b->exit_, b->last, n, MPI_DOUBLE, MPI_MAX, 0, comm);
        b->dl[2 * n] = clock_guard_check();
        MPI_Reduce(b->dl, b->dlmax, 2 * n + 1, MPI_DOUBLE, MPI_MAX, 0, comm);
        if (t->k.rank == 0) {
            broken = b->dlmax[2 * n] > 0;
            attempts += n;
            if (4 * keep_valid(b, n, p->span, legs, s) > n && 2 * ctl[2] <= widest)
                ctl[2] *= 2;
        }
    }
    t->calls += calls * (long)legs;
    if (calls && ctl[2] < t->m->clocks.min_window)
        t->m->clocks.min_window = ctl[2];   /* for the refit (clock.h) */
    free(b);
    return calls ? total / ((double)calls * legs) : 0;
}
