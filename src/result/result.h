/* result/: the results, as rank 0 holds them for the writers: plain
 * data that measure/ fills and output/ reads, and result.c, which owns a
 * point's defaults and the freeing of points and results.  May use base/,
 * models/, registry/ and input/'s options; nothing here calls MPI. */
#ifndef MPIGAUGE_RESULT_H
#define MPIGAUGE_RESULT_H

#include <stdint.h>
#include "base/core_sharing.h"
#include "base/text.h"
#include "input/options.h"
#include "registry/record_view.h"
#include "models/clock_fit.h"
#include "models/hybrid.h"
#include "models/param_files.h"
#include "models/stats.h"
#include "models/switch_points.h"

enum { MAX_EVENTS = 16 };      /* --papi events in one run */

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

/* one communicator's own statistics at one size (topologies with more
 * than one communicator): its samples' min/avg/max and its blocks' median
 * with the 95% interval */
struct comm_point {
    struct summary s;
    double med, ci_lo, ci_hi;
};

struct point {
    uint64_t elements, bytes;
    long iters, warmup;        /* timed and untimed calls, most of any contributor */
    struct summary s;          /* over the samples, us */
    double mbps;               /* bytes / s.avg (multi-pair: all pairs'); NaN where it means nothing */
    double busbw;              /* mbps x holds.busbw_factor; NaN for calls without one */
    double rate;               /* MSGRATE: messages per second, all pairs */
    /* calls in phases (PERMUTATION, SHIFT): bytes / each pair's time per
     * message, MB/s: the slowest pair's, the median, the fastest pair's */
    double pair_min, pair_med, pair_max;
    /* over the blocks of every contributor, pooled: median and its 95%
     * interval (NaN under 6 blocks), whether the interval lies within
     * --target of the median */
    double med, ci_lo, ci_hi;
    long blocks;               /* valid blocks pooled, and the length of reps */
    long late;                 /* --sync window: repetitions dropped */
    int met;
    struct rep *reps;          /* rank 0, until the point is written */
    /* per timed call: the mean over the ranks that made calls, the largest */
    double count_avg[MAX_EVENTS], count_max[MAX_EVENTS];
    /* BARRIER: per-iteration maximum over a communicator's ranks, its mean
     * and median, and the model's prediction; means over communicators */
    double iter_mean, iter_median, pred;
    double pred_lsq;         /* the same with the thesis's least-squares L_ij */
    double pred_loggp;         /* from LogGP (--loggp) */
    /* the predicted distribution: pred is its median, these its mean and
     * 90th percentile (the signals' tails drawn, models/predict_dist.h) */
    double pred_mean, pred_p90;
    double pred_lo, pred_hi;   /* pred with the parameters moved by their
                                * drift, down and up (NaN: not measured again) */
    /* non-blocking collectives: means over the ranks of the pure, the
     * overall (with computation) and the computation's time per call, us,
     * and OSU's overlap in percent; persistent ones: the init call, us */
    double t_pure, t_overall, t_compute, overlap;
    double init;
    /* the family's per-point quantities (struct holds' extra[], in its
     * order): each the mean over the ranks' answers (point_extra.h) */
    double extra[POINT_EXTRAS];
    /* calls timed one by one (measure/call_samples.c): their tail, pooled
     * over pairs or communicators, us per message; and on communicators
     * the rank that finished last most often (world rank, -1: none), in
     * what share of the calls, and its mean excess over the ranks' mean */
    struct tail tail;
    long ncalls;
    /* those calls one by one, with --raw or DETAIL (rank 0, until the
     * point is written): t_us, and a -> b the pair (b = -1: the
     * communicator whose rank 0 is world rank a) */
    struct sample *calls;
    int slowest_rank;
    double slowest_share, slowest_excess_us;
    int ncomm;
    struct comm_point *cp;     /* one per communicator when there are several */
    int ncp;
    struct sample *samples;
    size_t nsamples;
    unsigned long mismatches;
};

/* BARRIER with a pattern (not MPI): what the writers say of it */
struct pattern_info {
    int used;                  /* a generated or file pattern ran */
    long stages, signals;      /* of rank 0's communicator */
};

/* HYBRID (rank 0's communicator): what was built from the measured
 * costs, and the same communicator's other barriers timed beside it */
