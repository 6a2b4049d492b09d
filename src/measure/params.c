/* params.c: the pairwise parameters of section 5.6.3 of Meyer's thesis,
 * measured one pair at a time while the other ranks sleep in a barrier,
 * once per topology for the whole run. */
#include "measure/params.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "kernels/barrier.h"
#include "measure/timing.h"
#include "models/stats.h"

#define REPS 25          /* "stable ... for sample sizes above 25" */
#define MAX_REQS 8       /* k = 1..8 requests for O_ij */
#define MAX_POW 20       /* 2^0 .. 2^20 bytes for L_ij, as the thesis (5.6.4) */
#define SMALL_POW 10     /* 2^0 .. 2^10: the small-message variant of L_ij */

/* O_i: starting and completing p requests that communicate nothing */
static double invocation(int p)
{
    MPI_Request *r = xmalloc_array((size_t)p, sizeof *r);
    for (int k = 0; k < p; k++)
        MPI_Send_init(NULL, 0, MPI_BYTE, MPI_PROC_NULL, TAG_PARAM, MPI_COMM_SELF, &r[k]);
    double t[REPS];
    for (int i = 0; i < REPS; i++) {
        double t0 = MPI_Wtime();
        MPI_Startall(p, r);
        waitall(p, r);
        t[i] = (MPI_Wtime() - t0) * 1e6;
    }
    for (int k = 0; k < p; k++)
        MPI_Request_free(&r[k]);
    free(r);
    return median_of(t, REPS);
}

/* O_ij from the sender i: the slope of the time to start and complete k
 * zero-byte sends at once against k.  The receives are not posted in
 * advance (thesis 5.6.3; a waiting receiver is condition 2's case): i
 * tells j to begin and starts at once, j posts its receives when the
 * word arrives. */
static double per_request(MPI_Comm comm, int me, int i, int j)
{
    MPI_Request r[MAX_REQS];
    double x[MAX_REQS], y[MAX_REQS], t[REPS];
    for (int k = 1; k <= MAX_REQS; k++) {
        for (int q = 0; q < k; q++) {
            if (me == i)
                MPI_Send_init(NULL, 0, MPI_BYTE, j, TAG_PARAM, comm, &r[q]);
            else
                MPI_Recv_init(NULL, 0, MPI_BYTE, i, TAG_PARAM, comm, &r[q]);
        }
        for (int rep = 0; rep < REPS; rep++) {
            if (me == j) {
                MPI_Recv(NULL, 0, MPI_BYTE, i, TAG_PARAM_READY, comm, MPI_STATUS_IGNORE);
                MPI_Startall(k, r);
                waitall(k, r);
                /* the next repetition begins after this one is done */
                MPI_Send(NULL, 0, MPI_BYTE, i, TAG_PARAM_READY, comm);
            } else {
                MPI_Send(NULL, 0, MPI_BYTE, j, TAG_PARAM_READY, comm);
                double t0 = MPI_Wtime();
                MPI_Startall(k, r);
                waitall(k, r);
                t[rep] = (MPI_Wtime() - t0) * 1e6;
                MPI_Recv(NULL, 0, MPI_BYTE, j, TAG_PARAM_READY, comm, MPI_STATUS_IGNORE);
            }
        }
        for (int q = 0; q < k; q++)
            MPI_Request_free(&r[q]);
        x[k - 1] = k;
        y[k - 1] = me == i ? median_of(t, REPS) : 0;
    }
    if (me != i)
        return 0;
    struct fit f = fit_linear(x, y, MAX_REQS);
    return f.ok && f.beta > 0 ? f.beta : 0;
}

/* L_ij, B_ij from the initiator i: the one-way time of a ping-pong
 * against bytes, 2^0 to 2^20, followed back to 0 bytes by least squares
 * (the thesis's L_ij); small: the same over 2^0 to 2^10 by relative error
 * (weights 1/t^2), mpigauge's earlier variant */
