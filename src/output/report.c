/* report.c: the prose, one sentence per size and a summary per record.
 *
 * Every sentence says what its number is (one-way time, time per call,
 * fastest/mean/slowest rank), because that is exactly what readers of
 * other suites' tables get wrong. */
#include "output/output.h"

#include <stdarg.h>
#include "base/text.h"
#include "base/smpi.h"
#include "base/thread_level.h"
#include "input/parser.h"
#include "output/clock_json.h"
#include "output/columns.h"
#include "output/fits.h"
#include "output/record_settings.h"
#include "output/io_check.h"
#include "output/threads_json.h"
#include "output/switch_notes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void say(struct writer *w, const char *fmt, ...)
{
    va_list ap;
    if (!w->info->opt->quiet) {
        va_start(ap, fmt);
        vprintf(fmt, ap);
        va_end(ap);
    }
    if (w->report) {
        va_start(ap, fmt);
        vfprintf(w->report, fmt, ap);
        va_end(ap);
    }
}

const char *record_op_text(const struct result *res, char *buf, size_t len)
{
    const struct record *r = res->rec;
    if (res->holds.pairs && r->pf && strcmp(r->pf->name, "ALL") != 0)
        snprintf(buf, len, " (%s pairs)", r->pf->name);
    else if (r->op)
        snprintf(buf, len, " with %s", r->op->name);
    else if (r->pattern)
        snprintf(buf, len, " (pattern %s)", r->pattern->name);
    else
        buf[0] = 0;
    return buf;
}

/* ranks bound to the same CPUs of one machine (base/core_sharing.h) */
static void shared_core_warning(struct writer *w, const struct core_sharing *cs)
{
    if (cs->ranks <= 0)
        return;
    say(w, "WARNING: %d ranks are bound to the same CPUs as another rank of their "
        "machine (ranks %d and %d, on CPU %d): they take turns on one core, and the "
        "times below are the scheduler's as much as MPI's. A launcher binds per "
        "host (Open MPI, for 2 ranks or fewer, each host's first rank to its first "
        "core), and hosts that are one machine then share those cores: launch "
        "unbound (Open MPI: --bind-to none) or give each rank a core of its own "
        "(docs/measuring.md, Binding).\n", cs->ranks, cs->first, cs->second, cs->cpu);
}

/* MPI, ranks, nodes and hosts, grid, timer, counters */
static void run_facts(struct writer *w)
{
    const struct run_info *in = w->info;
    say(w, "mpigauge %s: %s, %d record%s from %s%s\n", MPIGAUGE_VERSION, in->date,
        in->nres, in->nres == 1 ? "" : "s", in->opt->input ? in->input : "the command line",
        in->opt->input && in->opt->ncmdline ? " and the command line" : "");
    say(w, "MPI: %s (MPI %d.%d); %d rank%s on %d node%s (", in->library,
        in->version, in->subversion, in->ranks, in->ranks == 1 ? "" : "s",
        in->nodes, in->nodes == 1 ? "" : "s");
    for (int i = 0; i < in->nhosts; i++)
        say(w, i ? " %s" : "%s", in->hosts[i]);
    say(w, "), grid %dx%dx%d from %s.\n", in->grid[0], in->grid[1], in->grid[2],
        in->grid_source);
    say(w, "Threads: %s granted (%s).\n", thread_level_name(in->thread_level),
        in->thread_asked < 0 ? "MPI_Init: no threaded call in the input"
        : in->opt->thread_level ? thread_asked_text(in->thread_asked, 1)
        : "MPI_Init_thread asked MPI_THREAD_MULTIPLE: the input has a threaded call");
    if (MPIGAUGE_SMPI)
        say(w, "Simulated: SimGrid %s (SMPI) on %s, settings: %s. Every time is "
            "simulated time; hwloc and counters would see the machine running the "
            "simulation, so records that need them are skipped.\n",
            smpi_simgrid_version(), smpi_platform() ? smpi_platform() :
            "a platform not loaded through platforms/costs.so (unknown)",
            smpi_settings() ? smpi_settings() : "unknown");
    if (isfinite(in->timer_res))
        say(w, "Timer: MPI_Wtime advances in steps of %.3g s (MPI_Wtick says "
            "%.3g s) and costs %.3g s a read.\n", in->timer_res, in->wtick,
            in->timer_cost);
    else                       /* a stopped clock (clock_guard.h) */
        say(w, "Timer: MPI_Wtime did not advance on rank 0 while it was read 100000 "
            "times (MPI_Wtick says %.3g s).\n", in->wtick);
    if (isnan(in->init_s[0]))
        say(w, "MPI_Init is not timed under SimGrid's SMPI (the clock would time the "
            "simulator, not the simulated job).\n");
    else
        say(w, "MPI_Init took %.4f s on the fastest rank, %.4f s on average, %.4f s "
            "on the slowest (each rank's monotonic clock around it, once per run).\n",
            in->init_s[0], in->init_s[1], in->init_s[2]);
    if (in->ev.n || in->ev.dropped[0]) {
        say(w, "Counters (per timed call):");
        for (int i = 0; i < in->ev.n; i++)
            say(w, "%s %s (%s)", i ? "," : "", in->ev.name[i], in->ev.backend[i]);
        if (!in->ev.n)
            say(w, " none");
        if (in->ev.dropped[0])
            say(w, "; WARNING: this machine cannot count %s", in->ev.dropped);
        say(w, ".\n");
    }
    if (in->max_node_ranks > in->cores)
        say(w, "WARNING: %d ranks share a node with %ld cores. The times "
            "below measure the operating system's scheduler as much as MPI.\n",
            in->max_node_ranks, in->cores);
    shared_core_warning(w, &in->cores_shared);
}