enum { HYBRID_ALTS = 1 + HYBRID_CANDIDATES };
struct hybrid_alt {
    const char *name;          /* MPI, then the candidates */
    double measured_us;        /* mean of the per-iteration maxima */
    double pred_us;            /* the model's (NaN for MPI) */
};
struct hybrid_info {
    struct hybrid h;           /* over the communicator's ranks */
    int *world;                /* per communicator rank: its world rank */
    int *node;                 /* and its node */
    char disagree[512];        /* where groups and nodes differ, or empty */
    double pred_us;            /* the built barrier's prediction */
    struct hybrid_alt alt[HYBRID_ALTS];
    long iters;                /* of each alternative */
    char file[200];            /* its pattern file, relative to the folder */
};

/* levels=hw: the h-relation's BSP fit on each hardware level's
 * communicators (innermost first: CACHE, SOCKET, NODE) */
enum { BSP_LEVELS = 3 };
struct bsp_level {
    const char *level;         /* the level's topology */
    int ncomm, max_size;       /* its communicators, the largest's ranks */
    unsigned long long bytes;  /* hwloc: rank 0's cache, package or node memory */
    struct fit fit;            /* t_max = g h + l (beta = g, alpha = l) */
};

/* compose=1: one mock-up of the record's call (kernels/coll_compose.c), timed
 * at the record's sizes like the call: per size its median over the
 * blocks, the 95% interval and whether the target was met */
struct mockup_point {
    uint64_t elements, bytes;
    double med, ci_lo, ci_hi;
    int met;
};

struct mockup_result {
    char name[48];             /* "REDUCE + BCAST" */
    char timing[200];          /* what one timed mock-up covers */
    struct mockup_point *pts;
    size_t npts;
    unsigned long mismatches;  /* --check's wrong elements in it */
    char error[600];           /* empty, or the MPI error that stopped it */
};

struct result {
    const struct record *rec;
    struct holds holds;        /* what it holds: the writers read this, not rec->call */
    struct facts facts;        /* what its family says of it (registry/facts.c) */
    int index;                 /* 1-based position among the records */
    int type_size;             /* data bytes of one element */
    int ncomm;                 /* communicators, and their sizes */
    const int *comm_sizes;
    const char *vtopo_text;    /* graph-shaped topologies: what comm became */
    const int *comm_of;        /* per world rank: its communicator's index, or -1 */
    char file[160];            /* data file, relative to the folder */
    char skipped[400];         /* empty, or why the record did not run */
    char error[600];           /* empty, or the MPI error that ended it */
    struct pattern_info pattern;
    struct hybrid_info *hybrid;   /* HYBRID, rank 0; else NULL */
    struct point *pts;
    size_t npts;
    struct fit fit;            /* t_avg = alpha + beta bytes */
    struct fit_reading fit_terms;   /* which of its terms mean something */
    struct fit bsp;            /* HRELATION: t_max = g h + l */
    /* point-to-point and streaming (holds.switches): where the medians'
     * slope changes beyond their noise (models/switch_points.h) */
    struct switch_point switches[SWITCH_MOST];
    int nswitches;
    struct bsp_level levels[BSP_LEVELS];
    int nlevels;
    /* BARRIER patterns: mean relative errors of the predicted distribution
     * against the measured per-iteration maximum, over pred_sizes sizes */
    double pred_error;         /* t_pred_us against the median */
    double pred_mean_error;    /* t_pred_mean_us against the mean */
    int pred_sizes;
    unsigned long mismatches;
    int done;
    int interrupted;           /* a signal ended it after npts sizes */
    /* cvar=: the MPI_T integer each variable got, and the one it had */
    int cvar_value[MAX_RECORD_CVARS], cvar_was[MAX_RECORD_CVARS];
    double estimate_s;         /* before the run (docs/measuring.md, Estimates) */
    double elapsed_s;          /* rank 0's wall time for the record; -1 unrun */
    /* rank 0's calendar clock (CLOCK_REALTIME, seconds since the epoch)
     * as the record began and ended; 0: not run (run.json's start, end) */
    double wall_start, wall_end;
    /* compose=1, rank 0: the mock-ups measured after the call */
    struct mockup_result *composed;
    int ncomposed;
};

/* A point of a size before it is measured: every derived figure NaN
 * (none measured yet), nothing allocated. */
struct point point_blank(uint64_t elements, uint64_t bytes, long warmup);

