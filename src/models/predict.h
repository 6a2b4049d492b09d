/* predict.h: the barrier cost model of section 5.6.5 of Meyer's thesis */
#ifndef MPIGAUGE_PREDICT_H
#define MPIGAUGE_PREDICT_H

#include "models/pattern.h"

/* The pairwise parameters of section 5.6.3 on a communicator of p ranks,
 * in microseconds: o[i] the invocation overhead O_i (= O_ii), oij[i*p+j]
 * the per-request overhead O_ij, lij[i*p+j] the latency L_ij. */
struct params {
    int p;
    double *o, *oij, *lij;
    double *bij;               /* per-byte time, the slope behind L_ij */
};

/* Predicted time of one barrier: the longest path through the stages,
 * where rank i spends in stage s
 *   cost(s,i) = 2 sum_j L_ij S_s(i,j) + max(O_ii, max_j O'_ij S_s(i,j))   (5.4)
 * with O'_ij = O_jj when j awaits the signal (j's last action was j -> i
 * and j has then been idle one stage or more), else O_ij.  Rank i ends
 * stage s when its own work and every signal sent to it in s are done.
 * One pass over the stages: linear in the edges (memoised, not the
 * exponential recursion over paths).  With a payload of `bytes` per
 * signal (chapter 6's barrier with payload) L_ij becomes
 * L_ij + bytes * B_ij, B_ij the per-byte slope of the same regression. */
double predict_barrier(const struct bpattern *bp, const struct params *pm,
                       double bytes);

#endif
