/* trend.h: mpigauge --trend DB -o DIR (docs/report.md, Trends and change
 * points): per system, record and size, the series over time of the sets'
 * (or runs') medians with their intervals, in the order of their dates;
 * its change points (models/changepoint.h), each confirmed or not by the
 * launch-set rule between the set before it and the set at it (the ratio
 * of --compare, size_verdict.h); into DIR/trend.txt, DIR/trend.json and
 * one DIR/series-N.dat per series for scripts/trend.sh's plots.
 * Includes offline/, models/ and sqlite3; no MPI. */
#ifndef MPIGAUGE_TREND_H
#define MPIGAUGE_TREND_H

#include <sqlite3.h>
#include "input/options.h"
#include "models/effect.h"
#include "models/verdict.h"

/* one point of a series: one set (or run) */
struct trend_point {
    long long set_id;
    char *date, *build, *folder;   /* as stored (date, build may be NULL) */
    int is_set, n;                 /* a launch set; its launches at this size */
    double median, lo, hi, bytes;
};

/* a change point and its confirmation */
struct trend_change {
    int at;                        /* the first point of the new level */
    double p;                      /* the detector's permutation p-value */
    struct effect e;               /* point at against point at - 1 */
    enum verdict v;                /* slower, faster: confirmed */
    int confirmed;
};

enum { MAX_CHANGES = 32 };

struct trend_series {
    long long record_id;
    char *system, *identity;       /* the system's key, the record's identity */
    double elements, bytes;
    struct trend_point *pt;
    int n;
    struct trend_change ch[MAX_CHANGES];
    int nch;
    int failed;                    /* --fail-new: its newest point fails */
};

/* the series of record_id at elements, read from db (path for messages):
 * 0, or -1 (said) */
int trend_series_load(sqlite3 *db, const char *path, struct trend_series *s);
/* its change points, each confirmed or not */
int trend_series_detect(sqlite3 *db, const char *path, struct trend_series *s);
void trend_series_free(struct trend_series *s);

/* "from DATE (build X) the 64 KiB ALLREDUCE ... is 12.0% slower [8.1%,
 * 15.2%]" */
void trend_change_text(const struct trend_series *s, const struct trend_change *c,
                       char *out, size_t len);

/* the series written into dir (a folder made for them): 0, or 5 (said) */
int trend_write(const char *dir, struct trend_series *const *s, int n, int json_out);

/* mpigauge --trend: the exit status (0; 1 --fail-new's gate; 2 bad input
 * or options, said; 5 a write failed) */
int trend_main(const struct options *o);

#endif
