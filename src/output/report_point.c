/* report_point.c: the prose's sentence for one size of a record: what
 * its number is (one-way time, time per call, fastest/mean/slowest rank
 * or pair), its bandwidth, its statistics line and its calls timed one by
 * one; report.c has the record's header and summary. */
#include "output/output.h"

#include <math.h>
#include <string.h>
#include "output/columns.h"
#include "output/threads_json.h"

/* a prediction the parameters' drift alone moves by more than this either
 * way says the machine was not steady while they were measured */
#define DRIFT_UNSTEADY 0.10

/* the drift's interval (issue 55 item 4), and, where it reaches more than
 * DRIFT_UNSTEADY from the prediction, that it is the machine: on the two
 * simulated hosts here the launches whose parameters moved 15-44% between
 * their two measurements were predicted up to 45% off (docs/models.md) */
static void say_drift_interval(struct writer *w, const struct point *pt)
{
    say(w, ", a median of %.3f to %.3f us as far as the parameters drifted",
        pt->pred_lo, pt->pred_hi);
    if (pt->pred_hi > pt->pred * (1 + DRIFT_UNSTEADY) ||
        pt->pred_lo < pt->pred * (1 - DRIFT_UNSTEADY))
        say(w, " (more than %.0f%% either way: the machine was not steady while "
            "they were measured, and this prediction is no closer than that)",
            100 * DRIFT_UNSTEADY);
}

/* the columns with a prose phrase, in the statistics line */
static void column_phrases(struct writer *w, const struct result *res,
                           const struct point *pt)
{
    char v[64];
    struct column cols[MAX_COLUMNS];
    size_t n = result_columns(res, cols, MAX_COLUMNS);
    for (size_t i = 0; i < n; i++) {
        if (!cols[i].prose)
            continue;
        column_text(&cols[i], column_value(&cols[i], res, pt), v, sizeof v);
        say(w, "; ");
        say(w, cols[i].prose, v);
    }
}

/* the calls timed one by one: their tail, and who finished last */
static void report_tail(struct writer *w, const struct result *res,
                        const struct point *pt)
{
    if (pt->ncalls == 0)
        return;
    say(w, "    one call at a time (%ld): p50 %.3f, p90 %.3f, p99 %.3f, max %.3f us, "
        "sd %.3f us", pt->ncalls, pt->tail.p50, pt->tail.p90, pt->tail.p99,
        pt->tail.max, pt->tail.sd);
    if (!res->holds.pairs && pt->slowest_rank >= 0 &&
        pt->slowest_rank < w->info->ranks)
        say(w, "; rank %d (node %d) was the last to finish in %.0f%% of them, "
            "%.3f us over the ranks' mean", pt->slowest_rank,
            w->info->places[pt->slowest_rank].node, 100 * pt->slowest_share,
            pt->slowest_excess_us);
    say(w, ".\n");
}

static void report_stats(struct writer *w, const struct result *res,
                         const struct point *pt)
{
    if (pt->blocks == 0) {
        say(w, "    no valid block%s.\n", pt->late ? " (every start was late)" : "");
        return;
    }
    /* --sync window times collectives call by call */
    const char *unit = w->info->opt->sync_window && pt->iters == pt->blocks + pt->late
                       ? "call" : "block";
    say(w, "    median %.3f us over %ld %s%s", pt->med, pt->blocks, unit,
        pt->blocks == 1 ? "" : "s");
    if (pt->late)
        say(w, " (%ld valid; %ld started late, left out)", pt->blocks, pt->late);
    if (isnan(pt->ci_lo))
        say(w, ", no 95%% interval (fewer than 6 blocks): target not met");
    else
        say(w, ", 95%% interval [%.3f, %.3f] us (%+.1f%%, %+.1f%%): target %s",
            pt->ci_lo, pt->ci_hi, 100 * (pt->ci_lo - pt->med) / pt->med,
            100 * (pt->ci_hi - pt->med) / pt->med, pt->met ? "met" : "NOT met");
    for (int i = 0; i < w->info->ev.n; i++)
        say(w, "; %s %.4g per call (largest rank %.4g)", w->info->ev.name[i],
            pt->count_avg[i], pt->count_max[i]);
    column_phrases(w, res, pt);
    say(w, ".\n");
    report_tail(w, res, pt);
}

/* "mean over 4 pairs", or for a threaded call "mean over 2 threads of 2
 * pairs" (its samples are T a pair) */
