/* window.c: clock offsets and window-synchronised repetitions */
#include "window.h"

#include <math.h>
#include <stdlib.h>
#include "counters.h"

enum { TAG_CLOCK = 10, PINGS = 50, BATCH = 256 };

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
static void batch(struct bench *b, int n, double start, double window,
                  const struct clocks *c, double *entry, double *exit_,
                  double *dur_late)
{
    void (*run)(struct bench *, int) = b->rec->call->run;
    for (int i = 0; i < n; i++) {
        double at = start + i * window + c->offset;   /* on this clock */
        double t = MPI_Wtime();
        dur_late[n + i] = t > at;
        while (t < at)
            t = MPI_Wtime();
        counters_start();
        entry[i] = MPI_Wtime();
        run(b, 1);
        exit_[i] = MPI_Wtime();
        counters_stop();
        dur_late[i] = exit_[i] - entry[i];
        entry[i] -= c->offset;
        exit_[i] -= c->offset;
    }
}

double time_window(struct bench *b, const struct rule *ru, long reps,
                   double window, double pilot, int span,
                   const struct clocks *c, struct series *s)
{
    double *buf = malloc(6 * BATCH * sizeof *buf);
    double *entry = buf, *exit_ = buf + BATCH, *dl = buf + 2 * BATCH;
    double *first = buf + 4 * BATCH, *last = buf + 5 * BATCH;
    double *dlmax = malloc(2 * BATCH * sizeof *dlmax);
    if (!(window > 0))
        window = 2 * pilot + 2e-6;
    double total = 0, started = MPI_Wtime();
    long attempts = 0, calls = 0;
    s->per_block = 1;
    for (;;) {
        /* rank 0 decides the batch: how many, from when, how far apart */
        double ctl[3] = {0, 0, window};
        if (b->rank == 0) {
            long want = ru->adaptive ? (long)(s->n / 2 > 16 ? s->n / 2 : 16)
                                     : reps - attempts;
            int more = ru->adaptive ? attempts == 0 || rule_more(ru, s, attempts, MPI_Wtime() - started)
                                    : attempts < reps;
            ctl[0] = more ? (double)(want < BATCH ? want : BATCH) : 0;
            /* far enough ahead for the broadcast to arrive */
            ctl[1] = MPI_Wtime() - c->offset + 20 * window + 100e-6;
        }
        MPI_Bcast(ctl, 3, MPI_DOUBLE, 0, b->comm);
        int n = (int)ctl[0];
        if (n <= 0)
            break;
        window = ctl[2];
        batch(b, n, ctl[1], window, c, entry, exit_, dl);
        for (int i = 0; i < n; i++)
            total += dl[i];
        calls += n;
        MPI_Reduce(entry, first, n, MPI_DOUBLE, MPI_MIN, 0, b->comm);
        MPI_Reduce(exit_, last, n, MPI_DOUBLE, MPI_MAX, 0, b->comm);
        MPI_Reduce(dl, dlmax, 2 * n, MPI_DOUBLE, MPI_MAX, 0, b->comm);
        if (b->rank == 0) {
            long late = 0;
            for (int i = 0; i < n; i++) {
                if (dlmax[n + i] > 0) {
                    late++;
                    continue;
                }
                series_add(s, 1e6 * (span ? last[i] - first[i] : dlmax[i]));
            }
            s->late += late;
            attempts += n;
            if (4 * late > n)
                window *= 2;
        }
    }
    b->calls += calls;
    free(buf);
    free(dlmax);
    return calls ? total / (double)calls : 0;
}
