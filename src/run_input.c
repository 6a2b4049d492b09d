/* run_input.c: the run's input steps: coordinates, records and the plan
 * (with --keep-going's skips), and --validate --ranks's plan without
 * launching */
#include "run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "input/parser.h"
#include "input/share.h"
#include "world/plan_offline.h"

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
    *xyz = xcalloc(3 * (size_t)size, sizeof **xyz);
    if (text)
        parse_coords(text, len, size, *xyz, &d);
    int read = text != NULL;   /* NULL on every rank; the reason on rank 0 */
    free(text);
    if (read && d.count == 0)
        return 0;
    free(*xyz);
    *xyz = NULL;
    return input_errors(&d, rank);
}

/* the record whose line is `line`, or -1 */
static int record_at(const struct recordset *rs, int line)
{
    for (int i = 0; i < rs->n; i++)
        if (rs->rec[i].line == line)
            return i;
    return -1;
}

/* --keep-going: every record with an error becomes a skip that carries its
 * messages (rank 0 has them all; every rank learns which).  0, or 2 when
 * an error is not one record's (the file's, or too many to keep). */
static int skip_invalid(struct run *run, struct diag *d, int rank)
{
    int n = run->rs.n, fatal = 0;
    int *bad = xcalloc((size_t)n + 1, sizeof *bad);
    for (int i = 0; rank == 0 && i < d->kept; i++) {
        int j = record_at(&run->rs, d->line[i]);
        fatal |= j < 0;
        if (j < 0)
            continue;
        char *why = run->plan.rec[j].skipped;
        size_t used = bad[j] ? strlen(why) : 0;
        snprintf(why + used, sizeof run->plan.rec[j].skipped - used, "%s%s",
                 bad[j] ? "; " : "", d->msg[i]);
        bad[j] = 1;
    }
    fatal |= rank == 0 && d->count > d->kept;
    MPI_Bcast(&fatal, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Bcast(bad, n, MPI_INT, 0, MPI_COMM_WORLD);
    for (int j = 0; j < n; j++)
        if (bad[j]) {
            run->rs.rec[j].ok = 0;
            run->invalid++;
            if (rank != 0)
                snprintf(run->plan.rec[j].skipped, sizeof run->plan.rec[j].skipped,
                         "invalid");
        }
    free(bad);
    return fatal ? 2 : 0;
}

/* the grid, the records and the plan; 0, or 2 after every error is said */
int input_step(struct run *run, int rank)
{
    /* the path goes into every data file's header, one line */
    for (const char *c = run->opt.input; *c; c++)
        if ((unsigned char)*c < 0x20) {
            if (rank == 0)
                fprintf(stderr, "mpigauge: the input's path holds a control "
                        "character (a newline?): rename the file\n");
            return 2;
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
    /* records that parsed are planned even when others did not, so one
     * round reports every error */
    plan_records(&run->plan, &run->rs, &run->world, &run->opt, &d);
    /* some errors (an unreadable file) are known to rank 0 alone */
    int errors = d.count;
    MPI_Allreduce(MPI_IN_PLACE, &errors, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (errors && (!run->opt.keep_going || skip_invalid(run, &d, rank)))
        return input_errors(&d, rank);
    if (errors && rank == 0)   /* --keep-going: said, and the rest runs */
        diag_print(&d, stderr);
    diag_free(&d);
    return 0;
}

/* --validate --ranks N: rank 0 plans for N ranks alone; 0, or 2 */
int offline_step(struct run *run, int rank)
{
    if (!run->opt.validate) {
        if (rank == 0)
            fprintf(stderr, "mpigauge: --ranks plans without running: use it with "
                    "--validate\n");
        return 2;
    }
    if (run->opt.grid_hw || run->opt.coords) {
        if (rank == 0)
            fprintf(stderr, "mpigauge: --ranks lays ranks out on --grid XxYxZ or "
                    "MPI_Dims_create; --grid hw and --coords need the real ranks\n");
        return 2;
    }
    int errors = 0;
    if (rank == 0) {
        struct diag d;
        diag_init(&d, run->opt.input);
        size_t len;
        char *text = read_file(run->opt.input, &len, &d);
        run->rs.file = run->opt.input;
        if (text)
            parse_records(text, len, &run->rs, &d);
        free(text);
        if (d.count == 0)
            plan_offline(&run->rs, &run->opt, &d, stdout);
        errors = d.count;
        diag_print(&d, stderr);
        diag_free(&d);
    }
    MPI_Bcast(&errors, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return errors ? 2 : 0;
}

