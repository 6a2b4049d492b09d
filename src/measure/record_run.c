/* record_run.c: one record, size by size: buffers -> timed loops -> points
 * gathered on rank 0 -> the writers (through the measurer's callbacks) */
#include "measure/trial.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "base/smpi.h"
#include "registry/sizes.h"
#include "registry/settings.h"
#include "clock/clock_guard.h"
#include "lifecycle/interrupt.h"
#include "lifecycle/mpierr.h"
#include "measure/timing.h"
#include "lifecycle/watchdog.h"
#include "world/cvars.h"
#include "measure/watch_trial.h"

static void sizerun_init(struct sizerun *sr, const struct kernel *k)
{
    memset(sr, 0, sizeof *sr);
    /* a rank starts at most size - 1 pairs, or a sample and a series a phase */
    int phases = call_phases(k->rec->call, k->rec, k->size);
    size_t most = (size_t)(phases > k->size ? phases : k->size) + 2;
    most *= (size_t)record_threads(k->rec);   /* a sample per thread */
    sr->mine = xmalloc_array(most, sizeof *sr->mine);
    sr->ser = xmalloc_array(most, sizeof *sr->ser);
    sr->ser_b = xmalloc_array(most, sizeof *sr->ser_b);
}

static void sizerun_clear(struct sizerun *sr)
{
    for (int i = 0; i < sr->nser; i++)
        series_free(&sr->ser[i]);
    sr->nser = 0;
}

static void sizerun_free(struct sizerun *sr)
{
    sizerun_clear(sr);
    free(sr->calls);
    free(sr->mine);
    free(sr->ser);
    free(sr->ser_b);
}

/* after a size: an MPI error any rank saw since the last size, or a
 * clock any rank found broken (clock_guard.h), into why; 0 when none */
static int size_spoiled(uint64_t elements, char *why, size_t len)
{
    char err[sizeof ((struct result *)0)->error - 96];
    unsigned long long n = (unsigned long long)elements;
    if (mpierr_collect(err, sizeof err)) {
        snprintf(why, len, "MPI error at %llu elements, %s", n, err);
        return 1;
    }
    int who = clock_guard_agree(err, sizeof err);
    if (who < 0)
        return 0;
    snprintf(why, len, "the clock of rank %d broke at %llu elements: %s", who, n, err);
    return 1;
}

/* One size: measured, gathered into pt on rank 0.  Returns 0, or -1 when
 * an MPI error or a broken clock spoiled it (res->error says which). */
static int one_size(struct trial *t, uint64_t elements, struct sizerun *sr,
                    struct point *pt, struct result *res)
{
    struct kernel *k = &t->k;
    k->count = (MPI_Count)elements;
    k->mismatches = 0;
    t->calls = 0;
    uint64_t bytes = elements * (uint64_t)k->type_size;
    long iters, warmup;
    choose_iters(k->rec, t->m->opt, elements, bytes, &iters, &warmup);
    MPI_Barrier(MPI_COMM_WORLD);
    watch_size(t, res, elements, bytes);
    /* level 1 marks the measurement for profiling (PMPI) tools; SMPI 3.32
     * aborts in MPI_Pcontrol (not implemented) */
    if (!MPIGAUGE_SMPI)
        MPI_Pcontrol(1);
    measure_size(t, warmup, iters, sr);
    if (!MPIGAUGE_SMPI)
        MPI_Pcontrol(0);
    *pt = point_blank(elements, bytes, warmup);
    gather_point(t, sr, pt);
    sizerun_clear(sr);
    if (!size_spoiled(elements, res->error, sizeof res->error))
        return 0;
    /* what this size measured is not trusted; earlier sizes stand, and
     * so do the wrong elements --check found in it before the error (they
     * were printed: the record's check must say failed too) */
    res->mismatches += pt->mismatches;
    point_free(pt);
    return -1;
}

/* rank 0: the point joins the result and goes to the writers */
static void keep_point(struct measurer *m, struct result *res, struct point *pt)
{
    struct point *kept = &res->pts[res->npts++];
    *kept = *pt;
    res->mismatches += kept->mismatches;
    if (m->on_point)
        m->on_point(m->sink, res, kept);
    /* every repetition is on disk (--raw) or summarised */
    free(kept->reps);
    kept->reps = NULL;
}

