/* run.c: the flow of a run, step by step.
 *
 * Every rank reads the same options; rank 0 reads the input file and
 * broadcasts it, every rank parses it the same way, and nothing is
 * measured (nor any folder created) until the whole file and plan are
 * known to be good.  Then each record is measured and its results go to
 * the writers on rank 0 as they come. */
#include "run.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include "base/base.h"
#include "base/build_info.h"
#include "base/hash.h"
#include "base/smpi.h"
#include "base/stdout_whole.h"
#include "input/parser.h"
#include "registry/sizes.h"
#include "clock/clock_guard.h"
#include "counters/counters.h"
#include "output/io_check.h"
#include "lifecycle/interrupt.h"
#include "lifecycle/scratch.h"
#include "measure/timing.h"
#include "lifecycle/watchdog.h"
#include "world/launch_check.h"
#include "clock/timer.h"

/* Collective: 0 when what rank 0 printed on stdout is whole, else 5 on
 * every rank (said by rank 0: stdout_whole.h), as the exit status of a
 * front end whose result is what it prints */
static int printed(int rank, const char *who)
{
    int status = rank == 0 ? stdout_end(who) : 0;
    MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return status;
}

/* options; 1 when the run ends here (--help, --version, --list, bad) */
static int options_step(struct run *run, int argc, char **argv, int rank,
                        int *status)
{
    struct options *o = &run->opt;
    *status = parse_options(argc, argv, o, rank == 0 ? stderr : NULL);
    if (*status)
        return 1;
    if (!o->help && !o->version && !o->list)
        return 0;
    if (rank == 0)
        stdout_begin();
    if (rank == 0 && o->help)
        print_usage(stdout);
    else if (rank == 0 && o->version)
        build_info_print(stdout, MPIGAUGE_VERSION);
    else if (rank == 0)
        print_list(stdout);
    *status = printed(rank, o->help ? "mpigauge --help" : o->version ? "mpigauge --version"
                                                                     : "mpigauge --list");
    return 1;
}

