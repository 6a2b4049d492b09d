/* folder.c: the result folder, and the order in which the writers run */
#include "output/library_settings.h"
#include "output/output.h"
#include "output/compose_report.h"
#include "output/hybrid_writer.h"
#include "output/io_check.h"
#include "output/threads_json.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

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
static void default_dir(const char *input, char *out, size_t len)
{
    const char *base = strrchr(input, '/');
    base = base ? base + 1 : input;
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

static int make_dir(struct writer *w)
{
    const struct options *o = w->info->opt;
    char path[sizeof w->dir];
    if (o->outdir && (!o->outdir[0] || strlen(o->outdir) > sizeof path - 64)) {
        fprintf(stderr, "mpigauge: -o needs a folder name of 1 to %zu bytes\n",
                sizeof path - 64);
        return 2;
    }
    if (o->outdir) {
        snprintf(path, sizeof path, "%s", o->outdir);
        struct stat st;
        if (stat(path, &st) == 0 && !(S_ISDIR(st.st_mode) && dir_is_empty(path))) {
            fprintf(stderr, "mpigauge: %s already exists and is not an empty "
                    "folder; results are never written over\n", path);
            return 2;
        }
    } else {
        default_dir(o->input ? o->input : "cmdline", path, sizeof path);
    }
    if (mkdir_p(path)) {
        fprintf(stderr, "mpigauge: cannot create %s: %s\n", path, strerror(errno));
        return 2;
    }
    snprintf(w->dir, sizeof w->dir, "%s", path);
    return 0;
}

int writer_open(struct writer *w, struct run_info *info)
{
    w->info = info;
    time_t now = time(NULL);
    strftime(info->date, sizeof info->date, "%Y-%m-%dT%H:%M:%S%z", localtime(&now));
    if (make_dir(w))
        return 2;
    char file[sizeof w->dir + 16];
    snprintf(file, sizeof file, "%s/report.txt", w->dir);
    w->report = fopen(file, "w");
    if (!w->report) {
        fprintf(stderr, "mpigauge: cannot write %s: %s\n", file, strerror(errno));
        return 2;
    }
    return 0;
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* run.json, now, adding what it took to the time spent on it */
static void runjson_timed(struct writer *w)
{
    double t0 = now_s();
    if (w->json_start == 0)
        w->json_start = t0;
    runjson_write(w, "running");
    w->json_spent += now_s() - t0;
}

/* run.json, while its rewrites stay within their share (output.h) */
static void runjson_soon(struct writer *w)
{
    if (w->json_spent < JSON_SLACK + (now_s() - w->json_start) / JSON_SHARE)
        runjson_timed(w);
}

void writer_run_header(struct writer *w)
{
    report_run(w);
    io_flush(w->report, "report.txt");
    runjson_timed(w);
}

/* <stem>.<what>.dat beside the record's data file, with a header line */
static FILE *side_file(struct writer *w, struct result *res, const char *what,
                       const char *intro)
{
    char name[sizeof res->file + 16];
    snprintf(name, sizeof name, "%.*s.%s.dat", (int)(strlen(res->file) - 4),
             res->file, what);
    FILE *f = datafile_open(w, res, name);
    if (f)
        fputs(intro, f);
    return f;
}

void writer_record_begin(struct writer *w, struct result *res)
{
    const struct record *r = res->rec;
    datafile_name(res, res->file, sizeof res->file);
    w->data = datafile_open(w, res, res->file);
    const struct holds *h = &res->holds;
    if (r->pairs == PAIRS_DETAIL && h->pairs)
        w->pairs = side_file(w, res, "pairs", h->threads
                             ? "# pair matrix: row = world rank that sends first, column "
                             "= its partner, time per message in us of the pair's slowest "
                             "thread (every thread: the .threads.dat file), nan = not "
                             "measured; one block per size (gnuplot index)\n"
                             : "# pair matrix: row = world rank that "
                             "sends first, column = its partner, one-way time in us, "
                             "nan = not measured; one block per size (gnuplot index)\n");
    if (h->threads)
        w->threads = side_file(w, res, "threads", h->pairs
                               ? "# every thread of every pair: the "
                               "pair a -> b (a sends first), its thread (0 .. threads=-1), "
                               "that thread's time per message in us, its messages per "
                               "second and MB/s\n# elements a b thread t_us msg_rate mbps\n"
                               : "# every thread of every rank: the world rank a (b = -1), "
                               "its thread (0 .. threads=-1), that thread's time per call "
                               "in us, its calls per second and MB/s\n"
                               "# elements a b thread t_us msg_rate mbps\n");
    if (r->pairs == PAIRS_DETAIL && h->pairs)
        w->pairs_p99 = side_file(w, res, "pairs_p99", "# pair tail matrix: row = world "
                                 "rank that sends first, column = its partner, p99 in "
                                 "us of the round trips timed one by one (half each, "
                                 "the calls column's), nan = not measured; one block "
                                 "per size (gnuplot index)\n");
    if (h->matrix)
        w->pairs = side_file(w, res, "matrix", "# bandwidth matrix: row = world rank "
                             "that sends, column = the rank it sends to, MB/s = bytes / "
                             "its time per message while every rank sends at the same "
                             "shift; nan = not measured (the diagonal); one block per "
                             "size (gnuplot index)\n");
    if (w->info->opt->raw) {
        w->raw = side_file(w, res, "raw", "# every repetition: time per call in us "
                           "of block k (from 0) of contributor a (b = -1: the "
                           "communicator whose rank 0 is world rank a; else the pair "
                           "a -> b); blocks of iters_per_block calls\n# elements a b "
                           "k iters_per_block t_us\n");
        w->calls = side_file(w, res, "calls", "# every call timed one by one (the "
                             "data file's calls column): time in us of the pair a -> b "
                             "(one-way: half the round trip), or b = -1: of the "
                             "communicator whose rank 0 is world rank a, as its slowest "
                             "rank saw it\n# elements a b t_us\n");
    }
    report_record(w, res);
}

void writer_point(struct writer *w, const struct result *res,
                  const struct point *pt)
{
    char path[sizeof w->dir + sizeof res->file + 16];
    snprintf(path, sizeof path, "%s/%s", w->dir, res->file);
    if (w->data) {
        datafile_row(w->data, w, res, pt);
        io_flush(w->data, path);
    }
    if (w->pairs) {
        pairs_block(w->pairs, w->info->ranks, pt, res->holds.matrix,
                    res->holds.threads > 0);
        io_flush(w->pairs, path);
    }
    if (w->raw) {
        raw_rows(w->raw, pt);
        io_flush(w->raw, path);
    }
    if (w->calls) {
        calls_rows(w->calls, pt);
        io_flush(w->calls, path);
    }
    if (w->pairs_p99) {
        pairs_tail_block(w->pairs_p99, w->info->ranks, pt);
        io_flush(w->pairs_p99, path);
    }
    if (w->threads) {
        thread_rows(w->threads, &res->holds, pt);
        io_flush(w->threads, path);
    }
    /* the prose of every size is on disk before the next: a run stopped
     * at once by a second signal keeps it */
    report_point(w, res, pt);
    fflush(stdout);
    io_flush(w->report, "report.txt");
}

void writer_record_end(struct writer *w, const struct result *res)
{
    if (res->hybrid) {
        report_hybrid(w, res);
        hybrid_pattern_file(w, res);
    }
    report_summary(w, res);
    report_compose(w, res);
    comms_file(w, res);
    /* what the family learnt of the library (the I/O family's hints) */
    if (w->data && res->facts.after)
        fputs(res->facts.after, w->data);
    if (w->report && res->facts.after_prose)
        fputs(res->facts.after_prose, w->report);
    FILE **open[] = {&w->data, &w->pairs, &w->raw, &w->calls, &w->pairs_p99, &w->threads};
    char path[sizeof w->dir + sizeof res->file + 32];
    snprintf(path, sizeof path, "%s/%s (or its side files)", w->dir, res->file);
    for (size_t i = 0; i < sizeof open / sizeof open[0]; i++)
        if (*open[i]) {
            io_close(*open[i], path);
            *open[i] = NULL;
        }
    io_flush(w->report, "report.txt");
    runjson_record(w, res);
    runjson_soon(w);
}

void writer_skipped(struct writer *w, const struct result *res)
{
    report_skipped(w, res);
    runjson_record(w, res);
    runjson_soon(w);
}

void writer_close(struct writer *w, const char *status, int signal)
{
    runjson_write(w, status);
    if (w->snapshot)           /* run.json is final: nothing to fall back on */
        w->snapshot(NULL, NULL);
    spill_close(w);
    report_close(w, signal);
}
