/* gather.c: what every rank measured at one size, brought to rank 0 and
 * made into the point the writers get: samples and their summary, the
 * blocks' median and interval, counters per call, BARRIER's statistics. */
#include "measure/trial.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "kernels/tags.h"
#include "counters/counters.h"

/* rank 0: every rank's part, one receive each, where the whole passes
 * MPI_Gatherv's int displacements (DETAIL's pair series on thousands of
 * ranks: one series per pair) */
static void gather_in_turn(const struct world *w, const void *mine, int n,
                           MPI_Datatype unit, size_t usize, char *all,
                           const int *counts)
{
    if (w->rank != 0) {
        MPI_Send(mine, n, unit, 0, TAG_GATHER, MPI_COMM_WORLD);
        return;
    }
    size_t at = 0;
    for (int r = 0; r < w->size; r++) {
        if (r == 0 && n > 0)
            memcpy(all, mine, (size_t)n * usize);
        else
            MPI_Recv(all + at * usize, counts[r], unit, r, TAG_GATHER, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        at += (size_t)counts[r];
    }
}

/* Gathers n units (usize bytes of MPI type unit) from every rank on rank
 * 0; returns the concatenation (rank 0) and its length in units.  Counted
 * in 64 bits; past int, the parts come one by one (gather_in_turn). */
static void *gather_units(const struct world *w, const void *mine, int n,
                          MPI_Datatype unit, size_t usize, size_t *total)
{
    int *counts = NULL, *displs = NULL, big = 0;
    *total = 0;
    if (w->rank == 0) {
        counts = xmalloc_array((size_t)w->size, sizeof *counts);
        displs = xmalloc_array((size_t)w->size, sizeof *displs);
    }
    MPI_Gather(&n, 1, MPI_INT, counts, 1, MPI_INT, 0, MPI_COMM_WORLD);
    for (int r = 0; w->rank == 0 && r < w->size; r++) {
        big |= *total > (size_t)INT_MAX;
        displs[r] = big ? 0 : (int)*total;
        *total += (size_t)counts[r];
    }
    big |= *total > (size_t)INT_MAX;
    /* the tests take this path on small runs too (tests/scale.sh) */
    big |= getenv("MPIGAUGE_GATHER_IN_TURN") != NULL;
    MPI_Bcast(&big, 1, MPI_INT, 0, MPI_COMM_WORLD);
    char *all = w->rank == 0 ? xmalloc_array(*total + 1, usize) : NULL;
    if (big)
        gather_in_turn(w, mine, n, unit, usize, all, counts);
    else
        MPI_Gatherv(mine, n, unit, all, counts, displs, unit, 0, MPI_COMM_WORLD);
    free(counts);
    free(displs);
    return all;
}

/* every rank's samples and mismatch count */
static void collect_samples(const struct world *w, const struct sizerun *sr,
                            unsigned long mismatches, struct point *pt)
{
    size_t total;              /* bytes: a sample is a struct */
    struct sample *all = gather_units(w, sr->mine, (int)(sr->n * sizeof *sr->mine),
                                      MPI_BYTE, 1, &total);
    MPI_Reduce(&mismatches, &pt->mismatches, 1, MPI_UNSIGNED_LONG, MPI_SUM, 0,
               MPI_COMM_WORLD);
    if (w->rank != 0)
        return;
    pt->samples = all;
    pt->nsamples = total / sizeof *all;
    double *t = xmalloc_array(pt->nsamples + 1, sizeof *t);
    for (size_t i = 0; i < pt->nsamples; i++)
        t[i] = all[i].t_us;
    pt->s = summarize(t, pt->nsamples);
    free(t);
}

/* this rank's series flattened as doubles: a, b, per_block, n, late,
 * then n times */
static double *flatten_series(const struct world *w, const struct sizerun *sr,
                              size_t *len)
{
    *len = 0;
    for (int i = 0; i < sr->nser; i++)
        *len += 5 + sr->ser[i].n;
    double *flat = xmalloc_array(*len + 1, sizeof *flat), *p = flat;
    for (int i = 0; i < sr->nser; i++) {
        const struct series *s = &sr->ser[i];
        *p++ = w->rank;
        *p++ = sr->ser_b[i];
        *p++ = (double)s->per_block;
        *p++ = (double)s->n;
        *p++ = (double)s->late;
        if (s->n)      /* a series with no times may hold no array */
            memcpy(p, s->t, s->n * sizeof *p);
        p += s->n;
    }
    return flat;
}

/* The series of every contributor, pooled on rank 0 into the point's
 * median, interval and target, and kept as reps for --raw. */
static void collect_series(const struct trial *t, const struct sizerun *sr,
                           struct point *pt)
{
    size_t len;
    double *flat = flatten_series(t->m->world, sr, &len);
    /* counted in doubles: a rank's series stay far below 2^31 of them */
    size_t n, nrep = 0;
    double *all = gather_units(t->m->world, flat, (int)len, MPI_DOUBLE, sizeof *flat, &n);
    free(flat);
    if (t->m->world->rank != 0)
        return;
    struct rep *reps = xmalloc_array(n + 1, sizeof *reps);
    double *pool = xmalloc_array(n + 1, sizeof *pool);
    for (size_t i = 0; i + 5 <= n;) {
        int a = (int)all[i], b = (int)all[i + 1];
        long pb = (long)all[i + 2], cnt = (long)all[i + 3], late = (long)all[i + 4];
        i += 5;
        if (pb * (cnt + late) > pt->iters)
            pt->iters = pb * (cnt + late);
        pt->late += late;
        for (long k = 0; k < cnt; k++, i++) {
            reps[nrep] = (struct rep){all[i], a, b, k, pb};
            pool[nrep++] = all[i];
        }
    }
    pt->reps = reps;
    pt->blocks = (long)nrep;
    median_ci(pool, nrep, &pt->med, &pt->ci_lo, &pt->ci_hi);
    pt->met = within_target(pt->med, pt->ci_lo, pt->ci_hi, t->m->opt->target);
    free(pool);
    free(all);
}

/* Per-call counts: the mean over the ranks that made timed calls, and
 * the largest. */
static void collect_counters(const struct trial *t, struct point *pt)
{
    int n = counters_events();
    if (n == 0)
        return;
    double tot[COUNTERS_MAX], sum[COUNTERS_MAX + 1], max[COUNTERS_MAX];
    double gsum[COUNTERS_MAX + 1];
    counters_take(tot);
    for (int i = 0; i < n; i++) {
        sum[i] = t->calls ? tot[i] / (double)t->calls : 0;
        max[i] = t->calls ? sum[i] : -1;
    }
    sum[n] = t->calls > 0;
    MPI_Reduce(sum, gsum, n + 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(max, pt->count_max, n, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (t->m->world->rank != 0)
        return;
    for (int i = 0; i < n; i++) {
        pt->count_avg[i] = gsum[n] > 0 ? gsum[i] / gsum[n] : NAN;
        if (pt->count_max[i] < 0)
            pt->count_max[i] = NAN;
    }
}

/* The communicators' BARRIER statistics: their means over communicators. */
static void collect_comms(const struct world *w, const struct sizerun *sr,
                          struct point *pt)
{
    size_t total;
    struct commstat *all = gather_units(w, &sr->cs, sr->ncs * (int)sizeof sr->cs,
                                        MPI_BYTE, 1, &total);
    if (w->rank != 0)
        return;
    int n = (int)(total / sizeof *all);
    pt->ncomm = n;
    pt->iter_mean = pt->iter_median = pt->pred = pt->pred_lsq = n ? 0 : NAN;
    pt->pred_loggp = pt->pred_mean = pt->pred_p90 = n ? 0 : NAN;
    pt->pred_lo = pt->pred_hi = n ? 0 : NAN;
    for (int i = 0; i < n; i++) {
        pt->iter_mean += all[i].mean / n;
        pt->iter_median += all[i].median / n;
        pt->pred += all[i].pred / n;
        pt->pred_lsq += all[i].pred_lsq / n;
        pt->pred_loggp += all[i].pred_loggp / n;
        pt->pred_mean += all[i].pred_mean / n;
        pt->pred_p90 += all[i].pred_p90 / n;
        pt->pred_lo += all[i].pred_lo / n;
        pt->pred_hi += all[i].pred_hi / n;
    }
    free(all);
}

/* Non-blocking collectives' overlap runs and persistent ones' init calls:
 * means over the ranks that made them; the family's per-point quantities
 * (point_extra.h): each the mean over the ranks' answers that had one */
static void collect_means(const struct trial *t, const struct sizerun *sr,
                          struct point *pt)
{
    enum { N = 6 + 2 * POINT_EXTRAS };
    double mine[N] = {sr->ov.pure, sr->ov.overall, sr->ov.compute, sr->ov.used,
                      sr->init >= 0 ? sr->init : 0, sr->init >= 0};
    double sum[N] = {0};       /* rank 0 alone gets the sums */
    const struct holds *h = &t->holds;
    if (!sr->ov.used)
        mine[0] = mine[1] = mine[2] = 0;
    for (int i = 0; i < h->nextras; i++) {
        mine[6 + 2 * i] = sr->extra_sum[i];
        mine[7 + 2 * i] = sr->extra_n[i];
    }
    MPI_Reduce(mine, sum, N, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (sum[3] > 0) {
        pt->t_pure = sum[0] / sum[3] * 1e6;
        pt->t_overall = sum[1] / sum[3] * 1e6;
        pt->t_compute = sum[2] / sum[3] * 1e6;
        pt->overlap = pt->t_pure > 0
            ? fmax(0, 100 - (pt->t_overall - pt->t_compute) / pt->t_pure * 100) : NAN;
    }
    if (sum[5] > 0)
        pt->init = sum[4] / sum[5] * 1e6;
    for (int i = 0; i < h->nextras; i++)
        if (sum[7 + 2 * i] > 0)    /* seconds are written in us */
            pt->extra[i] = sum[6 + 2 * i] / sum[7 + 2 * i]
                           * (h->extra[i]->unit == EXTRA_SECONDS ? 1e6 : 1);
}

/* rank 0, where a topology has several communicators: each one's own
 * statistics, from the samples and blocks whose contributor (a) is in it */
static void collect_per_comm(const struct trial *t, struct point *pt)
{
    const struct topo_comm *tc = t->pl->tc;
    if (t->m->world->rank != 0 || tc->n < 2)
        return;
    pt->ncp = tc->n;
    pt->cp = xcalloc((size_t)tc->n, sizeof *pt->cp);
    size_t most = pt->nsamples > (size_t)pt->blocks ? pt->nsamples : (size_t)pt->blocks;
    double *x = xmalloc_array(most + 1, sizeof *x);
    for (int c = 0; c < tc->n; c++) {
        size_t n = 0;
        for (size_t i = 0; i < pt->nsamples; i++)
            if (pt->samples[i].a >= 0 && tc->comm_of[pt->samples[i].a] == c)
                x[n++] = pt->samples[i].t_us;
        pt->cp[c].s = summarize(x, n);
        n = 0;
        for (long i = 0; i < pt->blocks; i++)
            if (pt->reps[i].a >= 0 && tc->comm_of[pt->reps[i].a] == c)
                x[n++] = pt->reps[i].t_us;
        pt->cp[c].med = pt->cp[c].ci_lo = pt->cp[c].ci_hi = NAN;
        median_ci(x, n, &pt->cp[c].med, &pt->cp[c].ci_lo, &pt->cp[c].ci_hi);
        if (n > 0 && n < 6)    /* too few blocks for an interval: the median alone */
            pt->cp[c].med = median_of(x, n);
    }
    free(x);
}

/* calls in phases: the distribution of the pairs' bandwidths (rank 0) */
static void pair_bandwidths(struct point *pt)
{
    double *t = xmalloc_array(pt->nsamples + 1, sizeof *t);
    for (size_t i = 0; i < pt->nsamples; i++)
        t[i] = pt->samples[i].t_us;
    if (pt->nsamples > 0 && pt->s.min > 0) {
        pt->pair_min = (double)pt->bytes / pt->s.max;
        pt->pair_med = (double)pt->bytes / median_of(t, pt->nsamples);
        pt->pair_max = (double)pt->bytes / pt->s.min;
    }
    free(t);
}

/* the messages in flight at once on the largest communicator */
static double streams(const struct trial *t)
{
    const struct holds *h = &t->holds;
    if (h->aggregate)
        return h->streams;
    return h->all_pairs ? t->pl->tc->max_size / 2 : 1;
}

/* the calls timed one by one: their tail, and the rank to blame */
static void collect_calls(const struct world *w, const struct sizerun *sr,
                          struct point *pt, int keep)
{
    size_t total;
    struct call_sample *all = gather_units(w, sr->calls, (int)(sr->ncalls * sizeof *sr->calls),
                                           MPI_BYTE, 1, &total);
    if (w->rank != 0)
        return;
    size_t n = total / sizeof *all;
    double *t = xmalloc_array(n + 1, sizeof *t);
    int *last = xcalloc((size_t)w->size + 1, sizeof *last);
    double *excess = xcalloc((size_t)w->size + 1, sizeof *excess);
    if (keep)
        pt->calls = xmalloc_array(n + 1, sizeof *pt->calls);
    for (size_t i = 0; i < n; i++) {
        t[i] = all[i].t_us;
        if (keep)
            pt->calls[i] = (struct sample){all[i].t_us, all[i].a, all[i].b};
        if (all[i].who >= 0 && all[i].who < w->size) {
            last[all[i].who]++;
            excess[all[i].who] += all[i].excess_us;
        }
    }
    pt->tail = tail_of(t, n);
    pt->ncalls = (long)n;
    for (int r = 0; r < w->size; r++)
        if (last[r] && (pt->slowest_rank < 0 || last[r] > last[pt->slowest_rank]))
            pt->slowest_rank = r;
    if (pt->slowest_rank >= 0) {
        int r = pt->slowest_rank;
        pt->slowest_share = (double)last[r] / (double)n;
        pt->slowest_excess_us = excess[r] / last[r];
    }
    free(t);
    free(last);
    free(excess);
    free(all);
}

/* threaded calls (rank 0): the samples are each thread's time per
 * message, T in thread order per pair; thread t's rate is one over its
 * mean over the pairs, and the point's rate and mbps sum the threads */
static void thread_rates(const struct trial *t, struct point *pt)
{
    int n = record_threads(t->k.rec);
    double sum = 0;
    for (int th = 0; th < n; th++) {
        double us = 0;
        size_t cnt = 0;
        for (size_t i = (size_t)th; i < pt->nsamples; i += (size_t)n, cnt++)
            us += pt->samples[i].t_us;
        sum += cnt && us > 0 ? (double)cnt / us : 0;    /* messages per us */
    }
    pt->mbps = (double)pt->bytes * sum;
    if (t->holds.rate)
        pt->rate = sum * 1e6;
}

void gather_point(struct trial *t, const struct sizerun *sr, struct point *pt)
{
    const struct world *w = t->m->world;
    collect_samples(w, sr, t->k.mismatches, pt);
    collect_series(t, sr, pt);
    collect_counters(t, pt);
    collect_means(t, sr, pt);
    collect_per_comm(t, pt);
    /* the calls one by one go on to the writers for --raw's calls file
     * and DETAIL's p99 matrix */
    const struct holds *h = &t->holds;
    collect_calls(w, sr, pt, t->m->opt->raw || (t->k.rec->pairs == PAIRS_DETAIL &&
                                                 h->pairs));
    if (h->barrier)
        collect_comms(w, sr, pt);
    /* multi-pair and fabric calls: every stream of the largest
     * communicator at once */
    double n = streams(t);
    pt->mbps = pt->rate = NAN;
    if (h->bandwidth && pt->s.avg > 0)
        pt->mbps = (double)pt->bytes * n / pt->s.avg;
    pt->busbw = h->busbw ? pt->mbps * h->busbw_factor : NAN;
    if (h->rate && pt->s.avg > 0)
        pt->rate = n / pt->s.avg * 1e6;
    if (h->phases && w->rank == 0)
        pair_bandwidths(pt);
    if (h->threads && w->rank == 0 && pt->nsamples)
        thread_rates(t, pt);
}
