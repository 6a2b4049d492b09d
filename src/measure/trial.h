/* trial.h: one record being measured on this rank, as the files of
 * measure/ pass it around: the kernel's context, the buffers behind it,
 * and what the timing counts. */
#ifndef MPIGAUGE_TRIAL_H
#define MPIGAUGE_TRIAL_H

#include "kernels/sync_barrier.h"
#include "kernels/kernel.h"
#include "measure/measure.h"
#include "measure/repeat.h"

struct fan;

struct trial {
    struct kernel k;
    struct measurer *m;
    const struct planned *pl;
    struct holds holds;        /* what the record's results hold */
    const struct bpattern *bp; /* BARRIER: the pattern run (the plan's, or built) */
    struct hybrid hy;          /* HYBRID: built when the record starts */
    /* buffers, allocated once for the record's largest size */
    void *sraw, *rraw, *attached;
    int attached_size;
    /* --cache cold: ncold copies of both buffers, cold_step bytes apart
     * from cold_s and cold_r; timed loops move to the next copy before
     * every call, so no call finds its data in the cache */
    char *cold_s, *cold_r;
    size_t cold_step;
    int ncold, cold_next;
    long calls;                /* timed calls this rank made at this size */
    int warmed;                /* the record's first warm-up is done (warm.c) */
    /* threads= on a collective: its threads, their communicators and
     * copies of k (thread_fan.h); NULL: the calling thread alone */
    struct fan *fan;
};

/* What one rank measured at one size: its samples for min/avg/max, the
 * series it contributes (as a communicator's rank 0 or as the first rank
 * of pairs), and, for BARRIER, its communicator's statistics. */
struct commstat {
    double mean, median, pred;     /* us */
    double pred_lsq;             /* with the thesis's least-squares L_ij */
    double pred_loggp;             /* from LogGP (--loggp) */
    double pred_mean, pred_p90;    /* the predicted distribution (pred: its
                                    * median), models/predict_dist.h */
    double pred_lo, pred_hi;       /* pred with the parameters moved by their
                                    * drift, down and up (NaN: none measured) */
};

/* a non-blocking collective's run with computation (overlap.c), this
 * rank's seconds per call */
struct overlap {
    double pure, overall, compute;
    int used;
};

/* one call timed on its own (call_samples.c): its time per message, as
 * the slowest rank of the communicator saw it (who: its world rank, and
 * by how much it exceeded the ranks' mean), or the initiator of a pair
 * (who = -1) */
struct call_sample {
    double t_us, excess_us;
    int who;
    int a, b;                  /* the pair (world ranks: a sent first), or the
                                * communicator's rank 0 and -1 */
};

struct sizerun {
    struct call_sample *calls;   /* this rank's, as a pair's initiator or a
                                  * communicator's rank 0 */
    size_t ncalls, calls_cap;
    struct sample *mine;
    size_t n;
    struct series *ser;
    int *ser_b;                /* the partner of each series; -1: a communicator */
    int nser;
    struct commstat cs;
    int ncs;
    struct overlap ov;         /* non-blocking collectives */
    double init;               /* persistent: this rank's init call, s; < 0 none */
    /* the family's per-point quantities (struct holds' extra[]): the
     * means of this rank's answers summed, and how many answers had one */
    double extra_sum[POINT_EXTRAS];
    int extra_n[POINT_EXTRAS];
};

/* buffers.c: the kernel's context and buffers for the record, and back */
void trial_setup(struct trial *t, struct measurer *m, const struct planned *pl,
                 struct result *res);
void trial_teardown(struct trial *t);

/* block.c: the one timed block.  Counters start, the clock is read, body
 * runs n calls, the clock is read, counters stop: what a timed block
 * covers is decided here, for every timer.  Returns the seconds between
 * the two reads; *t0 (may be NULL) gets the first.  A call with a
 * between hook (the objects family) is timed in stretches of a bounded
 * number of calls, the hook outside the clock before each, and the
 * stretches' seconds summed. */
typedef void (*block_body)(struct trial *t, long n, void *arg);
double timed_block(struct trial *t, long n, block_body body, void *arg,
                   double *t0);
/* the same without the counters: the warm-up and the calls timed one by
 * one (their own clocks) */
double clocked_loop(struct trial *t, long n);
/* the call under test n times; with --cache cold each on the next copy
 * of the buffers (a block_body; arg is unused) */
void timed_loop(struct trial *t, long n, void *arg);

/* call_samples.c: besides the blocks, each size times some calls one by
 * one (call_sample_count of its iterations) for the tail of the calls'
 * times: a pair's initiator keeps its own (the partner answers); a
 * communicator's rank 0 keeps, per call, the slowest rank's time and who
 * it was (collectives; BARRIER's from its timed iterations) */
enum { CALL_SAMPLES_MAX = 1000, CALL_SAMPLES_MIN = 10, CALL_SAMPLES_SIZE = 100000 };
/* a tenth of the size's iterations, CALL_SAMPLES_MIN to CALL_SAMPLES_MAX
 * (never more than the iterations), and at most CALL_SAMPLES_SIZE over
 * the size's `units` pairs or communicators (rank 0 holds them all:
 * 24 bytes each) */
long call_sample_count(long iters, long units);
void sample_pair(struct trial *t, long n, struct sizerun *sr);
void sample_collective(struct trial *t, long n, struct sizerun *sr);
/* every rank of the communicator: its own time of each of n calls (s) */
void call_samples_from(struct trial *t, const double *mine, long n, struct sizerun *sr);

/* a record's sizes into res, point by point (the points go to
 * m->on_point where it is set): record_run.c's, handed to
 * measure_mockups so that the two files call each other in one way */
typedef void sizes_fn(struct measurer *m, const struct planned *pl, struct result *res);
/* compose_run.c: compose=1, the record's mock-ups after its sizes, each
 * measured by sizes */
void measure_mockups(struct measurer *m, const struct planned *pl, struct result *res,
                     sizes_fn *sizes);

/* ways.c: one size of a record, by its family's way */
struct series *new_series(struct sizerun *sr, int partner);
void measure_size(struct trial *t, long warmup, long iters, struct sizerun *sr);

/* gather.c: every rank's part of a size to rank 0's point */
void gather_point(struct trial *t, const struct sizerun *sr, struct point *pt);

/* overlap.c: post, a computation as long as the slowest rank's pure
 * seconds per call, wait: iters times, into ov */
void measure_overlap(struct trial *t, long iters, double pure, struct overlap *ov);

/* barrier_time.c: BARRIER, every barrier timed on its own */
void measure_barrier(struct trial *t, long warmup, long iters, struct sizerun *sr);
/* the model's time for one barrier of pattern bp (the thesis's matrix
 * model; lsq: with its least-squares L_ij; lg: LogGP instead) */
double barrier_predict(const struct trial *t, const struct bpattern *bp,
                       const struct params *pm, int lsq, const struct loggp *lg);
/* the mean over iters of the communicator's slowest rank's time of one
 * barrier (pr NULL: MPI_Barrier), us, on its rank 0 */
double barrier_slowest_mean(struct trial *t, const struct patrun *pr, long warmup,
                            long iters);
/* hybrid_run.c, for HYBRID records only: the barrier built from the
 * measured costs (collective over the record's communicator; -1 with
 * res->error when it fails the barrier check), then, after the sizes,
 * MPI_Barrier and every candidate timed beside it, into res->hybrid on
 * world rank 0 */
int hybrid_prepare(struct trial *t, struct result *res);
void hybrid_finish(struct trial *t, struct result *res);

#endif
