/* clock.c: the clock model's rounds of ping-pongs, its fits, refits and
 * end check (clock.h) */
#include "measure/clock.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "base/smpi.h"
#include "base/base.h"
#include "kernels/tags.h"

enum { LINE_DOUBLES = 7 };

/* rank 0's half of a burst of n ping-pongs with r: the quickest's
 * midpoint (rank 0's time), the offset there (r's clock minus rank 0's),
 * its round trip.  Each ping carries how many are left in the burst,
 * itself included (serve) */
static void burst(int r, int n, double *t, double *off, double *rtt)
{
    *rtt = INFINITY;
    *t = *off = 0;
    for (int i = 0; i < n; i++) {
        double left = n - i, t0 = MPI_Wtime(), remote;
        MPI_Send(&left, 1, MPI_DOUBLE, r, TAG_CLOCK, MPI_COMM_WORLD);
        MPI_Recv(&remote, 1, MPI_DOUBLE, r, TAG_CLOCK, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        double t1 = MPI_Wtime();
        /* the remote read happened somewhere in [t0, t1]: the middle is
         * the best guess, and the shortest round trip the best bound */
        if (t1 - t0 < *rtt) {
            *rtt = t1 - t0;
            *t = (t0 + t1) / 2;
            *off = remote - *t;
        }
    }
}

/* rank 0: r serves no more bursts */
static void stop(int r)
{
    double none = 0;
    MPI_Send(&none, 1, MPI_DOUBLE, r, TAG_CLOCK, MPI_COMM_WORLD);
}

/* the first ping of a burst, waited for asleep: a rank that busy-polled
 * for its turn took a core from the two that ping (three ranks on two
 * cores saw round trips of 3-8 ms for whole fits) */
static void first_ping(double *left)
{
    MPI_Request req;
    int done = 0;
    if (MPIGAUGE_SMPI) {       /* SMPI's MPI_Test costs simulated time */
        MPI_Recv(left, 1, MPI_DOUBLE, 0, TAG_CLOCK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        return;
    }
    MPI_Irecv(left, 1, MPI_DOUBLE, 0, TAG_CLOCK, MPI_COMM_WORLD, &req);
    MPI_Test(&req, &done, MPI_STATUS_IGNORE);
    while (!done) {
        struct timespec pause = {0, 20000};
        nanosleep(&pause, NULL);
        MPI_Test(&req, &done, MPI_STATUS_IGNORE);
    }
}

/* the other ranks' half: every ping answered with this rank's time,
 * burst after burst, until rank 0 says stop */
static void serve(void)
{
    for (;;) {
        double left, t;
        first_ping(&left);
        if (left <= 0)
            return;
        for (;;) {
            t = MPI_Wtime();
            MPI_Send(&t, 1, MPI_DOUBLE, 0, TAG_CLOCK, MPI_COMM_WORLD);
            if (left <= 1)
                break;
            MPI_Recv(&left, 1, MPI_DOUBLE, 0, TAG_CLOCK, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        }
    }
}

/* rank 0 sleeps until its clock reads at (SMPI's nanosleep is simulated) */
static void sleep_until(double at)
{
    double left = at - MPI_Wtime();
    if (left <= 0)
        return;
    struct timespec ts = {(time_t)left, (long)((left - (double)(time_t)left) * 1e9)};
    nanosleep(&ts, NULL);
}

/* 1 when one rank's n samples so far make a fit: CLOCK_MIN_QUICK quick
 * ones at least, spread over half of CLOCK_SPAN_S or more, and a drift
 * known to CLOCK_DRIFT_SE or better */
static int enough(const double *t, const double *off, const double *rtt, int n)
{
    struct clock_line f;
    if (clock_fit(t, off, rtt, n, &f) < CLOCK_MIN_QUICK || f.se_drift > CLOCK_DRIFT_SE)
        return 0;
    double first = INFINITY, last = -INFINITY;
    for (int i = 0; i < n; i++) {
        if (!clock_quick(rtt[i], f.rtt))
            continue;
        first = fmin(first, t[i]);
        last = fmax(last, t[i]);
    }
    return last - first >= CLOCK_SPAN_S / 2;
}

/* rank 0: the rounds, rank r's k-th sample at [r * CLOCK_MAX_ROUNDS + k]
 * and its count in n[r]: CLOCK_ROUNDS for every rank, then more for a
 * rank whose samples are not enough, up to CLOCK_MAX_ROUNDS */
static void rounds(int size, double *t, double *off, double *rtt, int *n)
{
    double gap = CLOCK_SPAN_S / (CLOCK_ROUNDS - 1), last = -INFINITY;
    int more = 0;
    for (int k = 0; k < CLOCK_MAX_ROUNDS && (k < CLOCK_ROUNDS || more); k++) {
        /* gap after the last round's start, never less: a round that
         * came late (a rank descheduled) does not bunch the next ones */
        sleep_until(last + gap);
        last = MPI_Wtime();
        more = 0;
        for (int r = 1; r < size; r++) {
            int i = r * CLOCK_MAX_ROUNDS;
            if (k >= CLOCK_ROUNDS && enough(&t[i], &off[i], &rtt[i], n[r]))
                continue;
            int j = i + n[r]++;
            burst(r, CLOCK_PINGS, &t[j], &off[j], &rtt[j]);
            more |= k + 1 >= CLOCK_ROUNDS && !enough(&t[i], &off[i], &rtt[i], n[r]);
        }
    }
    for (int r = 1; r < size; r++)
        stop(r);
}

static void pack(const struct clock_line *f, double *d)
{
    double v[LINE_DOUBLES] = {f->t_ref, f->offset, f->drift, f->se_offset,
                              f->se_drift, f->max_residual, f->rtt};
    memcpy(d, v, sizeof v);
}

static void unpack(const double *d, struct clock_line *f)
{
    memset(f, 0, sizeof *f);
    f->t_ref = d[0];
    f->offset = d[1];
    f->drift = d[2];
    f->se_offset = d[3];
    f->se_drift = d[4];
    f->max_residual = d[5];
    f->rtt = d[6];
}

/* rank 0: every rank's line from the samples, packed for the scatter */
static void fit_all(struct clocks *c, int size, const double *t, const double *off,
                    const double *rtt, const int *n, double *packed)
{
    memset(&c->lines[0], 0, sizeof c->lines[0]);
    pack(&c->lines[0], packed);
    for (int r = 1; r < size; r++) {
        int i = r * CLOCK_MAX_ROUNDS;
        clock_fit(&t[i], &off[i], &rtt[i], n[r], &c->lines[r]);
        pack(&c->lines[r], &packed[r * LINE_DOUBLES]);
        c->rep.max_residual = fmax(c->rep.max_residual, c->lines[r].max_residual);
    }
}

/* a fit, first or again */
static void fit(struct clocks *c)
{
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    double mine[LINE_DOUBLES], *packed = NULL, start = MPI_Wtime();
    if (rank == 0) {
        size_t m = (size_t)size * CLOCK_MAX_ROUNDS;
        double *t = xmalloc_array(m, sizeof *t), *off = xmalloc_array(m, sizeof *off);
        double *rtt = xmalloc_array(m, sizeof *rtt);
        int *n = xcalloc((size_t)size, sizeof *n);
        packed = xmalloc_array((size_t)size * LINE_DOUBLES, sizeof *packed);
        rounds(size, t, off, rtt, n);
        fit_all(c, size, t, off, rtt, n, packed);
        free(t);
        free(off);
        free(rtt);
        free(n);
    } else {
        serve();
    }
    MPI_Scatter(packed, LINE_DOUBLES, MPI_DOUBLE, mine, LINE_DOUBLES, MPI_DOUBLE, 0,
                MPI_COMM_WORLD);
    free(packed);
    unpack(mine, &c->line);
    c->min_window = INFINITY;
    c->fitted_at = MPI_Wtime();
    c->fit_cost = c->fitted_at - start;
}

void clock_sync(struct clocks *c)
{
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    memset(c, 0, sizeof *c);
    if (rank == 0) {
        c->lines = xcalloc((size_t)size, sizeof *c->lines);
        c->rep = (struct clock_report){c->lines, size, CLOCK_ROUNDS, CLOCK_PINGS,
                                       size > 1 ? CLOCK_SPAN_S : 0, 0, 0, 0, 0, 0, 0};
    }
    double start = MPI_Wtime();
    if (size > 1)
        fit(c);
    c->rep.fit_s = MPI_Wtime() - start;
}

int clock_refit_due(struct clocks *c)
{
    const struct clock_line *f = &c->line;
    double local = MPI_Wtime(), now = clock_global(f, local);
    double pause = fmax(CLOCK_REFIT_PAUSE_S, 4 * c->fit_cost);
    int due = isfinite(c->min_window) && local - c->fitted_at >= pause &&
              clock_error(f, now) >= c->min_window / 10 &&
              f->se_drift * fabs(now - f->t_ref) >= f->se_offset;
    MPI_Allreduce(MPI_IN_PLACE, &due, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (!due)
        return 0;
    fit(c);
    c->rep.refits++;
    return 1;
}

/* rank 0: r's offset now against its line's, from the quickest of up to
 * CLOCK_CHECK_TRIES bursts (until one is quick), 1 ms apart */
static void check_rank(struct clocks *c, int r)
{
    double best = INFINITY, error = 0;
    for (int k = 0; k < CLOCK_CHECK_TRIES && !clock_quick(best, c->lines[r].rtt); k++) {
        double t, off, rtt;
        if (k)
            sleep_until(MPI_Wtime() + 1e-3);
        burst(r, CLOCK_CHECK_PINGS, &t, &off, &rtt);
        if (rtt < best) {
            best = rtt;
            error = fabs(off - (clock_local(&c->lines[r], t) - t));
        }
    }
    stop(r);
    if (error > c->rep.end_error) {
        c->rep.end_error = error;
        c->rep.end_rtt = best;
    }
}

void clock_check(struct clocks *c)
{
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank != 0) {
        serve();
        return;
    }
    c->rep.checked = 1;
    c->rep.end_error = -1;     /* the first rank's sets it, round trip too */
    for (int r = 1; r < size; r++)
        check_rank(c, r);
    c->rep.end_error = fmax(c->rep.end_error, 0);
}

double clock_to_local(const struct clocks *c, double T)
{
    return clock_local(&c->line, T);
}

double clock_to_rank0(const struct clocks *c, double L)
{
    return clock_global(&c->line, L);
}

void clocks_free(struct clocks *c)
{
    free(c->lines);
    c->lines = NULL;
    c->rep.lines = NULL;
}
