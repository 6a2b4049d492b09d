/* barrier_time.c: BARRIER, with a pattern or MPI_Barrier.  Every barrier
 * is timed on its own; the communicator's rank 0 keeps the per-iteration
 * maximum over its ranks (the barrier's real duration), its mean and
 * median, and the model's prediction.  Those maxima are also the series
 * the median and its interval come from.  Back to back (the default) the
 * barriers run one after another, as an application's do; with --sync
 * window each starts alone at a common time (the thesis's isolated
 * barriers, section 5.6.6), and the model predicts one barrier from a
 * simultaneous start (docs/thesis-at-scale.md, "Isolated barriers"). */
#include "measure/trial.h"

#include <math.h>
#include <stdlib.h>
#include "base/base.h"
#include "kernels/sync_barrier.h"
#include "measure/timing.h"
#include "measure/window.h"
#include "models/param_drift.h"
#include "models/predict_dist.h"

/* the bodies of the two timed blocks */
struct barrier_args {
    const struct patrun *pr;   /* NULL: MPI_Barrier */
    double *times;             /* each barrier's, seconds */
};

static void loop_body(struct trial *t, long n, void *arg)
{
    const struct barrier_args *a = arg;
    barrier_run(a->pr, t->k.comm, n);
}

static void timed_body(struct trial *t, long n, void *arg)
{
    const struct barrier_args *a = arg;
    barrier_run_timed(a->pr, t->k.comm, n, a->times);
}

/* Warm-up, then iters barriers timed as a loop (returns seconds per call:
 * no timer inside the loop), then iters more each timed on its own into
 * times[] (seconds).  Two blocks, because timing every call adds two
 * clock reads to each (8% of a 0.47 us MPI_Barrier here). */
static double barrier_time(struct trial *t, const struct patrun *pr, long warmup,
                           long iters, double *times)
{
    struct barrier_args a = {pr, times};
    barrier_run(pr, t->k.comm, warmup);
    MPI_Barrier(t->k.comm);
    double per_call = timed_block(t, iters, loop_body, &a, NULL) / (double)iters;
    MPI_Barrier(t->k.comm);
    timed_block(t, iters, timed_body, &a, NULL);
    t->calls += 2 * iters;     /* the counters cover both timed loops */
    return per_call;
}

/* the bytes of each of the pattern's signals at this size (the payload) */
static double *signal_bytes(const struct kernel *k, const struct bpattern *bp)
{
    long *count = signal_elements(bp, k->rec, k->count);
    long n = bpattern_edges(bp);
    double *bytes = xmalloc_array((size_t)n + 1, sizeof *bytes);
    for (long e = 0; e < n; e++)
        bytes[e] = (double)count[e] * k->type_size;
    free(count);
    return bytes;
}

/* how the record's signals go: synchronous (signal=ssend) or eager */
static enum signal_kind record_signals(const struct record *r)
{
    return barrier_settings(r)->signal == SIGNAL_SSEND ? SIGNAL_SYNCHRONOUS : SIGNAL_EAGER;
}

/* the model's time for one barrier of this record: the thesis's matrix
 * model with the small-message L_ij or (lsq) the thesis's own least-squares
 * L_ij, or (lg) LogGP */
double barrier_predict(const struct trial *t, const struct bpattern *bp,
                       const struct params *pm, int lsq, const struct loggp *lg)
{
    const struct kernel *k = &t->k;
    double *bytes = signal_bytes(k, bp);
    struct signal_costs c = lg ? costs_from_loggp(lg, pm->m[PF_O])
                               : costs_from_params(pm);
    if (lsq)
        c.latency = pm->m[PF_LIJ];
    enum signal_kind kind = record_signals(k->rec);
    double read = t->m->timer_cost * 1e6;
    double us = t->m->opt->sync_window ? predict_barrier_alone(bp, &c, bytes, kind, read)
                                       : predict_barrier(bp, &c, bytes, kind, read);
    free(bytes);
    return us;
}

