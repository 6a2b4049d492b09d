/* output.c: the result folder and the order in which writers run.
 *
 * Each record's data file is complete and closed, and run.json rewritten,
 * before the next record starts, so a run that dies keeps every record it
 * finished. */
#include "output.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

void say(struct run *run, const char *fmt, ...)
{
    if (run->world.rank != 0)
        return;
    va_list ap;
    if (!run->opt.quiet) {
        va_start(ap, fmt);
        vprintf(fmt, ap);
        va_end(ap);
    }
    if (run->report) {
        va_start(ap, fmt);
        vfprintf(run->report, fmt, ap);
        va_end(ap);
    }
}

static int mkdir_p(char *path)
{
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = 0;
        int rc = mkdir(path, 0777);
        *p = '/';
        if (rc && errno != EEXIST)
            return -1;
    }
    return mkdir(path, 0777) && errno != EEXIST ? -1 : 0;
}

static int dir_is_empty(const char *path)
{
    DIR *d = opendir(path);
    if (!d)
        return 0;
    struct dirent *e;
    int empty = 1;
    while (empty && (e = readdir(d)))
        empty = strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0;
    closedir(d);
    return empty;
}

/* results/<YYYYmmdd-HHMMSS>-<input name>, with -2, -3 ... if taken */
static void default_dir(struct run *run, char *out, size_t len)
{
    const char *base = strrchr(run->opt.input, '/');
    base = base ? base + 1 : run->opt.input;
    char stem[128];
    snprintf(stem, sizeof stem, "%s", base);
    char *dot = strrchr(stem, '.');
    if (dot && dot != stem)
        *dot = 0;
    time_t now = time(NULL);
    char stamp[32];
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime(&now));
    struct stat st;
    snprintf(out, len, "results/%s-%s", stamp, stem);
    for (int i = 2; stat(out, &st) == 0 && i < 1000; i++)
        snprintf(out, len, "results/%s-%s-%d", stamp, stem, i);
}

static int make_dir(struct run *run)
{
    char path[sizeof run->dir];
    if (run->opt.outdir) {
        snprintf(path, sizeof path, "%s", run->opt.outdir);
        struct stat st;
        if (stat(path, &st) == 0 && !(S_ISDIR(st.st_mode) && dir_is_empty(path))) {
            fprintf(stderr, "mpigauge: %s already exists and is not an empty "
                    "folder; results are never written over\n", path);
            return 2;
        }
    } else {
        default_dir(run, path, sizeof path);
    }
    if (mkdir_p(path)) {
        fprintf(stderr, "mpigauge: cannot create %s: %s\n", path, strerror(errno));
        return 2;
    }
    snprintf(run->dir, sizeof run->dir, "%s", path);
    char file[sizeof run->dir + 16];
    snprintf(file, sizeof file, "%s/report.txt", path);
    run->report = fopen(file, "w");
    if (!run->report) {
        fprintf(stderr, "mpigauge: cannot write %s: %s\n", file, strerror(errno));
        return 2;
    }
    return 0;
}

int output_open(struct run *run)
{
    int rc = 0;
    if (run->world.rank == 0) {
        time_t now = time(NULL);
        strftime(run->date, sizeof run->date, "%Y-%m-%dT%H:%M:%S%z",
                 localtime(&now));
        rc = make_dir(run);
    }
    MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return rc;
}

void output_run_header(struct run *run)
{
    if (run->world.rank != 0)
        return;
    report_run(run);
    runjson_write(run, "running");
}