static void latency(MPI_Comm comm, int me, int i, int j, char *buf,
                    double *l, double *b, double *small)
{
    double x[MAX_POW + 1], y[MAX_POW + 1], t[REPS];
    int other = me == i ? j : i;
    for (int e = 0; e <= MAX_POW; e++) {
        int n = 1 << e;
        for (int rep = 0; rep < REPS; rep++) {
            if (me == i) {
                double t0 = MPI_Wtime();
                MPI_Send(buf, n, MPI_BYTE, other, TAG_PARAM, comm);
                MPI_Recv(buf, n, MPI_BYTE, other, TAG_PARAM, comm, MPI_STATUS_IGNORE);
                t[rep] = (MPI_Wtime() - t0) * 1e6 / 2;
            } else {
                MPI_Recv(buf, n, MPI_BYTE, other, TAG_PARAM, comm, MPI_STATUS_IGNORE);
                MPI_Send(buf, n, MPI_BYTE, other, TAG_PARAM, comm);
            }
        }
        x[e] = n;
        y[e] = me == i ? median_of(t, REPS) : 0;
    }
    *l = *b = *small = 0;
    if (me != i)
        return;
    struct fit f = fit_linear(x, y, MAX_POW + 1);
    if (f.ok) {
        *l = f.alpha > 0 ? f.alpha : 0;
        *b = f.beta > 0 ? f.beta : 0;
    }
    f = fit_linear_relative(x, y, SMALL_POW + 1);
    if (f.ok)
        *small = f.alpha > 0 ? f.alpha : 0;
}

/* the pair i, j seen from one of them: O_ij (and O_ji), then L_ij */
static void measure_pair(MPI_Comm comm, int me, int i, int j, char *buf,
                         struct params *pm)
{
    int p = pm->p;
    double o = per_request(comm, me, i, j);
    if (me == i)
        pm->oij[(size_t)i * p + j] = o;
    if (i > j)
        return;
    double l, b, small;
    latency(comm, me, i, j, buf, &l, &b, &small);
    if (me == i) {
        pm->lij[(size_t)i * p + j] = pm->lij[(size_t)j * p + i] = l;
        pm->bij[(size_t)i * p + j] = pm->bij[(size_t)j * p + i] = b;
        pm->lsm[(size_t)i * p + j] = pm->lsm[(size_t)j * p + i] = small;
    }
}

void params_measure(MPI_Comm comm, struct params *pm)
{
    int me, p;
    MPI_Comm_rank(comm, &me);
    MPI_Comm_size(comm, &p);
    size_t pp = (size_t)p * (size_t)p;
    pm->p = p;
    pm->o = xcalloc((size_t)p, sizeof *pm->o);
    pm->oij = xcalloc(pp, sizeof *pm->oij);
    pm->lij = xcalloc(pp, sizeof *pm->lij);
    pm->bij = xcalloc(pp, sizeof *pm->bij);
    pm->lsm = xcalloc(pp, sizeof *pm->lsm);
    char *buf = xcalloc((size_t)1 << MAX_POW, 1);   /* 1 MiB */
    quiet_barrier(comm);
    pm->o[me] = invocation(p);
    for (int i = 0; i < p; i++)
        for (int j = 0; j < p; j++) {
            if (i == j)
                continue;
            if (me == i || me == j)
                measure_pair(comm, me, i, j, buf, pm);
            quiet_barrier(comm);
        }
    /* each value was measured on one rank and is 0 elsewhere */
    MPI_Allreduce(MPI_IN_PLACE, pm->o, p, MPI_DOUBLE, MPI_SUM, comm);
    MPI_Allreduce(MPI_IN_PLACE, pm->oij, (int)pp, MPI_DOUBLE, MPI_SUM, comm);
    MPI_Allreduce(MPI_IN_PLACE, pm->lij, (int)pp, MPI_DOUBLE, MPI_SUM, comm);
    MPI_Allreduce(MPI_IN_PLACE, pm->bij, (int)pp, MPI_DOUBLE, MPI_SUM, comm);
    MPI_Allreduce(MPI_IN_PLACE, pm->lsm, (int)pp, MPI_DOUBLE, MPI_SUM, comm);
    free(buf);
}

void params_free(struct params *pm)
{
    free(pm->o);
    free(pm->oij);
    free(pm->lij);
    free(pm->bij);
    free(pm->lsm);
    memset(pm, 0, sizeof *pm);
}