/* rank 0: the switch points of a point-to-point or streaming curve, on
 * the medians and their intervals (the mean where a size had too few
 * blocks for a median, with no interval) */
static void find_switches(struct result *res)
{
    size_t n = res->npts;
    res->nswitches = 0;
    if (!res->holds.switches || n < 2 * SWITCH_MIN_POINTS)
        return;
    double *v = xmalloc_array(4 * n, sizeof *v), *x = v, *t = v + n, *lo = v + 2 * n,
           *hi = v + 3 * n;
    for (size_t i = 0; i < n; i++) {
        const struct point *p = &res->pts[i];
        x[i] = (double)p->bytes;
        t[i] = isfinite(p->med) ? p->med : p->s.avg;
        lo[i] = isfinite(p->med) ? p->ci_lo : NAN;
        hi[i] = isfinite(p->med) ? p->ci_hi : NAN;
    }
    res->nswitches = switch_points(x, t, lo, hi, n, res->switches, SWITCH_MOST);
    free(v);
}

/* rank 0, at the record's end: the fits and the prediction's error */
static void finish_result(struct result *res)
{
    size_t n = res->npts;
    double *x = xmalloc_array(n + 1, sizeof *x), *y = xmalloc_array(n + 1, sizeof *y);
    for (size_t i = 0; i < n; i++) {
        x[i] = (double)res->pts[i].bytes;
        y[i] = res->pts[i].s.avg;
    }
    res->fit = fit_linear(x, y, n);
    find_switches(res);
    double t_min = NAN;
    for (size_t i = 0; i < n; i++)
        if (isfinite(y[i]) && (isnan(t_min) || y[i] < t_min))
            t_min = y[i];
    res->fit_terms = fit_read(&res->fit, t_min, res->holds.bandwidth);
    if (res->holds.bsp) {
        /* BSP costs a superstep by its slowest rank: t_max against h */
        for (size_t i = 0; i < n; i++) {
            x[i] = (double)res->pts[i].elements;
            y[i] = res->pts[i].s.max;
        }
        res->bsp = fit_bsp(x, y, n);
    }
    for (size_t i = 0; i < n; i++) {
        y[i] = res->pts[i].pred;
        x[i] = res->pts[i].iter_median;
    }
    res->pred_error = mean_relative_error(y, x, n, &res->pred_sizes);
    for (size_t i = 0; i < n; i++) {
        y[i] = res->pts[i].pred_mean;
        x[i] = res->pts[i].iter_mean;
    }
    int sizes;
    res->pred_mean_error = mean_relative_error(y, x, n, &sizes);
    free(x);
    free(y);
}

_Static_assert((int)BSP_LEVELS == (int)PLAN_LEVELS, "a result keeps every planned level");

/* the memory hwloc gives level i, on this rank */
static unsigned long long level_bytes(const struct place *pl, int i)
{
    return i == 0 ? pl->llc_bytes : i == 1 ? pl->package_bytes : pl->node_bytes;
}

/* levels=hw: the record's sizes again on each hardware level's
 * communicators; rank 0 fits g and l per level */
static void bsp_levels(struct measurer *m, const struct planned *pl,
                       struct result *res, const uint64_t *sizes, size_t nsizes)
{
    double *x = xmalloc_array(nsizes + 1, sizeof *x), *y = xmalloc_array(nsizes + 1, sizeof *y);
    int levels = record_setting_value(pl->rec, "levels") != 0;    /* levels=hw */
    for (int i = 0; i < PLAN_LEVELS && levels && !res->error[0]; i++) {
        struct planned lp = *pl;
        lp.tc = pl->levels[i];
        struct trial t;
        trial_setup(&t, m, &lp, res);
        struct sizerun sr;
        sizerun_init(&sr, &t.k);
        size_t n = 0;
        for (size_t s = 0; s < nsizes; s++) {
            struct point pt;
            if (one_size(&t, sizes[s], &sr, &pt, res))
                break;
            x[n] = (double)pt.elements;
            y[n++] = pt.s.max;
            point_free(&pt);
        }
        if (m->world->rank == 0)
            res->levels[res->nlevels++] = (struct bsp_level){plan_level_topology[i],
                lp.tc->n, lp.tc->max_size, level_bytes(&m->world->place, i),
                fit_bsp(x, y, n)};
        watchdog_disarm();
        sizerun_free(&sr);
        trial_teardown(&t);
    }
    free(x);
    free(y);
}

