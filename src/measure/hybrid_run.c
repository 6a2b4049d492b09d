/* hybrid_run.c: the HYBRID barrier pattern (Meyer's thesis, chapter 7).
 *
 * When the record starts, rank 0 of its communicator, which alone holds
 * the measured costs, builds the barrier (models/hybrid.h) and hands it to
 * the other ranks (hybrid_share.c):
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
#include "kernels/sync_barrier.h"
#include "lifecycle/interrupt.h"
#include "params/params.h"
#include "measure/timing.h"
#include "models/cluster.h"
#include "clock/waits.h"
#include "clock/timer.h"

/* 1 when every rank of comm holds the same digest: running barriers that
 * differ would deadlock, so a difference fails the record instead */
static int same_everywhere(unsigned long long digest, MPI_Comm comm)
{
    unsigned long long v[2] = {digest, ~digest};
    MPI_Allreduce(MPI_IN_PLACE, v, 2, MPI_UNSIGNED_LONG_LONG, MPI_MAX, comm);
    return v[0] == digest && v[1] == ~digest;
}

/* rank 0 of the communicator, which alone holds the measured costs: the
 * construction, from them and its timer cost (agreed at the start of the
 * run, timer_agree), so that it depends on nothing that differs between
 * ranks (issue 28: three different barriers on 64 simulated ranks when
 * every rank built its own) */
static void build(struct trial *t, const struct params *pm)
{
    struct kernel *k = &t->k;
    struct signal_costs c = costs_from_params(pm);
    enum param_file by = hybrid_grouping(pm, k->size);
    hybrid_build(&t->hy, k->size, pm->m[by], &c, barrier_settings(k->rec)->signal == SIGNAL_SSEND
                 ? SIGNAL_SYNCHRONOUS : SIGNAL_EAGER, t->m->timer_cost * 1e6);
    t->hy.grouped_by = by;
}

int hybrid_prepare(struct trial *t, struct result *res)
{
    struct kernel *k = &t->k;
    const struct params *pm = stored_params(&t->m->params, t->pl->tc->topo);
    if (k->comm == MPI_COMM_NULL || !pm)   /* the caller saw HYBRID */
        return 0;
    if (k->rank == 0)
        build(t, pm);
    hybrid_share(&t->hy, k->comm);
    /* the tests' MPIGAUGE_TEST_DIVERGE: the last rank's barrier gets one
     * signal more, to show that ranks which still run different barriers
     * fail the record instead of deadlocking */
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
    const struct params *pm = stored_params(&t->m->params, t->pl->tc->topo);
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
        if (k->rank == 0)      /* which holds the costs */
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
    hi->pred_us = barrier_predict(t, &t->hy.bp, stored_params(&t->m->params, tc->topo),
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
