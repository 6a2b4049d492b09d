/* launch_set.h: result folders read back for the launch-set tools
 * (mpigauge --set, --compare; docs/report.md, Launch sets).  A launch is
 * one ordinary result folder (its run.json); a set is a folder of
 * launch-K/ result folders, as scripts/launches.sh makes them.  A single
 * run is read as a set of one launch, marked as such.  Includes base/
 * and jansson; no MPI. */
#ifndef MPIGAUGE_LAUNCH_SET_H
#define MPIGAUGE_LAUNCH_SET_H

#include <jansson.h>
#include <limits.h>
#include <stddef.h>

struct launch {
    char name[64];             /* launch-K, or the folder's own name */
    int number;                /* K; 0 for a single run */
    json_t *root;              /* its run.json */
    json_t *by_file;           /* data file name -> its record (borrowed) */
};

/* the launches a set uses at most (set_summary.h keeps each size's
 * launch medians in an array of this many); later ones are left out */
enum { MAX_LAUNCHES = 256 };

struct launch_set {
    char dir[PATH_MAX];
    int is_set;                /* 0: one result folder */
    int total;                 /* launch folders found */
    int last;                  /* the largest K of its launch-K folders */
    struct launch *launch;     /* the launches used, by K */
    int n;
    char **left_out;           /* "launch-3: interrupted ..." each */
    int damaged;               /* of them, launches whose run.json is there
                                * but damaged (--store refuses such a set) */
    int nleft;
};

/* One size of one record in one launch, as its run.json has it. */
struct launch_point {
    double t_us;               /* t_med_us; t_avg_us where there is none */
    double lo_us, hi_us;       /* its 95% interval (NaN: none) */
    int target_met;
    double bytes;
};

/* Reads dir as a set (launch-K folders inside) or as one result folder (run.json
 * inside); what = "A", "B" or "SET" for the messages.  Launches that did
 * not complete, or whose fingerprint differs from the set's most common
 * one, are left out and named.  0, or 2 after saying on stderr what is
 * wrong (naming the folder and the file). */
int launch_set_load(struct launch_set *s, const char *dir, const char *what);
void launch_set_free(struct launch_set *s);

/* The set's fingerprint and control variables: its first used launch's
 * (NULL when it has none, a run.json from before fingerprints) */
const json_t *launch_set_fingerprint(const struct launch_set *s);
const json_t *launch_set_cvars(const struct launch_set *s);

/* The data files of the set's records, in the order of their input lines
 * (the first used launch's records; --shuffle changes only the order they
 * ran in), as a JSON array of records (borrowed). */
json_t *launch_set_records(const struct launch_set *s);

/* The record's size `elements` in launch k: 1 and *p, or 0 when that
 * launch has no such size (a record that stopped, a skipped one). */
int launch_point_at(const struct launch_set *s, int k, const char *file,
                    double elements, struct launch_point *p);

/* o's member key as a number, NaN when it is absent or not a number; and
 * a number for JSON, null where it is not finite (what run.json writes) */
double json_number_at(const json_t *o, const char *key);
json_t *json_finite_or_null(double x);

/* The points of a record (its "points" array), borrowed, or NULL */
const json_t *record_points(const json_t *rec);

#endif
