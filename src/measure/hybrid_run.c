/* hybrid_run.c: the HYBRID barrier pattern (Meyer's thesis, chapter 7).
 *
 * When the record starts, every rank of its communicator builds the same
 * barrier from rank 0's copy of the measured costs (models/hybrid.h):
 * groups by O_ij (the thesis's metric), the cheapest pattern inside each
 * group and among their pivots, checked with the knowledge matrices.
 * The record then measures it as any pattern.  Afterwards MPI_Barrier and
 * each candidate run on the same communicator, as many times as the
 * record's barriers, so that the report can say what the construction
 * bought.  With several communicators each builds its own; the report and
 * the pattern file are rank 0's communicator's. */
#include "measure/trial.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "input/iters.h"
#include "measure/interrupt.h"
#include "measure/params.h"
#include "measure/timing.h"
#include "models/cluster.h"

/* n doubles of rank 0's, on every rank of comm */
static double *from_rank0(const double *v, size_t n, MPI_Comm comm)
{
    double *c = xmalloc_array(n, sizeof *c);
    memcpy(c, v, n * sizeof *c);
    MPI_Bcast(c, (int)n, MPI_DOUBLE, 0, comm);
    return c;
}

/* 1 when every rank of comm holds the same digest: running barriers that
 * differ would deadlock, so a difference fails the record instead */
static int same_everywhere(unsigned long long digest, MPI_Comm comm)
{
    unsigned long long v[2] = {digest, ~digest};
    MPI_Allreduce(MPI_IN_PLACE, v, 2, MPI_UNSIGNED_LONG_LONG, MPI_MAX, comm);
    return v[0] == digest && v[1] == ~digest;
}

/* The tests' MPIGAUGE_TEST_SKEW=S (seconds) gives the last rank inputs of
 * its own before they are agreed: S more per timer read (timer_agree) and
 * S more on its row and column of its own O_ij copy, enough to make it a
 * group of its own were that copy used. */
static void test_skew(const struct kernel *k, double *oij)
{
    const char *s = getenv("MPIGAUGE_TEST_SKEW");
    if (!s || k->rank != k->size - 1)
        return;
    double us = strtod(s, NULL) * 1e6;
    for (int j = 0; j < k->size; j++) {
        oij[(size_t)k->rank * (size_t)k->size + (size_t)j] += us;
        oij[(size_t)j * (size_t)k->size + (size_t)k->rank] += us;
    }
}

int hybrid_prepare(struct trial *t, struct result *res)
{
    struct kernel *k = &t->k;
    const struct params *pm = measured_params(t->m, t->pl->tc->topo);
    if (k->comm == MPI_COMM_NULL || !pm)   /* the caller saw HYBRID */
        return 0;
    size_t pp = (size_t)k->size * (size_t)k->size;
    double *own = xmalloc_array(pp, sizeof *own);
    memcpy(own, pm->m[PF_OIJ], pp * sizeof *own);
    test_skew(k, own);
    /* every input of the construction is rank 0's: a rank's own copy or
     * timer cost would let near ties fall differently on different ranks
     * (issue 28: three different barriers on 64 simulated ranks).  The
     * tails are not among its inputs (costs_from_params leaves them out). */
    struct params same = {.p = k->size};
    for (int f = 0; f < PF_MODEL_COUNT; f++)
        if (pm->m[f] && param_files[f].shape != PS_TAIL)
            same.m[f] = from_rank0(f == PF_OIJ ? own : pm->m[f],
                                   param_values(f, k->size), k->comm);
    free(own);
    struct signal_costs c = costs_from_params(&same);
    /* agreed at the start of the run (timer_agree); rank 0's again here, so
     * that the construction depends on nothing else */
    double per_iteration = t->m->timer_cost * 1e6;
    MPI_Bcast(&per_iteration, 1, MPI_DOUBLE, 0, k->comm);
    enum param_file by = hybrid_grouping(&same, k->size);
    hybrid_build(&t->hy, k->size, same.m[by], &c, k->rec->signal == SIGNAL_SSEND
                 ? SIGNAL_SYNCHRONOUS : SIGNAL_EAGER, per_iteration);
    t->hy.grouped_by = by;
    params_free(&same);
    /* the tests' MPIGAUGE_TEST_DIVERGE: the last rank's barrier gets one
     * signal more, to show that ranks which still build different barriers
     * fail the record instead of deadlocking (a change of its inputs would
     * not always change its barrier: noise may make it a group of its own
     * on every rank already) */
    if (getenv("MPIGAUGE_TEST_DIVERGE") && k->rank == k->size - 1 && k->size > 1)
        bpattern_edge(&t->hy.bp, bpattern_stage(&t->hy.bp), 0, k->size - 1);
    if (!same_everywhere(bpattern_digest(&t->hy.bp), k->comm)) {
        snprintf(res->error, sizeof res->error, "the ranks built different HYBRID "
                 "barriers: a bug in mpigauge (an input of the construction that "
                 "is a rank's own); the record is not run, as it would deadlock");
        hybrid_free(&t->hy);
        return -1;
    }
    /* the check of every pattern (structure, then eqs. 5.1-5.2): a
     * construction that fails it is a bug here, never a barrier to time */
    struct bpattern_fault f;
    if (bpattern_verify(&t->hy.bp, &f)) {
        char why[256];
        bpattern_fault_text(&f, why, sizeof why);
        snprintf(res->error, sizeof res->error, "the HYBRID construction fails the "
                 "check of every pattern (%s): a bug in models/hybrid.c", why);
        hybrid_free(&t->hy);
        return -1;
    }
    t->bp = &t->hy.bp;
    return 0;
}

