/* loggp.c: LogGP and Hockney's parameters per ordered pair (--loggp),
 * measured the way netgauge does (Hoefler, Lichei, Rehm: "Low-Overhead
 * LogGP Parameter Assessment for Modern Interconnection Networks", 2007):
 * from parametrised round trips PRTT(n, d, s), in which the client sends
 * n messages of s bytes, d microseconds apart, and the server answers the
 * last with an empty message:
 *   PRTT(1, 0, s)                   = 2 (o_s + L + o_r) + (s-1) G
 *   g + (s-1) G                     = (PRTT(n, 0, s) - PRTT(1, 0, s)) / (n-1)
 *   o_s                             = (PRTT(n, d, s) - PRTT(1, 0, s)) / (n-1) - d
 * with d = PRTT(1, 0, s), larger than the gap, so that only the sender's
 * overhead separates the messages.  o_r is timed at the server: a receive
 * of a 1-byte message that has surely arrived.  Then L = PRTT(1,0,1)/2 -
 * o_s - o_r, g the gap at 1 byte, G the slope of g + (s-1)G over s, and
 * Hockney's alpha and beta the line through the one-way times
 * PRTT(1,0,s)/2.  Medians of 25; pairs one at a time, the others asleep.
 * The matrices are rank 0's alone (the others log their values for it,
 * params/pair_log.h). */
#include "params/params.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "clock/clock_guard.h"
#include "lifecycle/interrupt.h"
#include "params/pair_log.h"
#include "models/stats.h"
#include "clock/waits.h"
#include "kernels/tags.h"

enum { REPS = 25, BURST = 8, NSIZES = 6, LOGGP_MATRICES = 7 };
static const int sizes[NSIZES] = {1, 64, 1024, 4096, 16384, 65536};

/* busy for seconds on MPI_Wtime's clock (bounded where it stops:
 * clock_guard.h) */
static void spin(double seconds)
{
    guard_spin_until(MPI_Wtime() + seconds);
}

/* the client's median PRTT(n, d, s) in seconds; the server answers */
static double prtt(MPI_Comm comm, int client, int me, int other, int n,
                   double d, int s, char *buf)
{
    double t[REPS];
    for (int rep = 0; rep < REPS; rep++) {
        if (me == client) {
            double t0 = MPI_Wtime();
            for (int k = 0; k < n; k++) {
                if (k && d > 0)
                    spin(d);
                MPI_Send(buf, s, MPI_BYTE, other, TAG_PARAM, comm);
            }
            MPI_Recv(NULL, 0, MPI_BYTE, other, TAG_PARAM, comm, MPI_STATUS_IGNORE);
            t[rep] = MPI_Wtime() - t0;
        } else {
            for (int k = 0; k < n; k++)
                MPI_Recv(buf, s, MPI_BYTE, other, TAG_PARAM, comm, MPI_STATUS_IGNORE);
            MPI_Send(NULL, 0, MPI_BYTE, other, TAG_PARAM, comm);
        }
    }
    return me == client ? median_of(t, REPS) : 0;
}

/* the server's median time to receive one byte that has arrived */
static double recv_overhead(MPI_Comm comm, int client, int me, int other,
                            double wait, char *buf)
{
    double t[REPS];
    for (int rep = 0; rep < REPS; rep++) {
        if (me == client) {
            MPI_Send(buf, 1, MPI_BYTE, other, TAG_PARAM, comm);
            MPI_Recv(NULL, 0, MPI_BYTE, other, TAG_PARAM, comm, MPI_STATUS_IGNORE);
        } else {
            spin(wait);
            double t0 = MPI_Wtime();
            MPI_Recv(buf, 1, MPI_BYTE, other, TAG_PARAM, comm, MPI_STATUS_IGNORE);
            t[rep] = MPI_Wtime() - t0;
            MPI_Send(NULL, 0, MPI_BYTE, other, TAG_PARAM, comm);
        }
    }
    return me == client ? 0 : median_of(t, REPS);
}

/* the seven matrices, in one order (their index in a pair_log) */
static void matrices(struct loggp *lg, double **all[LOGGP_MATRICES])
{
    double **m[LOGGP_MATRICES] = {&lg->L, &lg->os, &lg->orr, &lg->g, &lg->G, &lg->alpha,
                                  &lg->beta};
    memcpy(all, m, sizeof m);
}

/* value v of matrix a (matrices' order) at cell at: into the matrix on
 * rank 0, which alone holds them, else into the log for it */
static void put(double **all[LOGGP_MATRICES], struct pair_log *log, int a, size_t at,
                double v)
{
    if (*all[a])
        (*all[a])[at] = v;
    else
        pair_log_put(log, a, at, v);
}

