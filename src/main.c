/* main.c: records -> communicators -> runs -> results -> writers.
 *
 * Every rank reads the same options; rank 0 reads the input file and
 * broadcasts it, every rank parses it the same way, and nothing is
 * measured (nor any folder created) until the whole file and plan are
 * known to be good. */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/resource.h>
#include <string.h>

#include "coords.h"
#include "counters.h"
#include "diag.h"
#include "finalize.h"
#include "interrupt.h"
#include "io.h"
#include "list.h"
#include "output.h"
#include "parser.h"
#include "plan.h"
#include "runner.h"
#include "share.h"
#include "timing.h"

static int input_errors(struct diag *d, int rank)
{
    if (rank == 0)
        diag_print(d, stderr);
    diag_free(d);
    return 2;
}

/* --coords FILE: read on rank 0, checked on every rank alike */
static int read_coords(const char *path, int rank, int **xyz)
{
    int size;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    struct diag d;
    diag_init(&d, path);
    size_t len;
    char *text = share_file(path, rank, &len, &d);
    *xyz = calloc(3 * (size_t)size, sizeof **xyz);
    if (text)
        parse_coords(text, len, size, *xyz, &d);
    free(text);
    if (d.count == 0)
        return 0;
    free(*xyz);
    *xyz = NULL;
    return input_errors(&d, rank);
}

static int measure_all(struct run *run)
{
    unsigned long mismatches = 0;
    int errors = 0;
    for (int i = 0; i < run->rs.n && !run->signal; i++) {
        struct result *res = &run->res[i];
        if (i > 0 && (run->signal = interrupt_agreed()))
            break;
        if (res->skipped[0])
            output_skipped(run, res);
        else
            run_record(run, res);
        mismatches += res->mismatches;
        errors += res->error[0] != 0;
    }
    MPI_Bcast(&mismatches, 1, MPI_UNSIGNED_LONG, 0, MPI_COMM_WORLD);
    if (run->world.rank == 0 && errors)
        fprintf(stderr, "mpigauge: %d record%s stopped by MPI errors (see "
                "report.txt)\n", errors, errors == 1 ? "" : "s");
    if (run->signal)
        return 128 + run->signal;
    return errors ? 3 : mismatches ? 1 : 0;
}

static int needs_scratch(const struct run *run)
{
    for (int i = 0; i < run->rs.n; i++)
        if (run->rs.rec[i].call->family == FAM_IO && !run->res[i].skipped[0])
            return 1;
    return 0;
}

static int run_main(struct run *run, int argc, char **argv)
{
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (parse_options(argc, argv, &run->opt, rank == 0 ? stderr : NULL))
        return 2;
    if (run->opt.help || run->opt.version || run->opt.list) {
        if (rank == 0 && run->opt.help)
            print_usage(stdout);
        else if (rank == 0 && run->opt.version)
            printf("mpigauge %s\n", MPIGAUGE_VERSION);
        else if (rank == 0)
            print_list(stdout);
        return 0;
    }

    int *coords = NULL;
    if (run->opt.coords && read_coords(run->opt.coords, rank, &coords))
        return 2;
    struct diag d;
    diag_init(&d, run->opt.input);
    size_t len;
    char *text = share_file(run->opt.input, rank, &len, &d);
    int grid_bad = world_init(&run->world, &run->opt, coords);
    free(coords);
    if (!text || grid_bad) {
        free(text);
        return input_errors(&d, rank);
    }
    run->rs.file = run->opt.input;
    parse_records(text, len, &run->rs, &d);
    free(text);
    run->res = calloc((size_t)run->rs.n + 1, sizeof *run->res);
    for (int i = 0; i < run->rs.n; i++) {
        run->res[i].rec = &run->rs.rec[i];
        run->res[i].index = i + 1;
    }
    /* records that parsed are planned even when others did not, so one
     * round reports every error */
    plan_records(run, &d);
    /* some errors (an unreadable file) are known to rank 0 alone */
    int errors = d.count;
    MPI_Allreduce(MPI_IN_PLACE, &errors, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (errors)
        return input_errors(&d, rank);
    diag_free(&d);
    if (run->opt.papi) {
        char err[256];
        if (counters_init(run->opt.papi, run->papi_dropped, sizeof run->papi_dropped,
                      err, sizeof err)) {
            if (rank == 0)
                fprintf(stderr, "mpigauge: %s\n", err);
            return 2;
        }
        if (rank == 0 && run->papi_dropped[0])
            fprintf(stderr, "mpigauge: warning: neither PAPI nor the kernel can "
                    "count %s on this machine; the run goes on without %s\n",
                    run->papi_dropped,
                    strchr(run->papi_dropped, ',') ? "them" : "it");
    }
    if (run->opt.validate) {
        if (rank == 0)
            plan_print(run, stdout);
        return 0;
    }
    if (run->opt.scratch && needs_scratch(run) &&
        access(run->opt.scratch, W_OK | X_OK) != 0) {
        if (rank == 0)
            fprintf(stderr, "mpigauge: --scratch %s: %s\n", run->opt.scratch,
                    strerror(errno));
        return 2;
    }
    if (output_open(run))
        return 2;
    run->wtick = MPI_Wtick();
    timer_probe(&run->timer_res, &run->timer_cost);
    if (run->opt.sync_window)
        clock_sync(&run->clocks);
    if (needs_scratch(run) && io_scratch_make(run->opt.scratch ? run->opt.scratch
                                              : run->dir, run->scratch,
                                              sizeof run->scratch))
        return 2;
    interrupt_install();
    output_run_header(run);
    int status = measure_all(run);
    if (run->scratch[0])
        io_scratch_remove(run->scratch);
    struct rusage ru;
    long mine = getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : 0;
    MPI_Reduce(&mine, &run->peak_rss_kib, 1, MPI_LONG, MPI_MAX, 0, MPI_COMM_WORLD);
    output_close(run, status);
    return status;
}

static void run_free(struct run *run)
{
    if (run->res)
        for (int i = 0; i < run->rs.n; i++) {
            for (size_t k = 0; k < run->res[i].npts; k++)
                free(run->res[i].pts[k].samples);
            free(run->res[i].pts);
            bpattern_free(&run->res[i].bp);
        }
    free(run->res);
    recordset_free(&run->rs);
    world_free(&run->world);
    topo_comms_free();
    counters_finish();
    ops_free();
    datatypes_free();
}

int main(int argc, char **argv)
{
    finalize_note_fds();
    MPI_Init(&argc, &argv);
    struct run run;
    memset(&run, 0, sizeof run);
    int status = run_main(&run, argc, argv);
    run_free(&run);
    /* every rank done with every connection before any starts closing
     * them: fewer MPI_Finalize hangs over TCP (finalize.h) */
    MPI_Barrier(MPI_COMM_WORLD);
    interrupt_guard_finalize(status);
    MPI_Finalize();
    return status;
}
