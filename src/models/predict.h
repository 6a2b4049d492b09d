/* predict.h: predicting a barrier pattern's time from measured pairwise
 * parameters (the cost model of section 5.6.5 of Meyer's thesis, with
 * the cost of a signal derived from its send mode, and LogGP) */
#ifndef MPIGAUGE_PREDICT_H
#define MPIGAUGE_PREDICT_H

#include "base/smpi.h"
#include "models/param_files.h"
#include "models/pattern.h"

/* The pairwise parameters of section 5.6.3 on a communicator of p ranks,
 * in microseconds, and those mpigauge added: the matrices of
 * models/param_files.h's table, m[PF_O] .. m[PF_TAIL] (its rows say what
 * each is and its cells): m[PF_O][i] the invocation overhead O_i (=
 * O_ii), m[PF_OIJ][i*p+j] the per-request overhead O_ij, m[PF_LIJ] the
 * latency L_ij, m[PF_BIJ] the per-byte time B_ij (the slope behind
 * L_ij), ... */
/* how params/params.c measures them (the estimate uses them too) */
/* "stable ... for sample sizes above 25"; under SMPI with computation
 * not simulated the repetitions are identical, and 5 do */
#define PARAM_REPS (MPIGAUGE_SMPI ? 5 : 25)
#define PARAM_MAX_REQS 8       /* k = 1..8 requests for O_ij */
#define PARAM_MAX_POW 20       /* 2^0 .. 2^20 bytes for L_ij, as the thesis (5.6.4) */
#define PARAM_SMALL_POW 10     /* 2^0 .. 2^10: the small-message variant of L_ij */
#define PARAM_TURNS_MAX 16     /* pairs in turn up to 16 ranks (240 pairs), rounds beyond */
#define PARAM_BIG_REPS (MPIGAUGE_SMPI ? 1 : 3) /* in rounds: repetitions over 1 KiB */
#define PARAM_VERIFY 4         /* pairs measured again alone (the drift) */
/* X_ij and Xs_ij: untimed exchanges first, then timed ones.  A pair
 * exchanging back to back settles into a steady alternation; 25 exchanges
 * after 2, straight after the 1 MiB ping-pongs of L_ij, caught another
 * one in 2 launches of 10 (7.6 us where the records' 2000 took 9.5-9.9:
 * docs/models.md, issue 55); under SMPI every exchange is the same */
#define PARAM_EXCHANGE_WARMUP (MPIGAUGE_SMPI ? 2 : 100)
#define PARAM_EXCHANGE_REPS (MPIGAUGE_SMPI ? 5 : 200)
/* --params auto: every pair up to this many ranks, by classes beyond
 * (docs/models.md, "Parameters by classes": up to 144 ranks the thesis's
 * platforms were measured in full; beyond, full costs grow as P^2) */
#define PARAM_CLASSES_ABOVE 144
/* S_ij's untimed synchronous ping-pongs first (params/param_receiver.c);
 * SMPI needs none */
#define PARAM_ACK_WARMUP (MPIGAUGE_SMPI ? 0 : 100)
/* The tail of a signal's cost (docs/models.md): per pair, PARAM_TAIL_TRIPS
 * zero-byte round trips, kept as PARAM_TAIL_BINS deviations from their
 * median: the means of the sorted trips in bins of 32 (so the mean is kept
 * exactly, the shape at 1/32 steps: the last bin is the slowest 3%), 128
 * bytes a pair as floats; kept up to PARAM_TAIL_MAX_P ranks (32 MiB a rank
 * at 512; the matrices themselves take 40 bytes a pair) */
#define PARAM_TAIL_TRIPS (MPIGAUGE_SMPI ? 32 : 1024)
#define PARAM_TAIL_BINS 32
#define PARAM_TAIL_MAX_P 512

struct params {
    int p;
    /* by the table's enum; NULL where an optional one was not measured
     * (the tails beyond PARAM_TAIL_MAX_P ranks) or is not in the folder
     * read back.  void *: the tail's bins are floats (half the memory of
     * doubles, 32 MiB a rank at 512 ranks), every other value a double;
     * param_value_size() says which. */
    void *m[PF_MODEL_COUNT];
    int rounds;                /* 0: pairs in turn; else measured in so many rounds */
    int warmed;                /* 1: every pair's path warmed first (param_warm.c) */
    int verified;              /* pairs measured again alone, after all */
    double dev[PF_MODEL_COUNT];  /* in rounds: their largest relative
                                  * difference in each matrix the table marks
                                  * as checked */
    double drift[PF_MODEL_COUNT];  /* the median relative difference of each
                                    * p x p matrix between the two measurements
                                    * of those pairs (NaN: not measured again:
                                    * by classes, or read back) */
    /* --params classes: the classes the values are of (params_free frees
     * it); NULL: every pair measured */
    struct class_table *classes;
    long pairs_measured;       /* unordered pairs measured (both ways each) */
    double cost_s;             /* the measurement's time on this rank, s */
    /* which matrices are measured, on every rank alike (params_alloc):
     * only the communicator's rank 0 holds the p x p ones (m[f] NULL
     * elsewhere) */
    unsigned char measured[PF_MODEL_COUNT];
    /* while measuring, on every rank (only the others put values in it):
     * the values measured there on their way to rank 0 (params/pair_log.h) */
    struct pair_log *log;
};

/* LogGP per pair (Alexandrov et al.; measured the way netgauge does,
 * Hoefler et al. 2009), us: L[i*p+j] latency, os[i*p+j] and orr[i*p+j] the
 * sender's and receiver's overhead of a message, g[i*p+j] the gap between
 * messages, G[i*p+j] the gap per byte.  Hockney's alpha + beta bytes per
 * pair comes from the same ping-pongs. */