static void say_over(struct writer *w, const struct holds *h, size_t n)
{
    int t = h->threads > 1 ? h->threads : 1;
    size_t pairs = n / (size_t)t;
    if (t > 1)
        say(w, "mean over %d threads of %zu pair%s", t, pairs, pairs == 1 ? "" : "s");
    else
        say(w, "mean over %zu pair%s", n, n == 1 ? "" : "s");
}

/* the mean time and the fastest and slowest sample by name: a pair's,
 * a thread's of a pair or of a rank, or a rank's */
static void say_spread(struct writer *w, const struct holds *h, const struct point *pt)
{
    const struct sample *lo = &pt->samples[pt->s.imin];
    const struct sample *hi = &pt->samples[pt->s.imax];
    char a[64], b[64];
    sample_name(h, lo, pt->s.imin, a, sizeof a);
    sample_name(h, hi, pt->s.imax, b, sizeof b);
    if (h->pairs || h->phases) {
        say(w, "%s %.3f us, ", strcmp(h->per, "operation") == 0 ? "per operation"
            : h->window > 1 || h->phases ? "per message" : "one-way", pt->s.avg);
        say_over(w, h, pt->nsamples);
        say(w, " (fastest %s %.3f us, slowest %s %.3f us)", a, pt->s.min, b, pt->s.max);
    } else if (h->threads > 1) {      /* threads= on a collective: T a rank */
        size_t ranks = pt->nsamples / (size_t)h->threads;
        say(w, "%.3f us per %s, mean over %d threads of %zu rank%s (fastest %s %.3f us, "
            "slowest %s %.3f us)", pt->s.avg, h->per, h->threads, ranks,
            ranks == 1 ? "" : "s", a, pt->s.min, b, pt->s.max);
    } else {
        say(w, "%.3f us per %s, mean over %zu rank%s (fastest rank %d "
            "%.3f us, slowest rank %d %.3f us)", pt->s.avg,
            h->per, pt->nsamples,
            pt->nsamples == 1 ? "" : "s", lo->a, pt->s.min, hi->a, pt->s.max);
    }
}

void report_point(struct writer *w, const struct result *res,
                  const struct point *pt)
{
    const struct record *r = res->rec;
    char op[64];
    say(w, "  %s %llu x %s (%llu bytes)%s: ", r->call->name,
        (unsigned long long)pt->elements, r->dt->name,
        (unsigned long long)pt->bytes, record_op_text(res, op, sizeof op));
    if (pt->nsamples == 0) {
        say(w, "nothing measured.\n");
        return;
    }
    const struct holds *h = &res->holds;
    say_spread(w, h, pt);
    if (h->barrier && pt->ncomm > 0) {
        say(w, "; a barrier takes %.3f us on its slowest rank (mean over "
            "iterations, median %.3f us)", pt->iter_mean, pt->iter_median);
        if (!isnan(pt->pred))
            say(w, "; the model predicts a median of %.3f us (%+.1f%%), a mean of "
                "%.3f us (%+.1f%%) and a 90th percentile of %.3f us (measured %.3f)",
                pt->pred, 100.0 * (pt->pred - pt->iter_median) / pt->iter_median,
                pt->pred_mean, 100.0 * (pt->pred_mean - pt->iter_mean) / pt->iter_mean,
                pt->pred_p90, pt->tail.p90);
        if (!isnan(pt->pred) && !isnan(pt->pred_lo))
            say_drift_interval(w, pt);
    }
    if (h->aggregate && !isnan(pt->mbps))
        say(w, ", %.1f MB/s aggregate (every stream at once)", pt->mbps);
    else if (h->bandwidth && pt->bytes > 0 && pt->s.avg > 0)
        say(w, ", %.1f MB/s", (double)pt->bytes / pt->s.avg);
    say(w, ".\n");
    report_stats(w, res, pt);
    if (pt->mismatches)
        say(w, "  CHECK FAILED: %lu element%s wrong at this size.\n",
            pt->mismatches, pt->mismatches == 1 ? "" : "s");
    if (r->pairs == PAIRS_DETAIL && h->pairs)
        for (size_t i = 0; i < pt->nsamples; i++) {
            char name[64];
            sample_name(h, &pt->samples[i], i, name, sizeof name);
            say(w, "    %s%s: %.3f us\n", sample_thread(h, i) < 0 ? "pair " : "", name,
                pt->samples[i].t_us);
        }
}

