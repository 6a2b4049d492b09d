/* param_cache.c: the pairwise parameters of each topology, measured once
 * for the run when a barrier pattern first needs them, and handed to the
 * writers as world-rank matrices. */
#include "measure/params.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "measure/interrupt.h"

static const struct params_entry *entry(const struct measurer *m,
                                        const struct topology *t)
{
    for (int i = 0; i < m->nparams; i++)
        if (m->params[i].topo == t)
            return &m->params[i];
    return NULL;
}

const struct params *measured_params(const struct measurer *m,
                                     const struct topology *t)
{
    const struct params_entry *e = entry(m, t);
    return e && e->pm.p ? &e->pm : NULL;
}

const struct loggp *measured_loggp(const struct measurer *m,
                                   const struct topology *t)
{
    const struct params_entry *e = entry(m, t);
    return e && e->lg.p ? &e->lg : NULL;
}

/* Collective: a matrix over the communicator's ranks (cols = its size,
 * depth values a cell, or 1 for one value per rank) as a world-rank matrix
 * on rank 0, NaN outside the communicator and on the diagonal; NULL
 * elsewhere */
static double *world_matrix(const struct measurer *m, const struct topo_comm *tc,
                            const double *cm, int cols, int depth)
{
    int p = m->world->size, width = cols == 1 ? 1 : p * depth;
    double *row = xmalloc_array((size_t)width, sizeof *row);
    for (int i = 0; i < width; i++)
        row[i] = NAN;
    if (tc->comm != MPI_COMM_NULL) {
        int c, n;
        MPI_Comm_rank(tc->comm, &c);
        MPI_Comm_size(tc->comm, &n);
        if (cols == 1)
            row[0] = cm[c];
        else
            for (int j = 0; j < n; j++)
                for (int k = 0; k < depth; k++)
                    row[(size_t)tc->places[j].rank * depth + k] =
                        j == c ? NAN : cm[((size_t)c * n + j) * depth + k];
    }
    double *all = m->world->rank == 0 ? xmalloc_array((size_t)p * width, sizeof *all)
                                      : NULL;
    MPI_Gather(row, width, MPI_DOUBLE, all, width, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    free(row);
    return all;
}

static void add_deep(struct param_matrices *mx, const struct measurer *m,
                     const struct topo_comm *tc, enum param_file file,
                     const double *cm, int cols, int depth)
{
    struct param_matrix *x = &mx->m[mx->n++];
    x->file = file;
    x->cols = cols == 1 ? 1 : mx->p;
    x->depth = depth;
    x->v = world_matrix(m, tc, cm, cols, depth);
}

static void add(struct param_matrices *mx, const struct measurer *m,
                const struct topo_comm *tc, enum param_file file,
                const double *cm, int cols)
{
    add_deep(mx, m, tc, file, cm, cols, 1);
}

/* Collective: the tails, as doubles, when every rank of the topology's
 * communicators kept them (all or none: the same p <= PARAM_TAIL_MAX_P
 * everywhere would not hold for communicators of different sizes) */
static void add_tail(struct param_matrices *mx, const struct measurer *m,
                     const struct topo_comm *tc, const struct params *pm)
{
    int have = tc->comm == MPI_COMM_NULL || pm->tail;
    MPI_Allreduce(MPI_IN_PLACE, &have, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (!have)
        return;
    size_t n = pm->tail ? (size_t)pm->p * pm->p * PARAM_TAIL_BINS : 0;
    double *v = xmalloc_array(n + 1, sizeof *v);
    for (size_t i = 0; i < n; i++)
        v[i] = pm->tail[i];
    add_deep(mx, m, tc, PF_TAIL, v, 0, PARAM_TAIL_BINS);
    free(v);
}

static void add_loggp(struct param_matrices *mx, const struct measurer *m,
                      const struct topo_comm *tc, const struct loggp *lg)
{
    add(mx, m, tc, PF_LOGGP_L, lg->L, 0);
    add(mx, m, tc, PF_LOGGP_OS, lg->os, 0);
    add(mx, m, tc, PF_LOGGP_OR, lg->orr, 0);
    add(mx, m, tc, PF_LOGGP_G, lg->g, 0);
    add(mx, m, tc, PF_LOGGP_BIG_G, lg->G, 0);
    add(mx, m, tc, PF_HOCKNEY_ALPHA, lg->alpha, 0);
    add(mx, m, tc, PF_HOCKNEY_BETA, lg->beta, 0);
}

/* Collective: every matrix of the topology to the writers */
static void hand_on(struct measurer *m, const struct topo_comm *tc,
                    const struct params_entry *e)
{
    const struct params *pm = &e->pm;
    int n = tc->comm != MPI_COMM_NULL;
    struct param_matrices mx = {.p = m->world->size};
    add(&mx, m, tc, PF_O, n ? pm->o : NULL, 1);
    add(&mx, m, tc, PF_OIJ, n ? pm->oij : NULL, 0);
    add(&mx, m, tc, PF_LIJ, n ? pm->lij : NULL, 0);
    add(&mx, m, tc, PF_BIJ, n ? pm->bij : NULL, 0);
    add(&mx, m, tc, PF_LIJ_SMALL, n ? pm->lsm : NULL, 0);
    add(&mx, m, tc, PF_XIJ, n ? pm->xij : NULL, 0);
    add(&mx, m, tc, PF_RIJ, n ? pm->rij : NULL, 0);
    add(&mx, m, tc, PF_R1IJ, n ? pm->r1ij : NULL, 0);
    add(&mx, m, tc, PF_SIJ, n ? pm->sij : NULL, 0);
    add_tail(&mx, m, tc, pm);
    if (m->opt->loggp)
        add_loggp(&mx, m, tc, &e->lg);
    if (pm->rounds)
        snprintf(mx.how, sizeof mx.how, "measured in %d rounds of disjoint pairs at "
                 "once (%d repetitions over 1 KiB); %d pairs measured again alone differ "
                 "by at most %.1f%% in O_ij, %.1f%% in L_ij (1 B - 1 KiB), %.1f%% in "
                 "L_ij, %.1f%% in B_ij, %.1f%% in R_ij, %.1f%% in R1_ij, %.1f%% in S_ij",
                 pm->rounds, PARAM_BIG_REPS, pm->verified, 100 * pm->dev[0],
                 100 * pm->dev[1], 100 * pm->dev[2], 100 * pm->dev[3], 100 * pm->dev[4],
                 100 * pm->dev[5], 100 * pm->dev[6]);
    else
        snprintf(mx.how, sizeof mx.how, "measured pair by pair, every ordered pair "
                 "in turn");
    if (m->world->rank == 0 && m->on_params)
        m->on_params(m->sink, tc->topo, &mx);
    for (int i = 0; i < mx.n; i++)
        free(mx.m[i].v);
}

int ensure_params(struct measurer *m, const struct planned *pl)
{
    const struct pattern *pat = pl->rec->pattern;
    const struct topo_comm *tc = pl->tc;
    if (!pat || !(pat->generate || pl->rec->pattern_file[0]) || entry(m, tc->topo))
        return 0;
    m->params = xrealloc(m->params, (size_t)(m->nparams + 1) * sizeof *m->params);
    struct params_entry *e = &m->params[m->nparams++];
    memset(e, 0, sizeof *e);
    e->topo = tc->topo;
    int sig = 0;
    if (tc->comm != MPI_COMM_NULL)
        sig = params_measure(tc->comm, &e->pm);
    if (tc->comm != MPI_COMM_NULL && m->opt->loggp && !sig)
        sig = loggp_measure(tc->comm, &e->lg);
    /* a signal stopped some communicator's measurement: no rank hands on
     * (or writes) matrices, and the run ends after this record */
    if ((m->signal = interrupt_agreed()))
        return m->signal;
    hand_on(m, tc, e);
    return 0;
}

void measurer_free(struct measurer *m)
{
    for (int i = 0; i < m->nparams; i++) {
        params_free(&m->params[i].pm);
        loggp_free(&m->params[i].lg);
    }
    free(m->params);
    m->params = NULL;
    m->nparams = 0;
    clocks_free(&m->clocks);
}
