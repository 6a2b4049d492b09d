/* output.h: the writers.  Only rank 0 writes; every function may be called
 * on every rank. */
#ifndef MPIGAUGE_OUTPUT_H
#define MPIGAUGE_OUTPUT_H

#include "result.h"

/* Creates the result folder and report.txt; returns 0, or 2 on every rank
 * when it cannot (an existing non-empty -o folder, say). */
int output_open(struct run *run);
void output_run_header(struct run *run);
void output_record_begin(struct run *run, struct result *res);
void output_point(struct run *run, struct result *res, const struct point *pt);
void output_record_end(struct run *run, struct result *res);
void output_skipped(struct run *run, struct result *res);
void output_close(struct run *run, int status);
/* Collective: writes the pairwise parameters of tc's communicators as
 * world-rank matrices params-<topology>-{O,Oij,Lij}.dat */
void output_params(struct run *run, const struct topo_comm *tc);
void params_file_name(const struct topology *t, const char *what, char *out,
                      size_t len);

/* prose: stdout (unless --quiet) and report.txt */
void say(struct run *run, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* datafile.c */
const char *op_label(const struct record *r, char *buf, size_t len);
void datafile_name(const struct result *res, char *out, size_t len);
FILE *datafile_open(const struct run *run, const struct result *res,
                    const char *name);
void datafile_row(FILE *f, const struct result *res, const struct point *pt);
void pairs_block(FILE *f, const struct run *run, const struct point *pt);

/* runjson.c: writes run.json whole, through a temporary file */
int runjson_write(const struct run *run, const char *status);

/* report.c */
void report_run(struct run *run);
void report_record(struct run *run, const struct result *res);
void report_point(struct run *run, const struct result *res,
                  const struct point *pt);
void report_summary(struct run *run, const struct result *res);

#endif
