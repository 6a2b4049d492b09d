/* effect.h: how much B differs from A, from two samples of launch
 * medians: the ratio B/A as the Hodges-Lehmann estimate (the median of
 * the pairwise ratios b_j / a_i) with the distribution-free interval that
 * inverts the exact rank test (its ends are order statistics of the same
 * ratios), over one stratum or over several (launch modes: pairs are
 * formed within a stratum only, and the test is the sum of the strata's
 * Mann-Whitney statistics).  docs/report.md, The rule for launch sets.
 * GSL for the normal law; no MPI. */
#ifndef MPIGAUGE_EFFECT_H
#define MPIGAUGE_EFFECT_H

#include <stddef.h>

/* A's and B's values that are compared with each other */
struct stratum {
    const double *a, *b;
    size_t na, nb;
};

/* The law of S = U_1 + ... + U_k, the strata's Mann-Whitney statistics
 * when every stratum's A and B are exchangeable: exact (the convolution of
 * the strata's exact laws) while every stratum has at most 200 values,
 * else normal with a continuity correction. */
struct rank_law {
    size_t max;                /* the largest S: the sum of na * nb */
    double *cdf;               /* P(S <= s) for s = 0..max; NULL when normal */
    double mean, sd;           /* the normal law's */
};

void rank_law_of(struct rank_law *law, const struct stratum *st, size_t ns);
void rank_law_free(struct rank_law *law);
/* P(S <= s) */
double rank_law_at_most(const struct rank_law *law, long s);
/* The largest s with P(S <= s) <= alpha; -1 when even P(S <= 0) exceeds it */
long rank_law_critical(const struct rank_law *law, double alpha);

struct effect {
    double ratio;              /* the median of the pairwise ratios */
    double lo, hi;             /* r(c + 1) and r(N - c) of the N sorted ratios */
    long c;                    /* the critical S; -1: too few values for alpha,
                                * and [lo, hi] is [r(1), r(N)] */
    double level;              /* P(S <= c) (P(S <= 0) when c is -1): the
                                * interval covers the true ratio with
                                * probability at least 1 - 2 level */
    size_t pairs;              /* N */
};

/* The effect of B against A over the strata, each end one-sided at alpha
 * (0.025: a 95% interval).  Every ratio is b / a of positive values; NaN
 * ends and ratio when no stratum has a pair. */
void effect_of(const struct stratum *st, size_t ns, double alpha, struct effect *e);

#endif
