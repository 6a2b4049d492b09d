/* verdict.h: what an interval for the ratio B/A allows one to say, against
 * a tolerance P (docs/report.md, Verdicts): slower or faster only when the
 * interval lies wholly beyond 1, "no change" (beyond P) only when it lies
 * wholly within [1/(1+P), 1+P], undecided otherwise; regressed (the gate)
 * when it lies wholly above 1+P.  And for sequences of looks at growing
 * launch sets (scripts/launches.sh --until-decided): the level each look
 * spends, and how many launches a side would likely settle a size.
 * Arithmetic; no MPI. */
#ifndef MPIGAUGE_VERDICT_H
#define MPIGAUGE_VERDICT_H

#include <stddef.h>

enum verdict { VERDICT_SLOWER, VERDICT_FASTER, VERDICT_NO_CHANGE, VERDICT_UNDECIDED,
               NVERDICTS };

/* "slower", "faster", "no-change", "undecided" */
const char *verdict_name(enum verdict v);

/* The ratio's interval [lo, hi] against 1 and the tolerance tol (0.05 for
 * 5%); NaN ends give undecided */
enum verdict verdict_of(double lo, double hi, double tol);

/* [lo, hi] lies wholly above 1 + tol */
int beyond_tolerance(double lo, double hi, double tol);

/* Settled: the interval holds neither 1 + tol nor 1/(1 + tol), so that
 * both "beyond the tolerance?" questions have their answer (a size that is
 * slower by 2% to 8% against a 5% tolerance is not settled) */
int settled(double lo, double hi, double tol);

/* The one-sided level look k (0-based) of looks[0..n) spends, at total
 * alpha: alpha ((t_k)^2 - (t_{k-1})^2) with t_k = looks[k] / looks[n-1]
 * (the spending function alpha t^2).  The levels sum to alpha, so that
 * the chance that any look's interval misses the true ratio is at most
 * 2 alpha whatever the looks' dependence (the union bound). */
double look_alpha(const int *looks, int n, int k, double alpha);

/* About how many launches a side would settle a size whose ratio is
 * `ratio` with interval [lo, hi] from na and nb launches at one-sided
 * level alpha_now, if the estimate and the spread hold and the last look
 * is at level alpha_then: the interval's half-width is z(alpha) standard
 * errors, the standard error shrinks as sqrt(1/na + 1/nb), and the size
 * settles with about 80% chance once the nearer of 1 + tol and 1/(1 + tol)
 * lies z(alpha_then) + 0.84 standard errors from the estimate.  0 when
 * already settled; -1 when the estimate sits on the tolerance itself (no
 * number of launches is likely to do it); capped at 100000. */
long launches_to_settle(double ratio, double lo, double hi, size_t na, size_t nb,
                        double tol, double alpha_now, double alpha_then);

#endif
