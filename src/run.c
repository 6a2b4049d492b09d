/* run.c: the flow of a run, step by step.
 *
 * Every rank reads the same options; rank 0 reads the input file and
 * broadcasts it, every rank parses it the same way, and nothing is
 * measured (nor any folder created) until the whole file and plan are
 * known to be good.  Then each record is measured and its results go to
 * the writers on rank 0 as they come. */
#include "run.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include "base/base.h"
#include "measure/counters.h"
#include "output/io_check.h"
#include "measure/interrupt.h"
#include "measure/scratch.h"
#include "measure/timing.h"

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
    if (rank == 0 && o->help)
        print_usage(stdout);
    else if (rank == 0 && o->version)
        printf("mpigauge %s\n", MPIGAUGE_VERSION);
    else if (rank == 0)
        print_list(stdout);
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
        return 2;
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
    const struct world *w = &run->world;
    struct run_info *in = &run->info;
    in->opt = &run->opt;
    in->input = run->rs.file;
    in->library = w->library;
    in->version = w->version;
    in->subversion = w->subversion;
    in->ranks = w->size;
    memcpy(in->grid, w->grid, sizeof in->grid);
    in->grid_source = w->grid_source;
    in->hosts = w->hosts;
    in->nhosts = w->nhosts;
    in->nodes = w->nodes;
    in->max_node_ranks = w->max_node_ranks;
    in->bound = w->bound;
    in->cores = w->cores;
    in->places = w->places;
    in->res = run->res;
    in->estimate_s = plan_total(&run->plan).seconds;
    in->nres = run->rs.n;
}

/* a result for every record, from its plan */
static void results_from_plan(struct run *run)
{
    run->res = xcalloc((size_t)run->plan.n + 1, sizeof *run->res);
    for (int i = 0; i < run->plan.n; i++) {
        const struct planned *p = &run->plan.rec[i];
        struct result *res = &run->res[i];
        const struct record *r = p->rec;
        res->rec = r;
        res->index = p->index;
        if (r->dt)             /* NULL only in an invalid record (--keep-going) */
            MPI_Type_size(r->dt->handle(), &res->type_size);
        res->ncomm = p->tc ? p->tc->n : 0;
        res->comm_sizes = p->tc ? p->tc->sizes : NULL;
        res->comm_of = p->tc ? p->tc->comm_of : NULL;
        res->shape = p->tc && p->tc->shape[0] ? p->tc->shape : NULL;
        snprintf(res->skipped, sizeof res->skipped, "%s", p->skipped);
        res->estimate_s = p->skipped[0] ? 0 : p->est.seconds;
        res->elapsed_s = -1;
        res->pattern.used = r->pattern && (r->pattern->generate || r->pattern_file[0]);
        res->pattern.stages = p->bp.nstages;
        res->pattern.signals = bpattern_edges(&p->bp);
    }
}

static int needs_scratch(const struct run *run)
{
    for (int i = 0; i < run->rs.n; i++)
        if (!run->res[i].skipped[0] && run->rs.rec[i].call->family == FAM_IO)
            return 1;
    return 0;
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
}

/* the result folder (rank 0, agreed by all), the timer, clocks, scratch */
static int prepare_step(struct run *run, int rank)
{
    int rc = 0;
    /* every rank writes there, so every rank looks, and all agree */
    struct stat st;
    int bad = run->opt.scratch && needs_scratch(run) &&
              (access(run->opt.scratch, W_OK | X_OK) != 0 ||
               (stat(run->opt.scratch, &st) == 0 && !S_ISDIR(st.st_mode) &&
                (errno = ENOTDIR)));
    if (bad)
        fprintf(stderr, "mpigauge: rank %d: --scratch %s: %s\n", rank,
                run->opt.scratch, strerror(errno));
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (bad)
        return 2;
    run->writer.snapshot = interrupt_snapshot;
    if (rank == 0)
        rc = writer_open(&run->writer, &run->info);
    MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rc)
        return rc;
    run->info.wtick = MPI_Wtick();
    timer_probe(&run->info.timer_res, &run->info.timer_cost);
    struct measurer *m = &run->m;
    m->timer_cost = run->info.timer_cost;
    m->opt = &run->opt;
    m->world = &run->world;
    m->on_point = writer_point_cb;
    m->on_params = writer_params_cb;
    m->sink = &run->writer;
    if (run->opt.sync_window) {
        clock_sync(&m->clocks);
        run->info.clock_offset = m->clocks.max_offset;
        run->info.clock_rtt = m->clocks.max_rtt;
    }
    if (needs_scratch(run) && scratch_make(run->opt.scratch ? run->opt.scratch
                                           : run->writer.dir, m->scratch,
                                           sizeof m->scratch))
        return 2;
    return 0;
}

