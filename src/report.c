/* report.c: the prose, one sentence per size and a summary per record.
 *
 * Every sentence says what its number is (one-way time, time per call,
 * fastest/mean/slowest rank), because that is exactly what readers of
 * other suites' tables get wrong. */
#include "output.h"
#include "repeat.h"

#include <math.h>
#include <string.h>

static const char *what_op(const struct record *r, char *buf, size_t len)
{
    if (r->call->family == FAM_P2P && strcmp(r->pf->name, "ALL") != 0)
        snprintf(buf, len, " (%s pairs)", r->pf->name);
    else if (r->op)
        snprintf(buf, len, " with %s", r->op->name);
    else if (r->pattern)
        snprintf(buf, len, " (pattern %s)", r->pattern->name);
    else
        buf[0] = 0;
    return buf;
}

void report_run(struct run *run)
{
    const struct world *w = &run->world;
    say(run, "mpigauge %s: %s, %d record%s from %s\n", MPIGAUGE_VERSION,
        run->date, run->rs.n, run->rs.n == 1 ? "" : "s", run->rs.file);
    say(run, "MPI: %s (MPI %d.%d); %d rank%s on %d node%s (", w->library,
        w->version, w->subversion, w->size, w->size == 1 ? "" : "s", w->nodes,
        w->nodes == 1 ? "" : "s");
    for (int i = 0; i < w->nhosts; i++)
        say(run, i ? " %s" : "%s", w->hosts[i]);
    say(run, "), grid %dx%dx%d from %s.\n", w->grid[0], w->grid[1], w->grid[2],
        w->grid_source);
    say(run, "Timer: MPI_Wtime advances in steps of %.3g s (MPI_Wtick says "
        "%.3g s) and costs %.3g s a read.\n", run->timer_res, run->wtick,
        run->timer_cost);
    if (counters_events() || run->papi_dropped[0]) {
        say(run, "Counters (per timed call):");
        for (int i = 0; i < counters_events(); i++)
            say(run, "%s %s (%s)", i ? "," : "", counters_event(i),
                counters_backend(i));
        if (!counters_events())
            say(run, " none");
        if (run->papi_dropped[0])
            say(run, "; WARNING: this machine cannot count %s", run->papi_dropped);
        say(run, ".\n");
    }
    if (w->max_node_ranks > w->cores)
        say(run, "WARNING: %d ranks share a node with %ld cores. The times "
            "below measure the operating system's scheduler as much as MPI.\n",
            w->max_node_ranks, w->cores);
    say(run, "Times are in microseconds.  Point-to-point: one-way time, half "
        "the round trip of a ping-pong, with min/avg/max over the pairs "
        "measured.  Collectives: each rank's average time per call, with "
        "min/avg/max the fastest, mean and slowest rank.  MB/s = 10^6 bytes "
        "per second.\n");
    const struct options *o = &run->opt;
    if (o->sync_window)
        say(run, "Statistics: every call of a collective starts at a common time "
            "on clocks corrected to rank 0 (largest offset %.3g us, estimated "
            "from round trips up to %.3g us); starts that come late are "
            "dropped; a call's time is %s.  ", run->clocks.max_offset * 1e6,
            run->clocks.max_rtt * 1e6, o->span ? "last exit minus first entry"
            : "the slowest rank's own duration");
    else
        say(run, "Statistics: the timed loop runs in %s%d blocks after a barrier "
            "each; a block's value is its slowest rank's time per call.  ",
            o->adaptive ? "at least " : "", o->adaptive ? MIN_BLOCKS_CI : o->blocks);
    say(run, "Median over blocks with a 95%% confidence interval (order "
        "statistics; needs 6 blocks); the target is an interval within %g%% of "
        "the median%s.\n", 100 * o->target, o->adaptive ? "; blocks go on until it "
        "is met or the budget is spent" : "");
}

void report_record(struct run *run, const struct result *res)
{
    const struct record *r = res->rec;
    char op[64];
    say(run, "\nRecord %d (line %d): %s of %s%s on %s, %d communicator%s (",
        res->index, r->line, r->call->name, r->dt->name, what_op(r, op, sizeof op),
        r->topo->name, res->tc->n, res->tc->n == 1 ? "" : "s");
    for (int i = 0; i < res->tc->n && i < 16; i++)
        say(run, i ? " %d" : "%d", res->tc->sizes[i]);
    say(run, "%s ranks).\n  Timing: %s.\n", res->tc->n > 16 ? " ..." : "",
        r->call->timing);
}

/* the median line: median, interval, blocks, late starts, target */
static void report_stats(struct run *run, const struct point *pt)
{
    if (pt->blocks == 0) {
        say(run, "    no valid block%s.\n", pt->late ? " (every start was late)" : "");
        return;
    }
    /* --sync window times collectives call by call */
    const char *unit = run->opt.sync_window && pt->iters == pt->blocks + pt->late
                       ? "call" : "block";
    say(run, "    median %.3f us over %ld %s%s", pt->med, pt->blocks, unit,
        pt->blocks == 1 ? "" : "s");
    if (pt->late)
        say(run, " (%ld valid, %ld dropped as late)", pt->blocks, pt->late);
    if (isnan(pt->ci_lo))
        say(run, ", no 95%% interval (fewer than 6 blocks): target not met");
    else
        say(run, ", 95%% interval [%.3f, %.3f] us (%+.1f%%, %+.1f%%): target %s",
            pt->ci_lo, pt->ci_hi, 100 * (pt->ci_lo - pt->med) / pt->med,
            100 * (pt->ci_hi - pt->med) / pt->med, pt->met ? "met" : "NOT met");
    for (int i = 0; i < counters_events(); i++)
        say(run, "; %s %.4g per call (largest rank %.4g)", counters_event(i),
            pt->papi_avg[i], pt->papi_max[i]);
    say(run, ".\n");
}

