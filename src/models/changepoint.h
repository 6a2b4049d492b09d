/* changepoint.h: change points in a short, noisy series (docs/report.md,
 * Change points): E-Divisive means (Matteson and James 2014, as MongoDB's
 * performance CI uses it, Daly et al. ICPE 2020) with the energy
 * distance's exponent 1: the split that maximises the scaled energy
 * distance between the two sides, tested by permutation within the
 * current segments, repeated (binary segmentation) while a split is
 * significant.  It compares distances, not means, so one wild point
 * weighs as a far one and no more: suited to heavy tails.  The
 * permutation p-value (1 + #{permuted >= observed}) / (R + 1) is exact
 * for exchangeable points, so a series with no change shows a first
 * (false) change with probability at most alpha.  Seeded (splitmix64):
 * the same series give the same points.  Arithmetic; no MPI. */
#ifndef MPIGAUGE_CHANGEPOINT_H
#define MPIGAUGE_CHANGEPOINT_H

#include <stdint.h>

struct change_rule {
    int min_size;              /* points a segment keeps at least (>= 2) */
    int permutations;          /* R */
    double alpha;              /* a split is kept when its p-value <= alpha */
    uint64_t seed;
};

/* the rule --trend uses: segments of 2 points or more, R = 199, alpha =
 * 5%, a fixed seed */
struct change_rule change_rule_default(void);

/* The best split of x[a..b) (b - a >= 2 min_size): *tau, the first index
 * of its right side, and the statistic; -1 when the segment is too short */
double best_split(const double *x, int a, int b, int min_size, int *tau);

/* The change points of x[0..n): their indices (the first point of each
 * new segment), ascending, into tau[0..max) with each one's p-value in
 * p[] (NULL: not wanted); their count */
int change_points(const double *x, int n, const struct change_rule *r, int *tau,
                  double *p, int max);

#endif