/* 1 on every rank once a write of rank 0's has failed (said on stderr) */
static int write_failed(int rank)
{
    int failed = rank == 0 && io_failure() != NULL;
    MPI_Bcast(&failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (failed && rank == 0)
        fprintf(stderr, "mpigauge: %s; the run stops here (exit 5), and what was "
                "written before stays valid\n", io_failure());
    return failed;
}

/* every record in turn; the exit status */
static int measure_step(struct run *run, int rank)
{
    unsigned long mismatches = 0;
    int errors = 0;
    if (write_failed(rank))
        return 5;
    for (int i = 0; i < run->plan.n && !run->m.signal; i++) {
        struct result *res = &run->res[i];
        if (i > 0 && (run->m.signal = interrupt_agreed()))
            break;
        if (i > 0 && write_failed(rank))
            return 5;
        if (res->skipped[0] && rank == 0)
            writer_skipped(&run->writer, res);
        if (res->skipped[0])
            continue;
        if (rank == 0)
            writer_record_begin(&run->writer, res);
        double t0 = MPI_Wtime();
        measure_record(&run->m, &run->plan.rec[i], res);
        res->elapsed_s = MPI_Wtime() - t0;
        if (rank == 0)
            writer_record_end(&run->writer, res);
        mismatches += res->mismatches;
        errors += res->error[0] != 0;
    }
    MPI_Bcast(&mismatches, 1, MPI_UNSIGNED_LONG, 0, MPI_COMM_WORLD);
    if (!run->m.signal && write_failed(rank))
        return 5;
    if (rank == 0 && errors)
        fprintf(stderr, "mpigauge: %d record%s stopped by MPI errors (see "
                "report.txt)\n", errors, errors == 1 ? "" : "s");
    if (run->m.signal)
        return 128 + run->m.signal;
    return errors ? 3 : mismatches ? 1 : 0;
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
    const char *how = run->m.signal ? "interrupted" : status == 5 ? "write-failed"
                      : status == 0 ? "complete" : "complete-with-errors";
    writer_close(&run->writer, how, run->m.signal);
}

int run_main(struct run *run, int argc, char **argv)
{
    int rank, status;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (options_step(run, argc, argv, rank, &status))
        return status;
    if (run->opt.ranks)
        return offline_step(run, rank);
    if ((status = input_step(run, rank)) || (status = counters_step(run, rank)))
        return status;
    results_from_plan(run);
    describe_run(run);
    if (run->opt.validate) {
        if (rank == 0)
            plan_print(&run->plan, &run->world, stdout);
        return 0;
    }
    if ((status = prepare_step(run, rank)))
        return status;
    interrupt_install();
    if (rank == 0)
        writer_run_header(&run->writer);
    status = measure_step(run, rank);
    if (status == 0 && run->invalid)
        status = 4;
    finish_step(run, rank, status);
    /* the last run.json and report.txt: a failure there is a failure too */
    int late = rank == 0 && status != 5 && io_failure() != NULL;
    MPI_Bcast(&late, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (late && rank == 0)
        fprintf(stderr, "mpigauge: %s (exit 5)\n", io_failure());
    return late ? 5 : status;
}

void run_free(struct run *run)
{
    if (run->res)
        for (int i = 0; i < run->rs.n; i++) {
            for (size_t k = 0; k < run->res[i].npts; k++) {
                free(run->res[i].pts[k].samples);
                free(run->res[i].pts[k].cp);
            }
            free(run->res[i].pts);
        }
    free(run->res);
    plan_free(&run->plan);
    measurer_free(&run->m);
    recordset_free(&run->rs);
    world_free(&run->world);
    counters_finish();
    ops_free();
    datatypes_free();
}