/* Frees what a point holds (samples, repetitions, per-communicator
 * statistics) and leaves them NULL; the point itself is the caller's. */
void point_free(struct point *pt);

/* Frees what a result holds: its points and their data, the HYBRID
 * information; the result is left empty (no points, no HYBRID). */
void result_free(struct result *res);

/* the pairwise parameters of a topology's communicators as world-rank
 * matrices (p x p, NaN outside a communicator, or one value per rank) */
struct param_matrix {
    enum param_file file;      /* its name and meaning: models/param_files.h */
    int cols;                  /* p, or 1 */
    int depth;                 /* values a cell (0 or 1: one; the tail's bins) */
    double *v;
};

struct param_matrices {
    int p, n;
    struct param_matrix m[PF_COUNT];   /* at most one of each file */
    char how[1024];            /* how they were measured, a sentence */
    /* --params classes: rank 0's communicator's classes, and the place
     * of each of its ranks (for world ranks); NULL: every pair measured */
    const struct class_table *classes;
    const struct place *places;
    double cost_s;             /* rank 0's time measuring them, s */
    long pairs_measured;       /* unordered pairs measured */
    int remeasured;            /* pairs measured again alone, and ... */
    double drift[PF_MODEL_COUNT];  /* ... how far each matrix moved (NaN: not) */
};

/* the counted events, as the writers name them */
struct events {
    int n;
    const char *name[MAX_EVENTS];
    const char *backend[MAX_EVENTS];
    char dropped[512];         /* events this machine cannot count */
};

/* --sync window's clock model, as world rank 0 holds it (clock/clock.c) */
struct clock_report {
    const struct clock_line *lines;  /* every world rank's latest line (rank 0's: 0) */
    int ranks;
    int rounds, pings;         /* a fit's rounds, and ping-pongs per rank a round */
    double span_s, fit_s;      /* the first fit: its rounds' spread, its cost */
    int refits;                /* fits after the first */
    double max_residual;       /* the largest over every fit, s */
    int checked;               /* the end check ran (the run reached its end) */
    double end_error;          /* its largest |measured - predicted offset|, s */
    double end_rtt;            /* the round trip of that measurement, s */
    /* how the fit went (clock/clock.h): flat, every rank against rank
     * 0; or two-level, the node leaders against rank 0 and every other
     * rank against its node's leader, composed */
    int two_level;
    int nodes;                 /* node leaders (two-level), else the world's nodes */
    int max_node_ranks;        /* the most ranks on one node */
    int rounds_run;            /* the first fit's rounds */
    long bursts;               /* its bursts of ping-pongs, all pingers */
    long sequential_bursts;    /* the most that one rank ran */
    int per_round;             /* bursts one after another in a round, at
                                * most: P - 1 flat; two-level, (rank 0's
                                * node's ranks - 1) + (nodes - 1) + (the
                                * largest node's ranks - 1) */
};

/* what the writers say about the run as a whole */
struct run_info {
    const struct options *opt;
    const char *input;
    char date[64];
    const char *library;
    int version, subversion;
    int thread_asked, thread_level;   /* the level asked (-1: MPI_Init); granted */
    int ranks, grid[3];
    const char *grid_source;
    char *const *hosts;
    int nhosts, nodes, max_node_ranks, bound;
    struct core_sharing cores_shared;   /* base/core_sharing.h */
    long cores;
    const struct place *places;   /* every rank's */
    double wtick, timer_res, timer_cost;   /* seconds */
    /* the lowest rank whose MPI_Wtime was seen broken (clock/clock_guard.h)
     * and what was seen; -1 and "" while none was */
    int clock_broken_rank;
    char clock_broken[160];
    double init_s[3];             /* MPI_Init: min, mean, max over ranks, s */
    const struct clock_report *clock;     /* --sync window, else NULL */
    struct events ev;
    long peak_rss_kib;            /* at the end: the largest rank's */
    double estimate_s;            /* every record's estimate (docs/measuring.md, Estimates) */
    struct result *res;           /* one per record */
    int nres;
    const struct name_value *cvars;   /* MPI_T control variables at start */
    int ncvars;
    const char *cpu_model;        /* rank 0's processor (hwloc), "" unknown */
    unsigned long long input_hash;   /* FNV-1a 64 of the input's bytes */
};

#endif