static void pair_name(const struct sample *s, char *buf, size_t len)
{
    snprintf(buf, len, "%d->%d", s->a, s->b);
}

void report_point(struct run *run, const struct result *res,
                  const struct point *pt)
{
    const struct record *r = res->rec;
    char op[64];
    say(run, "  %s %llu x %s (%llu bytes)%s: ", r->call->name,
        (unsigned long long)pt->elements, r->dt->name,
        (unsigned long long)pt->bytes, what_op(r, op, sizeof op));
    if (pt->nsamples == 0) {
        say(run, "nothing measured.\n");
        return;
    }
    const struct sample *lo = &pt->samples[pt->s.imin];
    const struct sample *hi = &pt->samples[pt->s.imax];
    if (r->call->family == FAM_P2P) {
        char a[32], b[32];
        pair_name(lo, a, sizeof a);
        pair_name(hi, b, sizeof b);
        say(run, "one-way %.3f us, mean over %zu pair%s (fastest %s %.3f us, "
            "slowest %s %.3f us)", pt->s.avg, pt->nsamples,
            pt->nsamples == 1 ? "" : "s", a, pt->s.min, b, pt->s.max);
    } else {
        say(run, "%.3f us per call, mean over %zu rank%s (fastest rank %d "
            "%.3f us, slowest rank %d %.3f us)", pt->s.avg, pt->nsamples,
            pt->nsamples == 1 ? "" : "s", lo->a, pt->s.min, hi->a, pt->s.max);
    }
    if (r->call->family == FAM_SYNC && pt->ncomm > 0) {
        say(run, "; a barrier takes %.3f us on its slowest rank (mean over "
            "iterations, median %.3f us)", pt->iter_mean, pt->iter_median);
        if (!isnan(pt->pred))
            say(run, ", the model predicts %.3f us (%+.1f%%)", pt->pred,
                100.0 * (pt->pred - pt->iter_mean) / pt->iter_mean);
    }
    if (r->call->family != FAM_SYNC && pt->bytes > 0 && pt->s.avg > 0)
        say(run, ", %.1f MB/s", (double)pt->bytes / pt->s.avg);
    say(run, ".\n");
    report_stats(run, pt);
    if (pt->mismatches)
        say(run, "  CHECK FAILED: %lu element%s wrong at this size.\n",
            pt->mismatches, pt->mismatches == 1 ? "" : "s");
    if (r->pairs == PAIRS_DETAIL && r->call->family == FAM_P2P)
        for (size_t i = 0; i < pt->nsamples; i++)
            say(run, "    pair %d->%d: %.3f us\n", pt->samples[i].a,
                pt->samples[i].b, pt->samples[i].t_us);
}

void report_summary(struct run *run, const struct result *res)
{
    const struct fit *f = &res->fit;
    if (res->error[0])
        say(run, "  ERROR: record %d stopped: %s.\n", res->index, res->error);
    if (res->interrupted)
        say(run, "  INTERRUPTED after %zu sizes; those are complete.\n", res->npts);
    say(run, "  Summary of record %d: ", res->index);
    if (res->rec->call->family == FAM_SYNC) {
        double err = 0;
        int n = 0;
        for (size_t i = 0; i < res->npts; i++)
            if (!isnan(res->pts[i].pred) && res->pts[i].iter_mean > 0) {
                err += fabs(res->pts[i].pred - res->pts[i].iter_mean) /
                       res->pts[i].iter_mean;
                n++;
            }
        if (n)
            say(run, "predicted vs measured (mean per-iteration maximum): mean "
                "relative error %.1f%% over %d size%s.  ", 100.0 * err / n, n,
                n == 1 ? "" : "s");
    }
    if (!f->ok)
        say(run, "no fit (fewer than two different sizes).");
    else if (isnan(f->bandwidth_mbs))
        say(run, "least squares over %zu sizes gives t = %.3f us + %.3g us/byte "
            "(R^2 = %.4f): time does not grow with size, so no bandwidth.",
            f->n, f->alpha, f->beta, f->r2);
    else
        say(run, "least squares over %zu sizes gives t = %.3f us + bytes / "
            "%.1f MB/s: latency %.3f us, asymptotic bandwidth %.1f MB/s, "
            "R^2 = %.4f.", f->n, f->alpha, f->bandwidth_mbs, f->latency_us,
            f->bandwidth_mbs, f->r2);
    size_t met = 0;
    for (size_t i = 0; i < res->npts; i++)
        met += res->pts[i].met;
    say(run, " The confidence target was met at %zu of %zu size%s.", met,
        res->npts, res->npts == 1 ? "" : "s");
    if (res->rec->call->bsp && res->bsp.ok)
        say(run, " BSP on %s: g = %.4f us per %s word, l = %.3f us (t = g h + l "
            "over the slowest rank, R^2 = %.4f).", res->rec->topo->name,
            res->bsp.beta, res->rec->dt->name, res->bsp.alpha, res->bsp.r2);
    if (run->opt.check && !res->rec->call->check)
        say(run, " Check: %s moves no data.", res->rec->call->name);
    else if (run->opt.check && res->mismatches)
        say(run, " Check: FAILED, %lu wrong elements.", res->mismatches);
    else if (run->opt.check)
        say(run, " Check: every element of every size verified.");
    say(run, " Data: %s\n", res->file);
}
