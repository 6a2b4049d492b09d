/* test_predict_dist.c: the barrier's predicted distribution from the
 * signals' tails (models/predict_dist.c) */
#include <math.h>
#include <stdlib.h>
#include "models/param_drift.h"
#include "models/param_files.h"
#include "models/pattern.h"
#include "models/predict_dist.h"
#include "registry/registry.h"
#include "unit.h"

/* p ranks, O_i 0.1, O_ij 0.5, one-way 1 us between every pair, each pair's
 * tail bins filled by fill(k) */
struct setup {
    double o[8], oij[64], l[64], b[64];
    float tail[64 * PARAM_TAIL_BINS];
    struct params pm;
};

static void set_up(struct setup *s, int p, double (*fill)(int k))
{
    for (int i = 0; i < p; i++)
        s->o[i] = 0.1;
    for (int i = 0; i < p * p; i++) {
        s->oij[i] = 0.5;
        s->l[i] = 1;
        s->b[i] = 0;
        for (int k = 0; k < PARAM_TAIL_BINS; k++)
            s->tail[i * PARAM_TAIL_BINS + k] = (float)fill(k);
    }
    s->pm = (struct params){.p = p, .m[PF_O] = s->o, .m[PF_OIJ] = s->oij,
                            .m[PF_LIJ] = s->l, .m[PF_BIJ] = s->b,
                            .m[PF_LIJ_SMALL] = s->l, .m[PF_TAIL] = s->tail};
}

static double none(int k)
{
    (void)k;
    return 0;
}

/* the slowest 1 bin in 32 waits 500 us, the rest a little either way */
static double heavy(int k)
{
    return k == PARAM_TAIL_BINS - 1 ? 500 : (k - 15) * 0.01;
}

static struct signal_costs with_tail(const struct setup *s)
{
    struct signal_costs c = costs_from_params(&s->pm);
    c.tail = s->pm.m[PF_TAIL];
    c.tail_bins = PARAM_TAIL_BINS;
    return c;
}

/* no deviation: the distribution collapses to predict_barrier's value */
static void collapses(void)
{
    static struct setup s;
    struct bpattern bp;
    const struct pattern *pt;
    for (int g = 0; (pt = builtin_pattern(g)); g++)
        for (int kind = 0; kind < 2; kind++) {
            set_up(&s, 5, none);
            pt->generate(&bp, 5, 2);
            struct signal_costs c = with_tail(&s);
            struct signal_costs plain = costs_from_params(&s.pm);
            double det = predict_barrier(&bp, &plain, NULL, (enum signal_kind)kind, 0.05);
            struct barrier_dist d = predict_barrier_dist(&bp, &c, NULL,
                                                         (enum signal_kind)kind, 0.05);
            CHECK(fabs(d.median - det) < 1e-9 * det);
            CHECK(fabs(d.mean - det) < 1e-9 * det);
            CHECK(fabs(d.p90 - det) < 1e-9 * det);
            CHECK(d.draws == PREDICT_DRAWS);
            /* and without any tail */
            d = predict_barrier_dist(&bp, &plain, NULL, (enum signal_kind)kind, 0.05);
            CHECK(fabs(d.median - det) < 1e-9 * det && fabs(d.mean - det) < 1e-9 * det);
            bpattern_free(&bp);
        }
}

/* a heavy tail: p90 above the median, the mean pulled up, the median
 * near the typical barrier; the same inputs give the same numbers */
static void heavy_tail(void)
{
    static struct setup s;
    struct bpattern bp;
    set_up(&s, 2, heavy);
    gen_linear(&bp, 2, 0);
    struct signal_costs c = with_tail(&s), plain = costs_from_params(&s.pm);
    double det = predict_barrier(&bp, &plain, NULL, SIGNAL_EAGER, 0);
    struct barrier_dist d = predict_barrier_dist(&bp, &c, NULL, SIGNAL_EAGER, 0);
    CHECK(d.p90 > d.median);
    CHECK(d.mean > d.median + 5);
    CHECK(fabs(d.median - det) < 0.5);
    /* two flights, each hit with 1/64: about 2/64 of 500 us in the mean */
    CHECK(d.mean - det > 0.5 * 500 * 2 / 64.0 && d.mean - det < 2 * 500 * 2 / 64.0);
    struct barrier_dist again = predict_barrier_dist(&bp, &c, NULL, SIGNAL_EAGER, 0);
    CHECK(again.median == d.median && again.mean == d.mean && again.p90 == d.p90);
    /* synchronous signals fly twice as often: a larger mean */
    struct barrier_dist sync = predict_barrier_dist(&bp, &c, NULL, SIGNAL_SYNCHRONOUS, 0);
    CHECK(sync.mean - sync.median > d.mean - d.median);
    bpattern_free(&bp);
}

/* barriers that start alone: each draw one barrier from a simultaneous
 * start; no deviation gives predict_barrier_alone's value, a heavy tail
 * pulls the mean and p90 up, and the draws repeat */