void output_record_begin(struct run *run, struct result *res)
{
    if (run->world.rank != 0)
        return;
    datafile_name(res, res->file, sizeof res->file);
    run->data = datafile_open(run, res, res->file);
    if (res->rec->pairs == PAIRS_DETAIL && res->rec->call->family == FAM_P2P) {
        char pairs[sizeof res->file + 16];
        snprintf(pairs, sizeof pairs, "%.*s.pairs.dat",
                 (int)(strlen(res->file) - 4), res->file);
        run->pairs = datafile_open(run, res, pairs);
        if (run->pairs)
            fprintf(run->pairs, "# pair matrix: row = world rank that sends "
                    "first, column = its partner, one-way time in us, nan = "
                    "not measured; one block per size (gnuplot index)\n");
    }
    if (run->opt.raw) {
        char raw[sizeof res->file + 16];
        snprintf(raw, sizeof raw, "%.*s.raw.dat", (int)(strlen(res->file) - 4),
                 res->file);
        run->raw = datafile_open(run, res, raw);
        if (run->raw)
            fprintf(run->raw, "# every repetition: time per call in us of block k "
                    "(from 0) of contributor a (b = -1: the communicator whose "
                    "rank 0 is world rank a; else the pair a -> b); blocks of "
                    "iters_per_block calls\n# elements a b k iters_per_block t_us\n");
    }
    report_record(run, res);
}

void output_point(struct run *run, struct result *res, const struct point *pt)
{
    /* the prose of every size is on disk before the next: a run stopped
     * at once by a second signal keeps it */
    if (run->world.rank != 0)
        return;
    if (run->data) {
        datafile_row(run->data, res, pt);
        fflush(run->data);
    }
    if (run->pairs) {
        pairs_block(run->pairs, run, pt);
        fflush(run->pairs);
    }
    if (run->raw) {
        for (long i = 0; i < pt->blocks; i++)
            fprintf(run->raw, "%llu %d %d %ld %ld %.4f\n",
                    (unsigned long long)pt->elements, pt->reps[i].a, pt->reps[i].b,
                    pt->reps[i].k, pt->reps[i].per_block, pt->reps[i].t_us);
        fflush(run->raw);
    }
    report_point(run, res, pt);
    fflush(stdout);
    if (run->report)
        fflush(run->report);
}

void output_record_end(struct run *run, struct result *res)
{
    if (run->world.rank != 0)
        return;
    double *x = malloc((res->npts + 1) * sizeof *x);
    double *y = malloc((res->npts + 1) * sizeof *y);
    for (size_t i = 0; i < res->npts; i++) {
        x[i] = (double)res->pts[i].bytes;
        y[i] = res->pts[i].s.avg;
    }
    res->fit = fit_linear(x, y, res->npts);
    if (res->rec->call->bsp) {
        /* BSP costs a superstep by its slowest rank: t_max against h */
        for (size_t i = 0; i < res->npts; i++) {
            x[i] = (double)res->pts[i].elements;
            y[i] = res->pts[i].s.max;
        }
        res->bsp = fit_linear(x, y, res->npts);
    }
    free(x);
    free(y);
    report_summary(run, res);
    if (run->data)
        fclose(run->data);
    if (run->pairs)
        fclose(run->pairs);
    if (run->raw)
        fclose(run->raw);
    run->data = run->pairs = run->raw = NULL;
    if (run->report)
        fflush(run->report);
    runjson_write(run, "running");
}

void output_skipped(struct run *run, struct result *res)
{
    if (run->world.rank != 0)
        return;
    say(run, "\nRecord %d (line %d): %s\n  skipped: %s.\n", res->index,
        res->rec->line, res->rec->text, res->skipped);
    runjson_write(run, "running");
}

void output_close(struct run *run, int status)
{
    if (run->world.rank != 0)
        return;
    runjson_write(run, run->signal ? "interrupted" : status == 0 ? "complete"
                                                   : "complete-with-errors");
    if (run->signal)
        say(run, "\nInterrupted by signal %d: every record above is complete on "
            "disk; run.json says which did not run.\n", run->signal);
    if (run->report)
        fclose(run->report);
    run->report = NULL;
    if (!run->opt.quiet)
        printf("\nResults in %s/\n", run->dir);
}
