/* params.c: the pairwise parameters of thesis section 5.6.3, measured
 * one pair at a time while the other ranks sleep in a barrier. */
#include "params.h"

#include "barrier.h"

#include <stdlib.h>
#include <string.h>
#include "stats.h"
#include "timing.h"

#define REPS 25          /* "stable ... for sample sizes above 25" */
#define MAX_REQS 8       /* k = 1..8 requests for O_ij */
#define MAX_POW 10       /* 2^0 .. 2^10 bytes for L_ij: the small-message regime */
#define TAG_PARAM 41

/* O_i: starting and completing p requests that communicate nothing */
static double invocation(int p)
{
    MPI_Request *r = malloc((size_t)p * sizeof *r);
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

/* O_ij from the sender i: k zero-byte sends started at once, after the
 * receiver j said its k receives are posted */
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
                MPI_Startall(k, r);
                MPI_Send(NULL, 0, MPI_BYTE, i, TAG_PARAM + 1, comm);
                waitall(k, r);
            } else {
                MPI_Recv(NULL, 0, MPI_BYTE, j, TAG_PARAM + 1, comm, MPI_STATUS_IGNORE);
                double t0 = MPI_Wtime();
                MPI_Startall(k, r);
                waitall(k, r);
                t[rep] = (MPI_Wtime() - t0) * 1e6;
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

/* L_ij, B_ij from the initiator i: one-way time of a ping-pong against
 * bytes, followed back to 0 bytes */
static void latency(MPI_Comm comm, int me, int i, int j, char *buf,
                    double *l, double *b)
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
    *l = *b = 0;
    if (me != i)
        return;
    /* by relative error: unweighted, the 64 KiB times (hundreds of times
     * the 1-byte ones) decide the intercept alone */
    struct fit f = fit_linear_relative(x, y, MAX_POW + 1);
    if (f.ok) {
        *l = f.alpha > 0 ? f.alpha : 0;
        *b = f.beta > 0 ? f.beta : 0;
    }
}

void params_measure(MPI_Comm comm, struct params *pm)
{
    int me, p;
    MPI_Comm_rank(comm, &me);
    MPI_Comm_size(comm, &p);
    size_t pp = (size_t)p * (size_t)p;
    pm->p = p;
    pm->o = calloc((size_t)p, sizeof *pm->o);
    pm->oij = calloc(pp, sizeof *pm->oij);
    pm->lij = calloc(pp, sizeof *pm->lij);
    pm->bij = calloc(pp, sizeof *pm->bij);
    char *buf = malloc((size_t)1 << MAX_POW);
    memset(buf, 0, (size_t)1 << MAX_POW);

    quiet_barrier(comm);
    pm->o[me] = invocation(p);
    for (int i = 0; i < p; i++)
        for (int j = 0; j < p; j++) {
            if (i != j && (me == i || me == j)) {
                double o = per_request(comm, me, i, j);
                if (me == i)
                    pm->oij[(size_t)i * p + j] = o;
            }
            if (i < j && (me == i || me == j)) {
                double l, b;
                latency(comm, me, i, j, buf, &l, &b);
                if (me == i) {
                    pm->lij[(size_t)i * p + j] = pm->lij[(size_t)j * p + i] = l;
                    pm->bij[(size_t)i * p + j] = pm->bij[(size_t)j * p + i] = b;
                }
            }
            if (i != j)
                quiet_barrier(comm);
        }
    /* each value was measured on one rank and is 0 elsewhere */
    MPI_Allreduce(MPI_IN_PLACE, pm->o, p, MPI_DOUBLE, MPI_SUM, comm);
    MPI_Allreduce(MPI_IN_PLACE, pm->oij, (int)pp, MPI_DOUBLE, MPI_SUM, comm);
    MPI_Allreduce(MPI_IN_PLACE, pm->lij, (int)pp, MPI_DOUBLE, MPI_SUM, comm);
    MPI_Allreduce(MPI_IN_PLACE, pm->bij, (int)pp, MPI_DOUBLE, MPI_SUM, comm);
    free(buf);
}

void params_free(struct params *pm)
{
    free(pm->o);
    free(pm->oij);
    free(pm->lij);
    free(pm->bij);
    memset(pm, 0, sizeof *pm);
}
