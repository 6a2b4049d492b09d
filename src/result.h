/* result.h: what a record's run produced, as rank 0 holds it for the
 * writers */
#ifndef MPIGAUGE_RESULT_H
#define MPIGAUGE_RESULT_H

#include <stdint.h>
#include <stdio.h>
#include "options.h"
#include "pattern.h"
#include "record.h"
#include "stats.h"
#include "world.h"

/* one measured time: a rank's time per call (b = -1) or a pair's one-way
 * time (a sent first, b answered), world ranks, microseconds */
struct sample {
    double t_us;
    int a, b;
};

struct point {
    uint64_t elements, bytes;
    long iters, warmup;
    struct summary s;          /* over the samples, us */
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
    int signal;                /* SIGINT or SIGTERM ended the run */
    long peak_rss_kib;         /* at the end: the largest rank's peak RSS */
};

#endif