/* MPI_Barrier and every candidate on the record's communicator; a signal
 * (agreed over the communicator between two alternatives) leaves the rest
 * unmeasured (NaN), and the built barrier is kept all the same */
static void alternatives(struct trial *t, struct hybrid_alt *alt, long *iters)
{
    struct kernel *k = &t->k;
    const struct params *pm = measured_params(t->m, t->pl->tc->topo);
    long warmup;
    choose_iters(k->rec, t->m->opt, 0, 0, iters, &warmup);
    for (int a = 0; a < HYBRID_ALTS; a++) {
        alt[a].name = a == 0 ? "MPI" : hybrid_candidate(a - 1);
        alt[a].pred_us = NAN;
        alt[a].measured_us = NAN;
    }
    for (int a = 0; a < HYBRID_ALTS && !quiet_agree(k->comm, interrupt_noted()); a++) {
        if (a == 0) {
            alt[a].measured_us = barrier_slowest_mean(t, NULL, warmup, *iters);
            continue;
        }
        struct bpattern bp;
        struct bpattern_fault f;
        hybrid_candidate_pattern(a - 1, &bp, k->size);
        /* a built-in, so it passes the check of every pattern; should a
         * generator break, the candidate is not run (every rank generates
         * the same one, so all skip it alike): nan, not a wild write */
        if (bpattern_verify(&bp, &f)) {
            bpattern_free(&bp);
            continue;
        }
        struct patrun pr;
        patrun_init(&pr, &bp, k);
        alt[a].measured_us = barrier_slowest_mean(t, &pr, warmup, *iters);
        patrun_free(&pr);
        alt[a].pred_us = barrier_predict(t, &bp, pm, 0, NULL);
        bpattern_free(&bp);
    }
}

/* world rank 0: what the writers say of the built barrier */
static struct hybrid_info *describe(struct trial *t)
{
    struct hybrid_info *hi = xcalloc(1, sizeof *hi);
    const struct topo_comm *tc = t->pl->tc;
    int p = t->k.size;
    hi->world = xmalloc_array((size_t)p, sizeof *hi->world);
    hi->node = xmalloc_array((size_t)p, sizeof *hi->node);
    for (int j = 0; j < p; j++) {
        hi->world[j] = tc->places[j].rank;
        hi->node[j] = tc->places[j].node;
    }
    cluster_disagreements(t->hy.group, hi->node, p, hi->disagree,
                          (int)sizeof hi->disagree);
    hi->pred_us = barrier_predict(t, &t->hy.bp, measured_params(t->m, tc->topo),
                                  0, NULL);
    hi->h = t->hy;             /* the result takes the pattern over */
    memset(&t->hy, 0, sizeof t->hy);
    return hi;
}

void hybrid_finish(struct trial *t, struct result *res)
{
    struct kernel *k = &t->k;
    if (!t->hy.p || k->comm == MPI_COMM_NULL)
        return;                /* no HYBRID was built here */
    struct hybrid_alt alt[HYBRID_ALTS];
    long iters;
    alternatives(t, alt, &iters);
    if (k->world_rank != 0 || k->rank != 0)
        return;
    res->hybrid = describe(t);
    memcpy(res->hybrid->alt, alt, sizeof alt);
    res->hybrid->iters = iters;
    res->pattern.stages = res->hybrid->h.bp.nstages;
    res->pattern.signals = bpattern_edges(&res->hybrid->h.bp);
}
