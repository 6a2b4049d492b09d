/* output/: the writers (result folder, prose, data files, run.json) on rank 0, from finished results; no MPI; includes result/, input/, registry/, models/ and base/. */
#ifndef MPIGAUGE_OUTPUT_H
#define MPIGAUGE_OUTPUT_H

#include <limits.h>
#include <stdio.h>
#include "base/splice.h"
#include "result/result.h"

/* What the writers keep open.  Every function writes; call them on rank
 * 0 only.  Each record's files are complete and closed before the next
 * record starts, so a run that dies keeps every record it finished.
 * run.json is rewritten whole (to a temporary, then renamed) when a
 * record ends, as long as its rewrites so far have taken less than
 * JSON_SLACK seconds plus 1/JSON_SHARE of the run, and always at the end.
 * Rewriting it after every record made a run's time grow with the square
 * of its records; this way a run of ordinary length has every finished
 * record on disk, and a run of thousands spends at most a tenth of its
 * time on run.json. */
#define JSON_SLACK 0.5
#define JSON_SHARE 10.0
struct writer {
    struct run_info *info;
    char dir[PATH_MAX];           /* the result folder */
    FILE *report;              /* report.txt */
    FILE *data;                /* the open record's data file */
    FILE *pairs;               /* and its pair matrix */
    FILE *raw;                 /* --raw: its repetitions */
    FILE *calls;               /* --raw: its calls timed one by one */
    FILE *pairs_p99;           /* DETAIL: each pair's p99 */
    FILE *threads;             /* threaded calls: every thread of every pair */
    /* after each rewrite of run.json: what it must say if a signal ends
     * the process before the ranks agree (status "interrupted"); the
     * callee takes the head over */
    void (*snapshot)(const char *dir, const struct json_pieces *p);
    /* run.json's records, one line each, on disk (spill.c; head unused) */
    struct json_pieces lists;
    FILE *done, *pending;      /* their streams */
    int lists_ready;
    double json_start;         /* monotonic seconds of run.json's first write */
    double json_spent;         /* seconds spent rewriting it so far */
    void *params_json;         /* run.json's "params" (a json_t), or NULL */
};

/* folder.c: creates the result folder (-o, or results/<time>-<input>)
 * and report.txt; 0, or 2 after saying why not */
int writer_open(struct writer *w, struct run_info *info);
void writer_run_header(struct writer *w);
void writer_record_begin(struct writer *w, struct result *res);
void writer_point(struct writer *w, const struct result *res,
                  const struct point *pt);
void writer_record_end(struct writer *w, const struct result *res);
void writer_skipped(struct writer *w, const struct result *res);
/* status: complete, complete-with-errors or interrupted (signal) */
void writer_close(struct writer *w, const char *status, int signal);

/* datafile.c */
void writer_params(struct writer *w, const struct topology *t,
                   const struct param_matrices *m);
/* classes_file.c: how they were measured, for run.json, and with
 * --params classes the classes' file; writer_params_json puts the first
 * into run.json's root (a json_t) */
void writer_param_classes(struct writer *w, const struct topology *t,
                          const struct param_matrices *m);
void writer_params_json(struct writer *w, void *root);
/* the prose's sentence on how they were measured (report.c) */
void report_params(struct writer *w, const struct topology *t,
                   const struct param_matrices *m);
const char *op_label(const struct record *r, char *buf, size_t len);
/* how a pairwise record's pairs were measured (in turn, ROUNDS, SAMPLE) */
const char *pair_schedule(const struct result *res, char *buf, size_t len);
void datafile_name(const struct result *res, char *out, size_t len);
FILE *datafile_open(const struct writer *w, const struct result *res,
                    const char *name);
void datafile_row(FILE *f, const struct writer *w, const struct result *res,
                  const struct point *pt);
/* the samples as a ranks x ranks matrix: one-way times in us, or (mbps)
 * bytes / time in MB/s; with slowest, a pair of several samples (a
 * threaded call's threads) gets its slowest, else its last */
void pairs_block(FILE *f, int ranks, const struct point *pt, int mbps, int slowest);
/* one size's block of a ranks x ranks matrix m: "# elements N", a row a
 * line, two blank lines (gnuplot index) */
void matrix_block(FILE *f, int ranks, uint64_t elements, const double *m);
/* per_comm.c: each communicator's own results, where there are several
 * (per_comm.h: their run.json part) */
void comms_file(const struct writer *w, const struct result *res);
void raw_rows(FILE *f, const struct point *pt);
/* call_files.c: the calls timed one by one, a row each (--raw), and
 * each pair's p99 as a ranks x ranks matrix (DETAIL) */
void calls_rows(FILE *f, const struct point *pt);
void pairs_tail_block(FILE *f, int ranks, const struct point *pt);

/* runjson.c: writes run.json whole, through a temporary file, from the
 * run's head and the record lists; writer_pending adds a record that is
 * still to come (while the input is checked, before writer_open), and
 * runjson_record one that is finished or skipped, in the same order */
int runjson_write(struct writer *w, const char *status);
void writer_pending(struct writer *w, const struct result *res);
void runjson_record(struct writer *w, const struct result *res);

/* spill.c: the record lists in unlinked temporary files */
void spill_ready(struct writer *w);
void spill_pending(struct writer *w, const char *line);
void spill_done(struct writer *w, const char *line);
void spill_flush(struct writer *w);
void spill_close(struct writer *w);

/* report.c: the prose, on stdout (unless --quiet) and in report.txt */
void say(struct writer *w, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void report_run(struct writer *w);
void report_record(struct writer *w, const struct result *res);
/* " with SUM", " (CROSS-NODE pairs)", " (pattern TREE)" or "" */
const char *record_op_text(const struct result *res, char *buf, size_t len);
/* report_point.c: a size's sentence */
void report_point(struct writer *w, const struct result *res,
                  const struct point *pt);
void report_summary(struct writer *w, const struct result *res);
void report_skipped(struct writer *w, const struct result *res);
void report_close(struct writer *w, int signal);

#endif
