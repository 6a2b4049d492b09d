/* clock_pings.c: bursts of ping-pongs, answering them, and a pinger's
 * rounds over its peers (clock_pings.h) */
#include "clock/clock_pings.h"

#include <math.h>
#include <stdlib.h>
#include <time.h>
#include "base/smpi.h"
#include "base/base.h"
#include "kernels/tags.h"
#include "clock/waits.h"

void clock_burst(int r, int n, double *t, double *off, double *rtt)
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

void clock_send(int r, double v)
{
    MPI_Send(&v, 1, MPI_DOUBLE, r, TAG_CLOCK, MPI_COMM_WORLD);
}

/* waited for asleep: a rank that busy-polled for its turn took a core
 * from the two that ping (three ranks on two cores saw round trips of
 * 3-8 ms for whole fits) */
void clock_wait(int r, double *v)
{
    MPI_Request req;
    if (MPIGAUGE_SMPI) {       /* SMPI's MPI_Test costs simulated time */
        MPI_Recv(v, 1, MPI_DOUBLE, r, TAG_CLOCK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        return;
    }
    MPI_Irecv(v, 1, MPI_DOUBLE, r, TAG_CLOCK, MPI_COMM_WORLD, &req);
    quiet_wait(&req);
}

void clock_answer(int pinger, double left)
{
    for (;;) {
        double t = MPI_Wtime();
        MPI_Send(&t, 1, MPI_DOUBLE, pinger, TAG_CLOCK, MPI_COMM_WORLD);
        if (left <= 1)
            return;
        MPI_Recv(&left, 1, MPI_DOUBLE, pinger, TAG_CLOCK, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    }
}

void clock_serve(int pinger)
{
    for (;;) {
        double left;
        clock_wait(pinger, &left);
        if (left <= 0)
            return;
        clock_answer(pinger, left);
    }
}

void clock_sleep_until(double at)
{
    double left = at - MPI_Wtime();
    if (left <= 0)
        return;
    /* no caller sleeps longer than a fit's span: a clock that went back
     * would have it sleep for as long as it went back (clock_guard.h
     * judges it between sizes) */
    if (left > CLOCK_SPAN_S)
        left = CLOCK_SPAN_S;
    struct timespec ts = {(time_t)left, (long)((left - (double)(time_t)left) * 1e9)};
    nanosleep(&ts, NULL);
}

void clock_peers_init(struct clock_peers *p, int n, const int *rank)
{
    size_t m = (size_t)(n > 0 ? n : 1) * CLOCK_MAX_ROUNDS;
    p->n = n;
    p->rank = rank;
    p->t = xmalloc_array(m, sizeof *p->t);
    p->off = xmalloc_array(m, sizeof *p->off);
    p->rtt = xmalloc_array(m, sizeof *p->rtt);
    p->count = xcalloc((size_t)(n > 0 ? n : 1), sizeof *p->count);
    p->bursts = 0;
}

void clock_peers_free(struct clock_peers *p)
{
    free(p->t);
    free(p->off);
    free(p->rtt);
    free(p->count);
}

/* 1 when one peer's n samples so far make a fit: CLOCK_MIN_QUICK quick
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

int clock_peer_round(struct clock_peers *p, int i, int k)
{
    size_t at = (size_t)i * CLOCK_MAX_ROUNDS;
    if (k >= CLOCK_ROUNDS && enough(&p->t[at], &p->off[at], &p->rtt[at], p->count[i]))
        return -1;
    size_t j = at + (size_t)p->count[i]++;
    clock_burst(p->rank[i], CLOCK_PINGS, &p->t[j], &p->off[j], &p->rtt[j]);
    p->bursts++;
    return k + 1 >= CLOCK_ROUNDS &&
           !enough(&p->t[at], &p->off[at], &p->rtt[at], p->count[i]);
}

int clock_peers_round(struct clock_peers *p, int k)
{
    int more = 0;
    for (int i = 0; i < p->n; i++)
        more |= clock_peer_round(p, i, k) > 0;
    return more;
}

void clock_peer_fit(const struct clock_peers *p, int i, struct clock_line *f)
{
    size_t at = (size_t)i * CLOCK_MAX_ROUNDS;
    clock_fit(&p->t[at], &p->off[at], &p->rtt[at], p->count[i], f);
}