/* client -> server, seen from one of them; the client measures its row's
 * values, the server o_r */
static void measure_pair(MPI_Comm comm, int me, int client, int server,
                         char *buf, struct loggp *lg, struct pair_log *log)
{
    int p = lg->p, other = me == client ? server : client;
    size_t cs = (size_t)client * p + server, sc = (size_t)server * p + client;
    double x[NSIZES], one_way[NSIZES], gaps[NSIZES], os1 = 0;
    /* the server waits for its receives to be surely there: a few round
     * trips, as the client measured it */
    double d1 = prtt(comm, client, me, other, 1, 0, 1, buf);
    if (me == client)
        MPI_Send(&d1, 1, MPI_DOUBLE, other, TAG_PARAM, comm);
    else
        MPI_Recv(&d1, 1, MPI_DOUBLE, other, TAG_PARAM, comm, MPI_STATUS_IGNORE);
    for (int k = 0; k < NSIZES; k++) {
        double one = prtt(comm, client, me, other, 1, 0, sizes[k], buf);
        double burst = prtt(comm, client, me, other, BURST, 0, sizes[k], buf);
        x[k] = sizes[k];
        one_way[k] = one / 2 * 1e6;
        gaps[k] = (burst - one) / (BURST - 1) * 1e6;
        if (k == 0) {
            double spaced = prtt(comm, client, me, other, BURST, one, 1, buf);
            os1 = ((spaced - one) / (BURST - 1) - one) * 1e6;
        }
    }
    /* the server knows o_r, the client everything else: both add theirs */
    double orr = recv_overhead(comm, client, me, other, 4 * d1 + 20e-6, buf) * 1e6;
    double **all[LOGGP_MATRICES];
    matrices(lg, all);
    if (me == server) {
        put(all, log, 2, sc, orr);
        return;
    }
    struct fit fg = fit_linear(x, gaps, NSIZES), fh = fit_linear(x, one_way, NSIZES);
    put(all, log, 1, cs, os1 > 0 ? os1 : 0);
    put(all, log, 3, cs, gaps[0] > 0 ? gaps[0] : 0);
    put(all, log, 4, cs, fg.ok && fg.beta > 0 ? fg.beta : 0);
    put(all, log, 5, cs, fh.ok ? fh.alpha : NAN);
    put(all, log, 6, cs, fh.ok ? fh.beta : NAN);
    put(all, log, 0, cs, one_way[0]);   /* o_s and o_r come off below */
}

/* Collective: every rank's logged values into rank 0's matrices */
static void gather(MPI_Comm comm, struct loggp *lg, struct pair_log *log)
{
    double **all[LOGGP_MATRICES];
    matrices(lg, all);
    for (int a = 0; a < LOGGP_MATRICES; a++)
        pair_log_gather(comm, log, a, *all[a], 0);
}

int loggp_measure(MPI_Comm comm, struct loggp *lg)
{
    int me, p, sig = 0;
    MPI_Comm_rank(comm, &me);
    MPI_Comm_size(comm, &p);
    size_t pp = (size_t)p * (size_t)p;
    double **all[LOGGP_MATRICES];
    matrices(lg, all);
    lg->p = p;
    for (int a = 0; me == 0 && a < LOGGP_MATRICES; a++)   /* rank 0's alone */
        *all[a] = xcalloc(pp, sizeof(double));
    struct pair_log log = {0};
    char *buf = xcalloc(65536, 1);
    quiet_barrier(comm);
    for (int i = 0; i < p && !sig; i++)
        for (int j = 0; j < p && !sig; j++) {
            if (i == j)
                continue;
            if (me == i || me == j)
                measure_pair(comm, me, i, j, buf, lg, &log);
            sig = quiet_agree(comm, interrupt_noted());
        }
    gather(comm, lg, &log);
    pair_log_free(&log);
    for (int i = 0; me == 0 && i < p; i++)
        for (int j = 0; j < p; j++) {
            size_t ij = (size_t)i * p + j;
            double l = lg->L[ij] - lg->os[ij] - lg->orr[(size_t)j * p + i];
            lg->L[ij] = i == j ? 0 : l > 0 ? l : 0;
        }
    free(buf);
    return sig;
}

void loggp_free(struct loggp *lg)
{
    double **all[LOGGP_MATRICES];
    matrices(lg, all);
    for (int a = 0; a < LOGGP_MATRICES; a++) {
        free(*all[a]);
        *all[a] = NULL;
    }
    lg->p = 0;
}
