/* launch_stats.h: statistics over launches, where a launch is the unit
 * (docs/report.md, Launch sets): the spread of per-launch medians, a
 * distribution-free interval for their median, and the exact rank test
 * (Wilcoxon-Mann-Whitney) that compare uses on two sets' launch medians.
 * GSL for the binomial tail; no MPI. */
#ifndef MPIGAUGE_LAUNCH_STATS_H
#define MPIGAUGE_LAUNCH_STATS_H

#include <stddef.h>

/* The launches' medians of one size, summarised. */
struct launch_spread {
    size_t n;
    double median, min, max;
    double cv;                 /* sd / mean (n - 1), NaN below 2 launches */
    /* [lo, hi] = [x(j), x(n+1-j)] with the largest j whose coverage
     * 1 - 2 P(Bin(n, 1/2) <= j - 1) is at least 95%; below 6 launches
     * no j reaches it, and the interval is [min, max] at its own
     * coverage 1 - 2^(1-n) (93.75% at 5); NaN at 1 launch */
    double lo, hi, coverage;
};

/* x[0..n) (sorted in place) */
struct launch_spread launch_spread_of(double *x, size_t n);

/* The Mann-Whitney statistic of b against a: the pairs (a_i, b_j) with
 * b_j < a_i, ties counted half.  Small: b tends to be larger. */
double mann_whitney_u(const double *a, size_t na, const double *b, size_t nb);

/* P(U <= u) for U of samples of na and nb drawn from one continuous
 * distribution (every ordering equally likely): exact from the counts of
 * orderings (a q-binomial coefficient) while na + nb <= 200, else the
 * normal approximation with a continuity correction.  u is rounded up
 * to a whole number (a tie counted half never helps a verdict). */
double mann_whitney_p_at_most(double u, size_t na, size_t nb);

/* P(U = u) for u = 0..na*nb (exact: counts of orderings; for na + nb
 * up to 200), an array the caller frees */
double *mann_whitney_law(size_t na, size_t nb);

/* The smallest one-sided p-value na and nb launches can give:
 * 1 / C(na + nb, na). */
double mann_whitney_min_p(size_t na, size_t nb);

#endif
