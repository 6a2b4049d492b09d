/* result.h: what a record's run produced, as rank 0 holds it for the
 * writers */
#ifndef MPIGAUGE_RESULT_H
#define MPIGAUGE_RESULT_H

#include <stdint.h>
#include <stdio.h>
#include "options.h"
#include "counters.h"
#include "pattern.h"
#include "record.h"
#include "stats.h"
#include "window.h"
#include "world.h"

/* one measured time: a rank's time per call (b = -1) or a pair's one-way
 * time (a sent first, b answered), world ranks, microseconds */
struct sample {
    double t_us;
    int a, b;
};

/* one block's (or, with --sync window, one call's) time per call of one
 * contributor: a communicator (a = its rank 0's world rank, b = -1) or a
 * pair (a sent first, b answered); k counts its blocks from 0 */
struct rep {
    double t_us;
    int a, b;
    long k, per_block;         /* calls in the block */
};

struct point {
    uint64_t elements, bytes;
    long iters, warmup;        /* timed and untimed calls, most of any contributor */
    struct summary s;          /* over the samples, us */
    /* over the blocks of every contributor, pooled: median and its 95%
     * interval (NaN under 6 blocks), whether the interval lies within
     * --target of the median */
    double med, ci_lo, ci_hi;
    long blocks;               /* valid blocks pooled, and the length of reps */
    long late;                 /* --sync window: repetitions dropped */
    int met;
    struct rep *reps;          /* rank 0, until the point is written */
    double papi_avg[COUNTERS_MAX], papi_max[COUNTERS_MAX]; /* per call */
    /* BARRIER: per-iteration maximum over a communicator's ranks, its mean
     * and median, and the model's prediction; means over communicators */
    double iter_mean, iter_median, pred;
    int ncomm;
    struct sample *samples;
    size_t nsamples;
    unsigned long mismatches;
};

struct result {
    const struct record *rec;
    int index;                 /* 1-based position among the records */
    char file[160];            /* data file, relative to the folder */
    char skipped[400];         /* empty, or why the record did not run */
    char error[600];           /* empty, or the MPI error that ended it */
    struct topo_comm *tc;
    struct point *pts;
    size_t npts;
    struct fit fit;
    struct fit bsp;            /* HRELATION: t_max = g h + l */
    unsigned long mismatches;
    int done;
    int interrupted;           /* a signal ended it after npts sizes */
    struct bpattern bp;        /* BARRIER: this rank's pattern (p = 0: MPI) */
};

/* everything one run carries from records to writers */
struct run {
    struct options opt;
    struct world world;
    struct recordset rs;
    struct result *res;        /* one per record */
    char dir[4096];            /* the result folder */
    char date[64];
    FILE *report;              /* report.txt, rank 0 */
    FILE *data;                /* the open record's data file */
    FILE *pairs;               /* and its pair matrix */
    double wtick;
    double timer_res, timer_cost;   /* MPI_Wtime: smallest step, cost of a read, s */
    struct clocks clocks;      /* --sync window: offsets to rank 0 */
    char papi_dropped[512];    /* --papi events this machine cannot count */
    char scratch[4200];        /* MPI I/O files' folder, made by this run */
    FILE *raw;                 /* --raw: the open record's repetitions */
    int signal;                /* SIGINT or SIGTERM ended the run */
    long peak_rss_kib;         /* at the end: the largest rank's peak RSS */
};

#endif