/* HYBRID: built, or failed on some communicator (then on every rank) */
static int hybrid_failed(struct trial *t, struct result *res)
{
    if (!t->pl->rec->pattern || !t->pl->rec->pattern->adaptive)
        return 0;
    int bad = hybrid_prepare(t, res) != 0;
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (bad && !res->error[0])
        snprintf(res->error, sizeof res->error, "the HYBRID construction failed the "
                 "barrier check on another communicator");
    return bad;
}

/* the pairwise parameters of pl's topology, measured once (collective)
 * when its barrier pattern needs them; 0, or the signal that stopped the
 * measurement */
static int ensure_params(struct measurer *m, const struct planned *pl);

static void measure_sizes(struct measurer *m, const struct planned *pl,
                          struct result *res)
{
    const struct record *r = pl->rec;
    struct trial t;
    char where[RECORD_TEXT + 64];
    snprintf(where, sizeof where, "record %d (line %d: %s)", res->index, r->line,
             r->text);
    trial_setup(&t, m, pl, res);
    t.k.where = where;
    size_t nsizes = record_sizes(r, NULL, 0);
    uint64_t *sizes = xmalloc_array(nsizes, sizeof *sizes);
    record_sizes(r, sizes, nsizes);
    if (m->world->rank == 0)
        res->pts = xcalloc(nsizes, sizeof *res->pts);
    struct sizerun sr;
    sizerun_init(&sr, &t.k);
    size_t from = 0;
    if (ensure_params(m, pl)) {
        res->interrupted = 1;  /* a signal while the parameters were measured */
        from = nsizes;
    } else if (hybrid_failed(&t, res)) {
        from = nsizes;
    }
    for (size_t i = from; i < nsizes; i++) {
        struct point pt;
        if (one_size(&t, sizes[i], &sr, &pt, res))
            break;
        if (m->world->rank == 0)
            keep_point(m, res, &pt);
        m->signal = interrupt_agreed();
        if (m->signal && i + 1 < nsizes) {
            res->interrupted = 1;
            break;
        }
    }
    watchdog_disarm();
    res->done = !res->interrupted;
    if (!res->interrupted && !res->error[0])
        hybrid_finish(&t, res);
    if (!res->interrupted && !res->error[0])
        bsp_levels(m, pl, res, sizes, nsizes);
    if (m->world->rank == 0)
        finish_result(res);
    sizerun_free(&sr);
    free(sizes);
    trial_teardown(&t);
}

static int ensure_params(struct measurer *m, const struct planned *pl)
{
    const struct pattern *pat = pl->rec->pattern;
    if (!pat || !(pat->generate || pl->rec->pattern_file[0]))
        return 0;
    m->signal = store_measure(&m->params, pl->tc);
    return m->signal;
}

void measurer_free(struct measurer *m)
{
    store_free(&m->params);
    clocks_free(&m->clocks);
}

void measure_record(struct measurer *m, const struct planned *pl,
                    struct result *res)
{
    /* nothing is measured on a clock seen broken (clock_guard.h); a
     * record boundary is where the ranks agree on one found between
     * sizes (the pairwise parameters' waits, say) */
    char why[sizeof res->error - 96];
    int who = clock_guard_agree(why, sizeof why);
    if (who >= 0) {
        snprintf(res->error, sizeof res->error, "the clock of rank %d is broken (%s): "
                 "not measured", who, why);
        return;
    }
    if (cvars_apply(pl, res->cvar_was, res->error, sizeof res->error) != 0)
        return;
    measure_sizes(m, pl, res);
    measure_mockups(m, pl, res, measure_sizes);
    cvars_restore(pl, res->cvar_was, pl->rec->ncvars);
}