/* --papi: the events this machine counts, and a warning for the rest */
static int counters_step(struct run *run, int rank)
{
    struct events *ev = &run->info.ev;
    char err[256];
    if (!run->opt.papi)
        return 0;
    if (counters_init(run->opt.papi, ev->dropped, sizeof ev->dropped, err,
                      sizeof err)) {
        if (rank == 0)
            fprintf(stderr, "mpigauge: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    ev->n = counters_events();
    for (int i = 0; i < ev->n; i++) {
        ev->name[i] = counters_event(i);
        ev->backend[i] = counters_backend(i);
    }
    if (rank == 0 && ev->dropped[0])
        fprintf(stderr, "mpigauge: warning: neither PAPI nor the kernel can "
                "count %s on this machine; the run goes on without %s\n",
                ev->dropped, strchr(ev->dropped, ',') ? "them" : "it");
    return 0;
}

/* what the writers say of the run, from the world */
static void describe_run(struct run *run)
{
    timer_init_spread(run->init_s, run->info.init_s);
    const struct world *w = &run->world;
    struct run_info *in = &run->info;
    in->clock_broken_rank = -1;
    in->opt = &run->opt;
    in->input = run->opt.input ? run->opt.input : "-r";
    in->library = w->library;
    in->version = w->version;
    in->thread_asked = w->thread_asked;
    in->thread_level = w->thread_level;
    in->subversion = w->subversion;
    in->ranks = w->size;
    memcpy(in->grid, w->grid, sizeof in->grid);
    in->grid_source = w->grid_source;
    in->hosts = w->hosts;
    in->nhosts = w->nhosts;
    in->nodes = w->nodes;
    in->max_node_ranks = w->max_node_ranks;
    in->bound = w->bound;
    in->cores_shared = w->cores_shared;
    in->cores = w->cores;
    in->places = w->places;
    in->cvars = w->cvars;
    in->ncvars = w->ncvars;
    in->cpu_model = w->cpu_model;
    in->input_hash = fnv1a64(run->text, run->len);
    in->estimate_s = run->total.seconds;
    in->nres = run->nrec;
}

static void writer_point_cb(void *sink, const struct result *res,
                            const struct point *pt)
{
    writer_point(sink, res, pt);
}

static void writer_params_cb(void *sink, const struct topology *t,
                             const struct param_matrices *m)
{
    writer_params(sink, t, m);
    report_params(sink, t, m);
}

/* the result folder (rank 0, agreed by all), the timer, clocks, scratch */
static int prepare_step(struct run *run, int rank)
{
    int rc = 0;
    /* collective: both conditions are the same on every rank */
    if (run->needs_scratch && run->opt.scratch && !scratch_usable(run->opt.scratch, rank))
        return EXIT_BAD_INPUT;
    run->writer.snapshot = interrupt_snapshot;
    struct measurer *m = &run->m;
    /* --scratch's folder first: one that cannot be made there (a
     * read-only disk, even as root) ends the run before the result folder
     * exists (issue 26 class 11) */
    if (run->needs_scratch && run->opt.scratch &&
        scratch_make(run->opt.scratch, m->scratch, sizeof m->scratch))
        return EXIT_BAD_INPUT;
    if (rank == 0)
        rc = writer_open(&run->writer, &run->info);
    MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rc)
        return rc;
    /* --timeout's watchdog on every rank, told rank 0's folder */
    watchdog_start(run->writer.dir, MPIGAUGE_SMPI || run->opt.timeout_s == 0);
    run->info.wtick = MPI_Wtick();
    clock_guard_check();       /* the first stretch the clock is judged over */
    timer_probe(&run->info.timer_res, &run->info.timer_cost);
    timer_agree(&run->info.timer_res, &run->info.timer_cost, MPI_COMM_WORLD);
    m->timer_cost = run->info.timer_cost;
    m->opt = &run->opt;
    m->world = &run->world;
    m->on_point = writer_point_cb;
    m->sink = &run->writer;
    m->params = (struct param_store){.world = &run->world, .how = run->opt.params,
                                     .loggp = run->opt.loggp,
                                     .on_params = writer_params_cb,
                                     .sink = &run->writer};
    if (run->opt.sync_window) {
        clock_sync(&m->clocks, &run->world, run->opt.clocks_flat);
        run->info.clock = &m->clocks.rep;
    }
    if (run->needs_scratch && !run->opt.scratch &&
        scratch_make(run->writer.dir, m->scratch, sizeof m->scratch))
        return EXIT_BAD_INPUT;
    return 0;
}

/* 1 on every rank once a write of rank 0's has failed (said on stderr) */
static int write_failed(int rank)
{
    int failed = rank == 0 && io_failure() != NULL;
    MPI_Bcast(&failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (failed && rank == 0)
        fprintf(stderr, "mpigauge: %s; the run stops here (exit %d), and what was "
                "written before stays valid\n", io_failure(), EXIT_WRITE_FAILED);
    return failed;
}

/* the calendar clock, seconds since the epoch (run.json's start and end
 * of a record) */
static double wall_clock(void)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* one record: measured and written, or said to be skipped */
static void record_step(struct run *run, struct chunk *b, int i, int rank)
{
    struct result *res = &b->res[i];
    if (res->skipped[0]) {
        if (rank == 0)
            writer_skipped(&run->writer, res);
        return;
    }
    if (rank == 0)
        writer_record_begin(&run->writer, res);
    double t0 = MPI_Wtime();
    res->wall_start = wall_clock();
    measure_record(&run->m, &b->plan.rec[i], res);
    res->elapsed_s = MPI_Wtime() - t0;
    res->wall_end = wall_clock();
    if (rank == 0)
        writer_record_end(&run->writer, res);
}

/* the records of the chunks in turn, each planned again as the checking
 * pass did; 5 when a write failed, else 0 (with the counts) */
static int record_loop(struct run *run, int rank, unsigned long *mismatches,
                       int *errors)
{
    struct chunk b;
    chunk_start(&b);
    int first = 1, rc = 0;
    while (!rc && !run->m.signal && chunk_again(run, &b)) {
        for (int i = 0; i < b.plan.n && !run->m.signal; i++) {
            if (!first && (run->m.signal = interrupt_agreed()))
                break;
            if (!first && write_failed(rank)) {
                rc = EXIT_WRITE_FAILED;
                break;
            }
            /* every world rank is here between records: a refit is
             * collective (clock.h) */
            if (!first && run->opt.sync_window)
                clock_refit_due(&run->m.clocks);
            first = 0;
            record_step(run, &b, i, rank);
            *mismatches += b.res[i].mismatches;
            *errors += b.res[i].error[0] != 0;
        }
        chunk_free(&b);
    }
    return rc;
}

/* every record in turn; the exit status */
static int measure_step(struct run *run, int rank)
{
    unsigned long mismatches = 0;
    int errors = 0;
    if (write_failed(rank) || record_loop(run, rank, &mismatches, &errors))
        return EXIT_WRITE_FAILED;
    MPI_Bcast(&mismatches, 1, MPI_UNSIGNED_LONG, 0, MPI_COMM_WORLD);
    if (!run->m.signal && write_failed(rank))
        return EXIT_WRITE_FAILED;
    if (rank == 0 && errors)
        fprintf(stderr, "mpigauge: %d record%s stopped by MPI errors%s (see "
                "report.txt)\n", errors, errors == 1 ? "" : "s",
                clock_guard_agreed() >= 0 ? " or a broken clock" : "");
    if (run->m.signal)
        return EXIT_SIGNAL_BASE + run->m.signal;
    return errors ? EXIT_MPI_ERROR : mismatches ? EXIT_CHECK_FAILED : EXIT_OK;
}

/* Collective: any rank's clock seen broken, the run's last stretch too
 * (clock_guard.h), into the run's description and on stderr, an error
 * of the run (exit 3) */
static int clock_step(struct run *run, int rank, int status)
{
    struct run_info *in = &run->info;
    in->clock_broken_rank = clock_guard_final(in->clock_broken, sizeof in->clock_broken);
    if (in->clock_broken_rank < 0)
        return status;
    if (rank == 0)
        fprintf(stderr, "mpigauge: the clock of rank %d is broken (%s): what it "
                "timed is not trusted, and no record was measured after it was seen "
                "(exit %d)\n", in->clock_broken_rank, in->clock_broken, EXIT_MPI_ERROR);
    return status == EXIT_OK || status == EXIT_CHECK_FAILED ? EXIT_MPI_ERROR : status;
}

/* --validate: the plan of every record, a chunk at a time, on rank 0;
 * 0, or 5 when it could not be written whole */
static int validate_step(struct run *run, int rank)
{
    struct chunk b;
    chunk_start(&b);
    if (rank == 0) {
        stdout_begin();
        plan_print_head(run->opt.input ? run->opt.input : "the command line", run->nrec, &run->world, stdout);
    }
    while (chunk_again(run, &b)) {
        if (rank == 0)
            plan_print_records(&b.plan, &run->world, stdout);
        chunk_free(&b);
    }
    if (rank == 0)
        plan_print_total(&run->total, stdout);
    return printed(rank, "mpigauge --validate");
}

/* the scratch folder gone, the peak memory known, run.json final */
static void finish_step(struct run *run, int rank, int status)
{
    if (run->m.scratch[0])
        scratch_remove(run->m.scratch);
    struct rusage ru;
    long mine = getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : 0;
    MPI_Reduce(&mine, &run->info.peak_rss_kib, 1, MPI_LONG, MPI_MAX, 0,
               MPI_COMM_WORLD);
    if (rank != 0)
        return;
    const char *how = run->m.signal ? "interrupted" : status == EXIT_WRITE_FAILED ? "write-failed"
                      : status == 0 ? "complete" : "complete-with-errors";
    writer_close(&run->writer, how, run->m.signal);
}

/* a launch whose tasks are not one MPI job stops before anything is
 * written (every task thinks itself rank 0 of 1: each says so) */
static int launch_step(int rank)
{
    int size;
    char why[600];
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (!launch_check(size, why, sizeof why))
        return EXIT_OK;
    if (rank == 0)
        fprintf(stderr, "mpigauge: %s (exit %d)\n", why, EXIT_BAD_INPUT);
    return EXIT_BAD_INPUT;
}

int run_main(struct run *run, int argc, char **argv)
{
    int rank, status;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (options_step(run, argc, argv, rank, &status))
        return status;
    if ((status = launch_step(rank)))
        return status;
    if (run->opt.ranks && (status = offline_options(run, rank)))
        return status;
    if ((status = input_step(run, rank)) || (status = counters_step(run, rank)))
        return status;
    describe_run(run);
    if (run->opt.validate) {
        if ((status = validate_step(run, rank)))
            return status;
        /* the run's own verdict: --keep-going would skip these */
        return run->invalid ? EXIT_SKIPPED : EXIT_OK;
    }
    if ((status = prepare_step(run, rank)))
        return status;
    interrupt_install();
    if (rank == 0)
        writer_run_header(&run->writer);
    status = clock_step(run, rank, measure_step(run, rank));
    /* the model checked where the run reached its end (every world rank
     * came through the same records, so all are here) */
    if (run->opt.sync_window && !run->m.signal && status != EXIT_WRITE_FAILED &&
        run->info.clock_broken_rank < 0)
        clock_check(&run->m.clocks);
    if (status == EXIT_OK && run->invalid)
        status = EXIT_SKIPPED;
    finish_step(run, rank, status);
    /* the last run.json and report.txt: a failure there is a failure too */
    int late = rank == 0 && status != EXIT_WRITE_FAILED && io_failure() != NULL;
    MPI_Bcast(&late, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (late && rank == 0)
        fprintf(stderr, "mpigauge: %s (exit %d)\n", io_failure(),
                EXIT_WRITE_FAILED);
    return late ? EXIT_WRITE_FAILED : status;
}

void run_free(struct run *run)
{
    spill_close(&run->writer);
    free(run->text);
    cmdline_free(&run->lines);
    measurer_free(&run->m);
    recordset_free(&run->rs);
    world_free(&run->world);
    counters_finish();
    ops_free();
    datatypes_free();
    size_lists_free();
}