/* the predicted distribution: the matrix model with each pair's tail */
static struct barrier_dist barrier_distribution(const struct trial *t,
                                                const struct bpattern *bp,
                                                const struct params *pm)
{
    const struct kernel *k = &t->k;
    double *bytes = signal_bytes(k, bp);
    struct signal_costs c = costs_from_params(pm);
    c.tail = pm->m[PF_TAIL];
    c.tail_bins = c.tail ? PARAM_TAIL_BINS : 0;
    enum signal_kind kind = record_signals(k->rec);
    double read = t->m->timer_cost * 1e6;
    struct barrier_dist d = t->m->opt->sync_window
                                ? predict_barrier_dist_alone(bp, &c, bytes, kind, read)
                                : predict_barrier_dist(bp, &c, bytes, kind, read);
    free(bytes);
    return d;
}

/* drift_interval's prediction: the median with the moved parameters */
static double moved_median(void *t, const struct params *moved)
{
    return barrier_distribution(t, ((struct trial *)t)->bp, moved).median;
}

/* rank 0 of the communicator: the statistics of the slowest ranks */
static void commstats(struct trial *t, const double *tmax, long iters, long late,
                      int pattern, struct sizerun *sr)
{
    const struct params *pm = stored_params(&t->m->params, t->pl->tc->topo);
    struct series *s = new_series(sr, -1);
    s->per_block = 1;
    s->late = late;
    double sum = 0;
    double *sorted = xmalloc_array((size_t)iters + 1, sizeof *sorted);
    for (long i = 0; i < iters; i++) {
        sum += tmax[i];
        sorted[i] = tmax[i];
        series_add(s, tmax[i] * 1e6);
    }
    sr->cs.mean = iters ? sum / (double)iters * 1e6 : NAN;
    sr->cs.median = iters ? median_of(sorted, (size_t)iters) * 1e6 : NAN;
    const struct loggp *lg = stored_loggp(&t->m->params, t->pl->tc->topo);
    struct barrier_dist d = {NAN, NAN, NAN, 0};
    if (pattern && pm)
        d = barrier_distribution(t, t->bp, pm);
    sr->cs.pred_lo = sr->cs.pred_hi = NAN;
    if (pattern && pm)
        drift_interval(pm, d.median, moved_median, t, &sr->cs.pred_lo, &sr->cs.pred_hi);
    sr->cs.pred = d.median;
    sr->cs.pred_mean = d.mean;
    sr->cs.pred_p90 = d.p90;
    sr->cs.pred_lsq = pattern && pm ? barrier_predict(t, t->bp, pm, 1, NULL) : NAN;
    sr->cs.pred_loggp = pattern && pm && lg ? barrier_predict(t, t->bp, pm, 0, lg) : NAN;
    sr->ncs = 1;
    free(sorted);
}

/* --time S: as many barriers as take about S seconds on the slowest rank
 * by a pilot of PILOT, over both timed loops of barrier_time (S/2 each),
 * at most MAX_TIMED (each barrier's time is kept: 16 bytes a rank) */
static long iters_for_time(struct trial *t, const struct patrun *pr, long warmup)
{
    enum { PILOT = 100, MAX_TIMED = 1 << 20 };
    double pilot[PILOT], per_call = 0;   /* the mean, then the slowest rank's */
    barrier_run(pr, t->k.comm, warmup);
    MPI_Barrier(t->k.comm);
    barrier_run_timed(pr, t->k.comm, PILOT, pilot);
    for (int i = 0; i < PILOT; i++)
        per_call += pilot[i] / PILOT;
    MPI_Allreduce(MPI_IN_PLACE, &per_call, 1, MPI_DOUBLE, MPI_MAX, t->k.comm);
    long n = per_block_for(record_time(t->k.rec, t->m->opt) / 2, per_call, 1);
    return n < PILOT ? PILOT : n > MAX_TIMED ? MAX_TIMED : n;
}

/* --sync window: warm-up, a pilot of back-to-back barriers for the
 * window, then iters barriers each alone from a common start; the valid
 * ones (no rank late) are the series */