void report_run(struct writer *w)
{
    run_facts(w);
    char est[64];
    say(w, "Estimated run time: about %s (the model of docs/measuring.md, Estimates; it errs "
        "long%s).\n", duration_text(w->info->estimate_s, est, sizeof est),
        w->info->opt->adaptive ? ", but adaptive repetition may add up to --budget a size "
        "where the interval is wide" : "");
    say(w, "Times are in microseconds.  Point-to-point: one-way time, half "
        "the round trip of a ping-pong, with min/avg/max over the pairs "
        "measured.  Collectives: each rank's average time per call, with "
        "min/avg/max the fastest, mean and slowest rank.  MB/s = 10^6 bytes "
        "per second.\n");
    const struct options *o = w->info->opt;
    char clock[1024];
    if (o->sync_window && w->info->clock) {
        clock_fit_text(w->info->clock, clock, sizeof clock);
        say(w, "Statistics: every call of a collective and every barrier (BARRIER "
            "records) starts at a common time %s; starts that come late are counted, "
            "left out and tried again until the count is valid or the budget is "
            "spent; a call's time is %s.  ", clock, o->span ?
            "last exit minus first entry" : "the slowest rank's own duration");
    } else
        say(w, "Statistics: the timed loop runs in %s%d blocks after a barrier "
            "each; a block's value is its slowest rank's time per call.  ",
            o->adaptive ? "at least " : "", o->adaptive ? 6 : o->blocks);
    say(w, "Median over blocks with a 95%% confidence interval (order "
        "statistics; needs 6 blocks); the target is an interval within %g%% of "
        "the median%s.\n", 100 * o->target, o->adaptive ? "; blocks go on until it "
        "is met or the budget is spent" : "");
}

void report_record(struct writer *w, const struct result *res)
{
    const struct record *r = res->rec;
    char op[64], where[96];
    say(w, "\nRecord %d (%s): %s of %s%s on %s, %d communicator%s (",
        res->index, record_place(r, where, sizeof where), r->call->name, r->dt->name, record_op_text(res, op, sizeof op),
        r->topo->name, res->ncomm, res->ncomm == 1 ? "" : "s");
    for (int i = 0; i < res->ncomm && i < 16; i++)
        say(w, i ? " %d" : "%d", res->comm_sizes[i]);
    say(w, "%s ranks).\n  Timing: %s.\n", res->ncomm > 16 ? " ..." : "",
        r->call->timing);
    if (res->vtopo_text)
        say(w, "  Shape: %s.\n", res->vtopo_text);
    if (w->info->opt->cache_cold && cache_warm_why(r))
        say(w, "  Cache: warm, though the run is --cache cold: %s.\n", cache_warm_why(r));
    if (res->holds.pairs) {
        char how[200];
        say(w, "  Pairs: %s.\n", pair_schedule(res, how, sizeof how));
    }
    if (r->op && r->dt->cls == TC_CHAR)
        say(w, "  CHAR: reduced as the library's extension (MPI 2.2 and later call it "
            "a character type without reductions; this library accepted it when "
            "asked at start).\n");
    char settings[512];
    if (record_settings_text(r, settings, sizeof settings))
        say(w, "  Settings: %s.\n", settings);
    if (res->facts.prose)
        say(w, "%s", res->facts.prose);
}

/* the median line: median, interval, blocks, late starts, target */
/* one BSP fit, after "BSP on ...: ": g, l and R^2, or why it means nothing */
static void say_bsp_fit(struct writer *w, const struct fit *f, const char *dt)
{
    if (f->flagged[0])
        say(w, "NO PARAMETERS, the fit means nothing (%s; it gave g = %.4f us per %s "
            "word, l = %.3f us, R^2 = %.4f).", f->flagged, f->beta, dt, f->alpha, f->r2);
    else
        say(w, "g = %.4f us per %s word, l = %.3f us (t = g h + l over the slowest "
            "rank, R^2 = %.4f).", f->beta, dt, f->alpha, f->r2);
}