struct loggp {
    int p;
    double *L, *os, *orr, *g, *G;
    double *alpha, *beta;
};

/* How the signals of a send mode complete (kernels/sync_barrier.h's enum signal_mode). */
enum signal_kind { SIGNAL_EAGER, SIGNAL_SYNCHRONOUS };

/* What one signal costs, per pair, for the event model below; every
 * array is p*p ([i*p+j]: from i to j) except invoke, NULL means 0. */
struct signal_costs {
    int p;
    const double *invoke;      /* [i]: one MPI_Startall + MPI_Waitall call */
    const double *overhead;    /* the sender's work to start one signal */
    const double *gap;         /* at least this between two departures */
    const double *latency;     /* flight of a zero-byte signal, or ... */
    int latency_is_one_way;    /* ... its whole one-way time, overheads in */
    const double *per_byte;    /* flight per payload byte */
    const double *recv;        /* the receiver's work to complete one that
                                * arrived while it was completing another */
    const double *recv_lone;   /* NULL (then recv), or its work to complete
                                * one that it takes up on its own: the part
                                * of a one-way time that is the receiver's */
    const double *ack_work;    /* NULL (then overhead), or the receiver's
                                * work to acknowledge a synchronous signal */
    /* the tail (NULL: none, every flight its typical time): per pair,
     * tail_bins deviations of a round trip from its median
     * ([(i*p+j)*tail_bins + k], models/predict_dist.h) */
    const float *tail;
    int tail_bins;
    /* NULL, or X_ij: two ranks that signal each other in one stage take
     * this long (invocation and one-way time in), where the one-way time
     * alone models it too short (predict.c's crossing) */
    const double *exchange;
    /* NULL, or Xs_ij: the same for synchronous signals (both ways
     * acknowledged) */
    const double *exchange_sync;
};

/* the costs of the thesis's matrix model, each matrix pm holds to its row's
 * term (param_files.c; with the small-message L_ij:
 * set latency to lij for the thesis's own), and of LogGP (invoke: O_i) */
struct signal_costs costs_from_params(const struct params *pm);
struct signal_costs costs_from_loggp(const struct loggp *lg, const double *invoke);

/* The predicted time of one barrier as mpigauge measures it: iterations
 * back to back, each rank timing its own call, the largest per-iteration
 * duration over the ranks (per_iteration: what the timing adds to every
 * iteration, us).  Events per stage, from first principles:
 *   - rank i starts its stage when it ended the last one, pays the call
 *     (invoke) and starts its signals one after another: each begins when
 *     the last one has left and at least gap after the last one began, and
 *     leaves after overhead (LogGP's max(o, g) between messages);
 *   - a signal reaches j after its flight (latency + bytes x per_byte),
 *     and j completes its receive no earlier than it posted it (its own
 *     start of the stage) and pays recv_lone, or recv when it arrived
 *     while j was completing another receive;
 *   - eager: the sender is done with a signal once it left; synchronous:
 *     only when the receiver has matched it, done ack_work, and the
 *     acknowledgement flew back and i took it up (in time order among the
 *     stage's arrivals);
 *   - a rank ends the stage when its call and all its signals are done.
 * edge_bytes: each signal's payload, in the order of the stages' edges
 * (NULL: none). */
double predict_barrier(const struct bpattern *bp, const struct signal_costs *c,
                       const double *edge_bytes, enum signal_kind kind,
                       double per_iteration);

/* predict_barrier with the ranks beginning the first simulated iteration
 * at start[i] microseconds (NULL: all at once).  predict_barrier starts
 * them far apart: the measured loop starts from ranks that left
 * MPI_Barrier at different times, and PAIRWISE (and DISSEMINATION when P
 * is no power of two) keep part of such skew for ever (predict.c,
 * docs/thesis-at-scale.md); the first iterations are left out while the
 * ranks settle (below). */
double predict_barrier_from(const struct bpattern *bp, const struct signal_costs *c,
                            const double *edge_bytes, enum signal_kind kind,
                            double per_iteration, const double *start);

/* One barrier from a simultaneous start: what --sync window measures,
 * every barrier starting alone at a common time (the thesis's isolated
 * barriers, whose predictor traverses one barrier's paths).  No skew is
 * carried in, so PAIRWISE's settled state (above) does not arise. */
double predict_barrier_alone(const struct bpattern *bp, const struct signal_costs *c,
                             const double *edge_bytes, enum signal_kind kind,
                             double per_iteration);

/* Iterations simulated: the first PREDICT_SETTLE are left out (the ranks
 * settling from their start into the skew the pattern keeps), the mean of
 * the next PREDICT_AVERAGED is the prediction.  predict_barrier_window
 * leaves out `first` and averages `count` instead. */
#define PREDICT_SETTLE 20
#define PREDICT_AVERAGED 20
#define PREDICT_SEED 0x6D7067617567ULL   /* the tail's draws: fixed, so that
                                          * every rank and run draws alike */
double predict_barrier_window(const struct bpattern *bp, const struct signal_costs *c,
                              const double *edge_bytes, enum signal_kind kind,
                              double per_iteration, const double *start, int first,
                              int count);

/* the same simulation keeping each of the `count` iterations' durations
 * (the slowest rank's) in out[]; when c->tail is set every flight draws
 * its deviation from the pair's tail with the generator seeded `seed`
 * (predict_dist.c), so the same inputs give the same series everywhere */
void predict_barrier_series(const struct bpattern *bp, const struct signal_costs *c,
                            const double *edge_bytes, enum signal_kind kind,
                            double per_iteration, const double *start, int first,
                            int count, unsigned long long seed, double *out);

#endif