static void measure_alone(struct trial *t, const struct patrun *pr, long warmup,
                          long iters, struct sizerun *sr)
{
    enum { PILOT = 16 };
    struct kernel *k = &t->k;
    const struct options *o = t->m->opt;
    struct barrier_args a = {pr, NULL};
    barrier_run(pr, k->comm, warmup);
    MPI_Barrier(k->comm);
    double pilot = timed_block(t, PILOT, loop_body, &a, NULL) / PILOT;
    MPI_Allreduce(MPI_IN_PLACE, &pilot, 1, MPI_DOUBLE, MPI_MAX, k->comm);
    struct rule ru = rule_from(o);
    ru.adaptive = 0;
    double seconds = record_time(k->rec, o);
    long reps = seconds > 0 ? per_block_for(seconds, pilot, 1) : iters;
    long n = reps < CALL_SAMPLES_MAX ? reps : CALL_SAMPLES_MAX;
    double *mine = xmalloc_array((size_t)n, sizeof *mine);
    struct window_plan wp = {&ru, reps, o->window_us * 1e-6, pilot, 0, &t->m->clocks,
                             loop_body, &a, mine, n};
    struct series valid = {0};
    double mean = time_window(t, &wp, &valid);
    sr->mine[sr->n++] = (struct sample){mean * 1e6, k->world_rank, -1};
    call_samples_from(t, mine, n, sr);
    if (k->rank == 0) {
        for (size_t i = 0; i < valid.n; i++)
            valid.t[i] *= 1e-6;       /* commstats takes seconds */
        commstats(t, valid.t, (long)valid.n, valid.late, pr != NULL, sr);
    }
    series_free(&valid);
    free(mine);
}

void measure_barrier(struct trial *t, long warmup, long iters, struct sizerun *sr)
{
    struct kernel *k = &t->k;
    int pattern = t->bp->p > 0;
    struct patrun pr;
    if (pattern)
        patrun_init(&pr, t->bp, k);
    if (t->m->opt->sync_window) {
        measure_alone(t, pattern ? &pr : NULL, warmup, iters, sr);
        if (pattern)
            patrun_free(&pr);
        return;
    }
    if (record_time(k->rec, t->m->opt) > 0)
        iters = iters_for_time(t, pattern ? &pr : NULL, warmup);
    double *times = xmalloc_array((size_t)iters, sizeof *times);
    double *tmax = xmalloc_array((size_t)iters, sizeof *tmax);
    double mean = barrier_time(t, pattern ? &pr : NULL, warmup, iters, times);
    if (pattern)
        patrun_free(&pr);
    sr->mine[sr->n++] = (struct sample){mean * 1e6, k->world_rank, -1};
    /* the tail from the last iterations, each barrier's own time */
    long n = iters < CALL_SAMPLES_MAX ? iters : CALL_SAMPLES_MAX;
    call_samples_from(t, times + iters - n, n, sr);
    MPI_Reduce(times, tmax, (int)iters, MPI_DOUBLE, MPI_MAX, 0, k->comm);
    if (k->rank == 0)
        commstats(t, tmax, iters, 0, pattern, sr);
    free(times);
    free(tmax);
}

double barrier_slowest_mean(struct trial *t, const struct patrun *pr, long warmup,
                            long iters)
{
    struct kernel *k = &t->k;
    double *times = xmalloc_array((size_t)iters, sizeof *times);
    double *tmax = xmalloc_array((size_t)iters, sizeof *tmax), sum = 0;
    barrier_run(pr, k->comm, warmup);
    MPI_Barrier(k->comm);
    barrier_run_timed(pr, k->comm, iters, times);
    MPI_Reduce(times, tmax, (int)iters, MPI_DOUBLE, MPI_MAX, 0, k->comm);
    for (long i = 0; k->rank == 0 && i < iters; i++)
        sum += tmax[i];
    free(times);
    free(tmax);
    return sum / (double)iters * 1e6;
}
