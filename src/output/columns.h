/* columns.h: the columns of a data file, one table row each (columns.c).
 * The table drives the data file's header and rows, run.json's points
 * and the prose's statistics line, so a new column is one row. */
#ifndef MPIGAUGE_COLUMNS_H
#define MPIGAUGE_COLUMNS_H

#include <stddef.h>
#include "result/result.h"

enum col_format {
    COL_COUNT,                 /* a whole number: %.0f */
    COL_US,                    /* microseconds: %.4f */
    COL_RATE,                  /* MB/s: %.3f */
    COL_FLAG,                  /* 0 or 1 (run.json: false or true) */
    COL_PCT,                   /* a percentage: %.1f */
};

/* the record and run a header line describes */
struct col_ctx {
    const struct result *res;
    const struct options *opt;
};

struct column {
    const char *name;
    enum col_format format;
    int (*when)(const struct holds *h);  /* the results that have it; NULL: every one */
    double (*value)(const struct point *pt);
    /* the header line "# <this and the next columns without a doc>: ..." */
    void (*doc)(const struct col_ctx *c, char *out, size_t len);
    /* a phrase for the prose's statistics line ("%s" is the value), for
     * columns the prose's sentences do not already say; NULL: none */
    const char *prose;
    /* the setting a call needs for the column, where its default leaves
     * it out ("complete=parrived"): the reference's example records are
     * given it; NULL: none */
    const char *given;
};

extern const struct column columns[];
extern const size_t ncolumns;

/* 1 when the record's call has column c */
int column_applies(const struct column *c, const struct result *res);

/* the value as the data file writes it */
void column_text(const struct column *c, double v, char *out, size_t len);

#endif
