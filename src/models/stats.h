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

/* The tail of n call times (sorts x): nearest-rank percentiles (the
 * ceil(q n)-th smallest: with fewer than 100 times p99 is the largest),
 * the largest and the standard deviation (n - 1); NaN when n is 0. */
struct tail {
    double p50, p90, p99, max, sd;
};
struct tail tail_of(double *x, size_t n);

/* The median of x[0..n-1] (sorts x) and a distribution-free 95%
 * confidence interval for it: the order statistics x(j) and x(n+1-j) with
 * the largest j for which P(Bin(n, 1/2) < j) <= 2.5%.  Needs n >= 6;
 * below that lo and hi are NaN and it returns 0, else 1. */
int median_ci(double *x, size_t n, double *med, double *lo, double *hi);

/* 1 when both ends of [lo, hi] lie within target x med of med */
int within_target(double med, double lo, double hi, double target);

/* Least squares t = alpha + beta * bytes (Hockney's model).  latency is
 * alpha (us), bandwidth 1/beta (MB/s, NaN when beta <= 0), r2 the
 * coefficient of determination.  ok = 0 with fewer than two distinct
 * sizes. */
struct fit {
    int ok;
    double alpha, beta, r2;
    double latency_us, bandwidth_mbs;
    size_t n;
    /* the fit's own verdict: empty, or why its parameters mean nothing
     * (set by fit_bsp; the writers print it, they do not judge again) */
    char flagged[96];
};

struct fit fit_linear(const double *bytes, const double *t_us, size_t n);

/* What a latency/bandwidth fit's terms mean for the record that made it;
 * the prose, run.json and the report page print this and do not judge
 * again.  The intercept is a latency when it lies at or above
 * FIT_LATENCY_FLOOR times the smallest time the fit was made from: below
 * zero it is no time at all, and far below every measured time it is the
 * large sizes' line carried back to 0 bytes, not what a small message
 * costs (the model itself puts the smallest size's time above the
 * intercept, by that size's bytes over the bandwidth, so a little below
 * is expected).  1 / slope is a bandwidth when the family moves data and
 * the slope is above zero.  latency_why and bandwidth_why say why not. */
#define FIT_LATENCY_FLOOR 0.5
struct fit_reading {
    int latency, bandwidth;
    char latency_why[160];     /* "intercept -0.785 us: not a latency (below zero)" */
    char bandwidth_why[96];    /* "moves no data" or "time does not grow with size" */
};
struct fit_reading fit_read(const struct fit *f, double t_min_us, int moves_data);

/* A BSP fit t = g h + l (beta = g, alpha = l) that is no parameter: a
 * negative l, or R^2 below BSP_MIN_R2 (the times do not follow a line in
 * h).  Returns 1 and says why in why[len]; 0 for a fit worth reporting. */
#define BSP_MIN_R2 0.5
int bsp_meaningless(const struct fit *f, char *why, size_t len);

/* BSP's fit t = g h + l over h words: fit_linear with its verdict in
 * flagged (bsp_meaningless) */
struct fit fit_bsp(const double *h, const double *t_us, size_t n);

/* The per-item cost: the least-squares slope of y[k - 1] (the time of k
 * items) against k = 1..n, 0 when no positive slope fits (O_ij and R_ij,
 * params/params.c and param_receiver.c). */
double slope_per_count(const double *y, size_t n);

/* The same line fitted by relative error (weights 1/t^2), so that sizes
 * whose times differ by orders of magnitude count alike. */
struct fit fit_linear_relative(const double *bytes, const double *t_us, size_t n);

/* The mean of |pred - meas| / meas over the i where pred[i] is a number
 * and meas[i] > 0, and in *used how many there were (NaN when none). */
double mean_relative_error(const double *pred, const double *meas, size_t n,
                           int *used);

#endif
