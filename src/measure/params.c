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
#define MAX_POW 10       /* 2^0 .. 2^10 bytes for L_ij: the small-message regime */

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
                MPI_Send(NULL, 0, MPI_BYTE, i, TAG_PARAM_READY, comm);
                waitall(k, r);
            } else {
                MPI_Recv(NULL, 0, MPI_BYTE, j, TAG_PARAM_READY, comm, MPI_STATUS_IGNORE);
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
    double l, b;
    latency(comm, me, i, j, buf, &l, &b);
    if (me == i) {
        pm->lij[(size_t)i * p + j] = pm->lij[(size_t)j * p + i] = l;
        pm->bij[(size_t)i * p + j] = pm->bij[(size_t)j * p + i] = b;
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
    char *buf = xcalloc((size_t)1 << MAX_POW, 1);
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

const struct params *measured_params(const struct measurer *m,
                                     const struct topology *t)
{
    for (int i = 0; i < m->nparams; i++)
        if (m->params[i].topo == t)
            return m->params[i].pm.p ? &m->params[i].pm : NULL;
    return NULL;
}

/* this rank's row of the world-rank matrices: O_i, then O_ij and L_ij to
 * every world rank (NaN outside its communicator) */
static double *world_row(const struct topo_comm *tc, const struct params *pm,
                         int p)
{
    double *row = xmalloc_array(2 * (size_t)p + 1, sizeof *row);
    for (int i = 0; i < 2 * p + 1; i++)
        row[i] = NAN;
    if (tc->comm == MPI_COMM_NULL)
        return row;
    int c, n = pm->p;
    MPI_Comm_rank(tc->comm, &c);
    row[0] = pm->o[c];
    for (int j = 0; j < n; j++) {
        int w = tc->places[j].rank;
        row[1 + w] = j == c ? NAN : pm->oij[(size_t)c * n + j];
        row[1 + p + w] = j == c ? NAN : pm->lij[(size_t)c * n + j];
    }
    return row;
}

/* Collective: the parameters as world-rank matrices, to the writers */
static void hand_on(struct measurer *m, const struct topo_comm *tc,
                    const struct params *pm)
{
    int p = m->world->size, root = m->world->rank == 0;
    size_t width = 2 * (size_t)p + 1;
    double *row = world_row(tc, pm, p);
    double *all = root ? xmalloc_array((size_t)p * width, sizeof *all) : NULL;
    MPI_Gather(row, (int)width, MPI_DOUBLE, all, (int)width, MPI_DOUBLE, 0,
               MPI_COMM_WORLD);
    free(row);
    if (root && m->on_params) {
        struct param_matrices mx = {p, xmalloc_array((size_t)p, sizeof(double)),
                                    xmalloc_array((size_t)p * p, sizeof(double)),
                                    xmalloc_array((size_t)p * p, sizeof(double))};
        for (int i = 0; i < p; i++) {
            const double *r = all + (size_t)i * width;
            mx.o[i] = r[0];
            memcpy(mx.oij + (size_t)i * p, r + 1, (size_t)p * sizeof *mx.oij);
            memcpy(mx.lij + (size_t)i * p, r + 1 + p, (size_t)p * sizeof *mx.lij);
        }
        m->on_params(m->sink, tc->topo, &mx);
        free(mx.o);
        free(mx.oij);
        free(mx.lij);
    }
    free(all);
}

void ensure_params(struct measurer *m, const struct planned *pl)
{
    const struct pattern *pat = pl->rec->pattern;
    const struct topo_comm *tc = pl->tc;
    if (!pat || !(pat->generate || pl->rec->pattern_file[0]))
        return;
    for (int i = 0; i < m->nparams; i++)
        if (m->params[i].topo == tc->topo)
            return;
    m->params = xrealloc(m->params, (size_t)(m->nparams + 1) * sizeof *m->params);
    struct params_entry *e = &m->params[m->nparams++];
    memset(e, 0, sizeof *e);
    e->topo = tc->topo;
    if (tc->comm != MPI_COMM_NULL)
        params_measure(tc->comm, &e->pm);
    hand_on(m, tc, &e->pm);
}

void measurer_free(struct measurer *m)
{
    for (int i = 0; i < m->nparams; i++)
        params_free(&m->params[i].pm);
    free(m->params);
    m->params = NULL;
    m->nparams = 0;
}