/* the record's own BSP fit, then levels=hw's per hardware level */
static void report_bsp(struct writer *w, const struct result *res)
{
    const char *dt = res->rec->dt->name;
    if (res->holds.bsp && res->bsp.ok) {
        say(w, " BSP on %s: ", res->rec->topo->name);
        say_bsp_fit(w, &res->bsp, dt);
    }
    for (int i = 0; i < res->nlevels; i++) {
        const struct bsp_level *lv = &res->levels[i];
        say(w, " BSP on %s (%d communicator%s, up to %d rank%s, %.1f MiB): ", lv->level,
            lv->ncomm, lv->ncomm == 1 ? "" : "s", lv->max_size, lv->max_size == 1 ? "" : "s",
            (double)lv->bytes / 1048576.0);
        if (lv->fit.ok)
            say_bsp_fit(w, &lv->fit, dt);
        else
            say(w, "no fit.");
    }
}

static void summary_tail(struct writer *w, const struct result *res)
{
    size_t met = 0;
    for (size_t i = 0; i < res->npts; i++)
        met += res->pts[i].met;
    say(w, " The confidence target was met at %zu of %zu size%s.", met,
        res->npts, res->npts == 1 ? "" : "s");
    report_bsp(w, res);
    int check = w->info->opt->check;
    if (check && !res->holds.checked)
        say(w, " Check: %s moves no data.", res->rec->call->name);
    else if (check && res->mismatches)
        say(w, " Check: FAILED, %lu wrong elements.", res->mismatches);
    else if (check && res->error[0])
        say(w, " Check: every element of the %zu size%s before the error verified; "
            "the size the error stopped was not.", res->npts, res->npts == 1 ? "" : "s");
    else if (check)
        say(w, " Check: every element of every size verified.");
    say(w, " Data: %s\n", res->file);
}

void report_summary(struct writer *w, const struct result *res)
{
    if (res->error[0])
        say(w, "  ERROR: record %d stopped: %s.\n", res->index, res->error);
    if (res->interrupted)
        say(w, "  INTERRUPTED after %zu sizes; those are complete.\n", res->npts);
    say(w, "  Summary of record %d: ", res->index);
    if (res->pred_sizes)
        say(w, "predicted vs measured per-iteration maximum: mean relative error "
            "%.1f%% of the median (t_pred_us), %.1f%% of the mean (t_pred_mean_us) "
            "over %d size%s.  ", 100.0 * res->pred_error, 100.0 * res->pred_mean_error,
            res->pred_sizes, res->pred_sizes == 1 ? "" : "s");
    char fit[512];
    fit_text(res, fit, sizeof fit);
    say(w, "%s", fit);
    summary_tail(w, res);
    char *switches = switch_prose(w->info, res);
    if (switches)
        say(w, "%s", switches);
    free(switches);
    char took[64], est[64];
    if (res->elapsed_s >= 0)
        say(w, "  Took %s (estimated %s).\n", duration_text(res->elapsed_s, took,
            sizeof took), duration_text(res->estimate_s, est, sizeof est));
}

void report_skipped(struct writer *w, const struct result *res)
{
    char where[96];
    say(w, "\nRecord %d (%s): %s\n  skipped: %s.\n", res->index,
        record_place(res->rec, where, sizeof where), res->rec->text, res->skipped);
}

void report_close(struct writer *w, int signal)
{
    char clock[512] = "";
    if (w->info->clock)
        clock_end_text(w->info->clock, clock, sizeof clock);
    say(w, "%s", clock);
    if (w->info->clock_broken_rank >= 0)
        say(w, "\nThe clock of rank %d is broken: %s. What it timed is not trusted: the "
            "record in progress when the ranks learnt of it stopped there, and no record "
            "after it was measured (run.json: timer.broken).\n",
            w->info->clock_broken_rank, w->info->clock_broken);
    if (signal)
        say(w, "\nInterrupted by signal %d: every record above is complete on "
            "disk; run.json says which did not run.\n", signal);
    char path[sizeof w->dir + 16];
    snprintf(path, sizeof path, "%s/report.txt", w->dir);
    io_close(w->report, path);
    w->report = NULL;
    if (!w->info->opt->quiet)
        printf("\nResults in %s/\n", w->dir);
}

void report_params(struct writer *w, const struct topology *t,
                   const struct param_matrices *m)
{
    say(w, "Pairwise parameters on %s: %s.\n", t->name, m->how);
}
