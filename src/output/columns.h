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
    /* 1: the table's slot for the family's per-point quantities, where
     * result_columns puts their columns (never a column itself) */
    int extras_here;
    /* a per-point quantity's column (extra_column): its row, whose name,
     * doc, prose and given it has; the value is struct point's extra[] */
    const struct point_extra *extra;
};

extern const struct column columns[];
extern const size_t ncolumns;

/* the most columns a result has */
#define MAX_COLUMNS 96

/* the columns res has, in order: the table's that apply to it, its
 * family's per-point quantities in the table's extras slot; into out (at
 * most max); returns how many.  Every writer walks these. */
size_t result_columns(const struct result *res, struct column *out, size_t max);

/* the column of a family's per-point quantity x */
struct column extra_column(const struct point_extra *x);

/* 1 when res has column c */
int column_applies(const struct column *c, const struct result *res);

/* c's value in res's point pt */
double column_value(const struct column *c, const struct result *res,
                    const struct point *pt);

/* 1 when c begins a header line ("# c and the next columns without
 * one: ..."); column_doc writes that line's text */
int column_has_doc(const struct column *c);
void column_doc(const struct column *c, const struct col_ctx *ctx, char *out,
                size_t len);

/* the value as the data file writes it */
void column_text(const struct column *c, double v, char *out, size_t len);

#endif