static void alone(void)
{
    static struct setup s;
    struct bpattern bp;
    set_up(&s, 4, none);
    gen_pairwise(&bp, 4, 0);
    struct signal_costs c = with_tail(&s), plain = costs_from_params(&s.pm);
    double det = predict_barrier_alone(&bp, &plain, NULL, SIGNAL_EAGER, 0.05);
    struct barrier_dist d = predict_barrier_dist_alone(&bp, &c, NULL, SIGNAL_EAGER, 0.05);
    CHECK(det > 0 && fabs(d.median - det) < 1e-9 * det && fabs(d.p90 - det) < 1e-9 * det);
    CHECK(d.draws == PREDICT_DRAWS);
    d = predict_barrier_dist_alone(&bp, &plain, NULL, SIGNAL_EAGER, 0.05);
    CHECK(d.draws == 1 && d.mean == det);
    set_up(&s, 4, heavy);
    c = with_tail(&s);
    d = predict_barrier_dist_alone(&bp, &c, NULL, SIGNAL_EAGER, 0.05);
    struct barrier_dist again = predict_barrier_dist_alone(&bp, &c, NULL, SIGNAL_EAGER,
                                                           0.05);
    CHECK(d.p90 > d.median && d.mean > d.median);
    CHECK(fabs(d.median - det) < 0.5);
    CHECK(again.median == d.median && again.mean == d.mean && again.p90 == d.p90);
    bpattern_free(&bp);
}

static void draws(void)
{
    CHECK(predict_draws(1) == PREDICT_DRAWS);
    CHECK(predict_draws(PREDICT_EVENTS / 500) == 500);
    CHECK(predict_draws(PREDICT_EVENTS) == PREDICT_DRAWS_MIN);
}

/* the drift: the median relative difference, zeros and NaN handled; the
 * moved matrices only where a drift is known, the originals untouched */
static void test_drift(void)
{
    double first[] = {1.0, 2.0, 4.0, 0.0, NAN}, again[] = {1.1, 1.0, 4.2, 0.0, 3.0};
    /* 0.1, 0.5, 0.05, 0 (0 against 0), NaN left out: median of 4 */
    CHECK(fabs(drift_median(first, again, 5) - 0.075) < 1e-12);
    double z[] = {0.0}, nz[] = {1.0};
    CHECK(isnan(drift_median(z, nz, 1)));       /* 0 then 1: no relative difference */
    CHECK(isnan(drift_median(first, again, 0)));
    struct params pm;
    params_alloc(&pm, 2);
    double *lij = pm.m[PF_LIJ], *o = pm.m[PF_O];
    lij[1] = lij[2] = 10;
    o[0] = 3;
    pm.drift[PF_LIJ] = 0.2;
    CHECK(drift_moves(&pm, PF_LIJ) && !drift_moves(&pm, PF_BIJ) && !drift_moves(&pm, PF_O));
    struct params lo = params_moved(&pm, -1), hi = params_moved(&pm, 1);
    CHECK(fabs(((double *)lo.m[PF_LIJ])[1] - 8) < 1e-12);
    CHECK(fabs(((double *)hi.m[PF_LIJ])[2] - 12) < 1e-12);
    CHECK(lo.m[PF_BIJ] == pm.m[PF_BIJ] && hi.m[PF_O] == pm.m[PF_O]);
    CHECK(lij[1] == 10);
    pm.drift[PF_BIJ] = 2.0;                     /* down by more than all: 0, not negative */
    struct params b = params_moved(&pm, -1);
    CHECK(((double *)b.m[PF_BIJ])[1] == 0);
    params_moved_free(&b);
    params_moved_free(&lo);
    params_moved_free(&hi);
    params_free(&pm);
}

/* drift_interval's predictions: L_ij less O_ij, as a flight is */
static double flight(void *ctx, const struct params *pm)
{
    (void)ctx;
    return ((double *)pm->m[PF_LIJ])[1] - ((double *)pm->m[PF_OIJ])[1];
}

/* the least and greatest of the typical and the two moved predictions:
 * with O_ij drifting more than L_ij the raised matrices predict less */
static void test_drift_interval(void)
{
    struct params pm;
    params_alloc(&pm, 2);
    ((double *)pm.m[PF_LIJ])[1] = 10;
    ((double *)pm.m[PF_OIJ])[1] = 5;
    double lo = -1, hi = -1;
    drift_interval(&pm, 5, flight, NULL, &lo, &hi);
    CHECK(lo == -1 && hi == -1);                 /* nothing measured again */
    pm.drift[PF_LIJ] = 0.1;                      /* 9 - 5 = 4, 11 - 5 = 6 */
    drift_interval(&pm, 5, flight, NULL, &lo, &hi);
    CHECK(fabs(lo - 4) < 1e-12 && fabs(hi - 6) < 1e-12);
    pm.drift[PF_OIJ] = 0.5;                      /* 9 - 2.5 = 6.5, 11 - 7.5 = 3.5 */
    drift_interval(&pm, 5, flight, NULL, &lo, &hi);
    CHECK(fabs(lo - 3.5) < 1e-12 && fabs(hi - 6.5) < 1e-12);
    params_free(&pm);
}

void test_predict_dist(void)
{
    test_drift();
    test_drift_interval();
    collapses();
    heavy_tail();
    alone();
    draws();
}
