/* stats.h: summaries of measured times, and the latency/bandwidth fit */
#ifndef MPIGAUGE_STATS_H
#define MPIGAUGE_STATS_H

#include <stddef.h>

struct summary {
    double min, avg, max;
    size_t imin, imax;         /* which sample was fastest, slowest */
    size_t n;
};

/* min, mean, max of x[0..n-1]; n = 0 gives NaNs */
struct summary summarize(const double *x, size_t n);

/* median of x[0..n-1] (sorts x); NaN when n = 0 */
double median_of(double *x, size_t n);

/* Least squares t = alpha + beta * bytes (Hockney's model).  latency is
 * alpha (us), bandwidth 1/beta (MB/s, NaN when beta <= 0), r2 the
 * coefficient of determination.  ok = 0 with fewer than two distinct
 * sizes. */
struct fit {
    int ok;
    double alpha, beta, r2;
    double latency_us, bandwidth_mbs;
    size_t n;
};

struct fit fit_linear(const double *bytes, const double *t_us, size_t n);

/* The same line fitted by relative error (weights 1/t^2), so that sizes
 * whose times differ by orders of magnitude count alike. */
struct fit fit_linear_relative(const double *bytes, const double *t_us, size_t n);

#endif
