/* params/: the pairwise parameters of Meyer's thesis (O_i, O_ij, L_ij, B_ij, R_ij, R1_ij, S_ij, X_ij, the signals' tails) and LogGP's, measured pair by pair or in rounds (params.h, pair_log.h); includes clock/ (waits), lifecycle/ (signals), world/, kernels/, input/, registry/, models/, base/ and result/. */
/* params.h: measuring the pairwise parameters of section 5.6.3 of Meyer's
 * thesis */
#ifndef MPIGAUGE_PARAMS_H
#define MPIGAUGE_PARAMS_H

#include <mpi.h>
#include "world/world.h"
#include "models/predict.h"

/* Collective over comm: fills pm (allocated here): the p x p matrices on
 * rank 0 of comm alone (the others hold O_i, and pm->measured says which
 * matrices rank 0 has), so that no other rank's memory grows with p^2.
 *   O_i   median time of MPI_Startall + MPI_Waitall on p requests to
 *         MPI_PROC_NULL (no communication): the invocation overhead;
 *   O_ij  slope of the median time of starting and completing k = 1..8
 *         zero-byte sends i -> j (j's receives posted first) against k;
 *   L_ij  intercept (and B_ij the slope) of the median one-way time of a
 *         ping-pong between i and j against bytes, 1 B to 1 KiB, fitted
 *         by relative error (weights 1/t^2);
 *   R_ij, R1_ij, S_ij, X_ij  what a receive, an acknowledgement and an
 *         exchange add (param_receiver.c, below).
 * Medians of 25 timings each; pairs one at a time, others asleep (in
 * rounds beyond PARAM_TURNS_MAX ranks).
 * Returns 0, or the signal that stopped it between two pairs (or rounds):
 * every rank of comm stops at the same step, and the matrices are
 * incomplete. */
int params_measure(MPI_Comm comm, struct params *pm);

/* --params classes (param_sample.c): the same matrices, every pair
 * holding its class's value (models/param_classes.h); places: each rank
 * of comm's.  pm->classes says what was measured. */
struct place;
int params_measure_classes(MPI_Comm comm, const struct place *places,
                           struct params *pm);
/* Collective over comm: what pm->log holds on every rank into rank 0's
 * p x p matrices (O_i, p values, is the caller's) */
void params_gather(MPI_Comm comm, struct params *pm);

/* for it, from params.c: the start every measurement of the parameters
 * shares (collective over comm): pm allocated (rank 0 holds the
 * matrices), its pair log, a 1 MiB buffer (the caller frees it), a quiet
 * start, and O_i on every rank; the start time.  And the pair i, j
 * measured from i (collective over i and j; rounds: as in a round, fewer
 * repetitions over 1 KiB), into pm on the rank that measured each value */
struct pair_log;
double params_begin(MPI_Comm comm, struct params *pm, struct pair_log *log, char **buf);
void param_measure_pair(MPI_Comm comm, int me, int i, int j, char *buf, int rounds,
                        struct params *pm);

/* The matrices measured between two ranks beside O_ij, L_ij, B_ij and
 * the tail (param_receiver.c): measure(comm, me, a, b), collective over
 * ranks a and b, returns on a the value of [a*p+b] (0 on b).  For a
 * signal from i to j that is a = i, b = j, or, by_receiver (the row is
 * the receiver), a = j, b = i:
 *   R_ij on recv: the slope of completing k zero-byte receives from send
 *         that are already there;
 *   R1_ij on recv: completing one whose signal arrived while recv was
 *         outside MPI, less starting and completing one from
 *         MPI_PROC_NULL;
 *   S_ij on i: half the difference of synchronous and standard zero-byte
 *         ping-pongs with j;
 *   X_ij on i: a zero-byte exchange with j. */
struct pair_measure {
    enum param_file file;      /* its row in models/param_files.h's table */
    double (*measure)(MPI_Comm comm, int me, int a, int b);
    int by_receiver;
};
extern const struct pair_measure pair_measures[];
extern const int npair_measures;

/* Collective over i and j: PARAM_TAIL_TRIPS zero-byte round trips from i,
 * into PARAM_TAIL_BINS deviations from their median on i (bins untouched
 * on j) (param_tail.c) */
void param_tail(MPI_Comm comm, int me, int i, int j, float *bins);

/* Collective over comm (--loggp): LogGP and Hockney per ordered pair,
 * allocated here on rank 0 of comm alone, as the pairwise parameters (loggp.c).  Returns 0, or the signal that stopped it
 * between two pairs, as params_measure. */
int loggp_measure(MPI_Comm comm, struct loggp *lg);
void loggp_free(struct loggp *lg);

/* Collective over comm: rank 0's built HYBRID (groups, choices, pattern),
 * made from the parameters only it holds, into h on every other rank
 * (hybrid_share.c) */
struct hybrid;
void hybrid_share(struct hybrid *h, MPI_Comm comm);

#endif
