/* stats.c: summaries and the least-squares fit (GSL) */
#include "models/stats.h"

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_fit.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "base/base.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

double median_of(double *x, size_t n)
{
    if (n == 0)
        return NAN;
    qsort(x, n, sizeof *x, cmp_double);
    return n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
}

/* P(Bin(n, 1/2) <= k) */
static double below(size_t k, size_t n)
{
    return gsl_cdf_binomial_P((unsigned)k, 0.5, (unsigned)n);
}

int median_ci(double *x, size_t n, double *med, double *lo, double *hi)
{
    *med = median_of(x, n);
    *lo = *hi = NAN;
    if (n < 6 || n > 4000000000u)
        return 0;
    /* the largest j (1-based) with P(B <= j - 1) <= 0.025, by bisection:
     * P grows with j, and j = 1 qualifies from n = 6 on */
    size_t good = 1, bad = n / 2 + 1;
    while (bad - good > 1) {
        size_t mid = good + (bad - good) / 2;
        if (below(mid - 1, n) <= 0.025)
            good = mid;
        else
            bad = mid;
    }
    *lo = x[good - 1];
    *hi = x[n - good];
    return 1;
}

int within_target(double med, double lo, double hi, double target)
{
    if (isnan(lo) || isnan(hi) || !(med > 0))
        return 0;
    return med - lo <= target * med && hi - med <= target * med;
}

struct summary summarize(const double *x, size_t n)
{
    struct summary s = {NAN, NAN, NAN, 0, 0, n};
    if (n == 0)
        return s;
    double sum = 0;
    s.min = s.max = x[0];
    for (size_t i = 0; i < n; i++) {
        sum += x[i];
        if (x[i] < s.min) {
            s.min = x[i];
            s.imin = i;
        }
        if (x[i] > s.max) {
            s.max = x[i];
            s.imax = i;
        }
    }
    s.avg = sum / (double)n;
    return s;
}

struct fit fit_linear(const double *bytes, const double *t_us, size_t n)
{
    struct fit f = {0, NAN, NAN, NAN, NAN, NAN, n, ""};
    int distinct = 0;
    for (size_t i = 1; i < n && !distinct; i++)
        distinct = bytes[i] != bytes[0];
    if (n < 2 || !distinct)
        return f;
    double c0, c1, cov00, cov01, cov11, sumsq;
    gsl_fit_linear(bytes, 1, t_us, 1, n, &c0, &c1, &cov00, &cov01, &cov11,
                   &sumsq);
    double mean = 0, tss = 0;
    for (size_t i = 0; i < n; i++)
        mean += t_us[i];
    mean /= (double)n;
    for (size_t i = 0; i < n; i++)
        tss += (t_us[i] - mean) * (t_us[i] - mean);
    f.ok = 1;
    f.alpha = c0;
    f.beta = c1;
    f.r2 = tss > 0 ? 1.0 - sumsq / tss : 1.0;
    f.latency_us = c0;
    f.bandwidth_mbs = c1 > 0 ? 1.0 / c1 : NAN;   /* bytes/us = MB/s */
    return f;
}

struct fit_reading fit_read(const struct fit *f, double t_min_us, int moves_data)
{
    struct fit_reading r = {0, 0, "", ""};
    if (!f->ok)
        return r;
    r.bandwidth = moves_data && f->beta > 0;
    if (!moves_data)
        snprintf(r.bandwidth_why, sizeof r.bandwidth_why, "moves no data");
    else if (!r.bandwidth)
        snprintf(r.bandwidth_why, sizeof r.bandwidth_why, "time does not grow with size");
    double floor_us = FIT_LATENCY_FLOOR * t_min_us;
    r.latency = f->alpha >= 0 && !(f->alpha < floor_us);
    if (f->alpha < 0)
        snprintf(r.latency_why, sizeof r.latency_why,
                 "intercept %.3f us: not a latency (below zero)", f->alpha);
    else if (!r.latency)
        snprintf(r.latency_why, sizeof r.latency_why, "intercept %.3f us: not a latency "
                 "(below half the smallest measured time, %.3f us)", f->alpha, t_min_us);
    return r;
}

struct fit fit_linear_relative(const double *bytes, const double *t_us, size_t n)
{
    struct fit f = fit_linear(bytes, t_us, n);
    if (!f.ok)
        return f;
    double *w = xmalloc_array(n, sizeof *w);
    for (size_t i = 0; i < n; i++)
        w[i] = t_us[i] > 0 ? 1.0 / (t_us[i] * t_us[i]) : 0;
    double c0, c1, cov00, cov01, cov11, chisq;
    gsl_fit_wlinear(bytes, 1, w, 1, t_us, 1, n, &c0, &c1, &cov00, &cov01, &cov11,
                    &chisq);
    free(w);
    f.alpha = f.latency_us = c0;
    f.beta = c1;
    f.bandwidth_mbs = c1 > 0 ? 1.0 / c1 : NAN;
    return f;
}

double mean_relative_error(const double *pred, const double *meas, size_t n,
                           int *used)
{
    double sum = 0;
    *used = 0;
    for (size_t i = 0; i < n; i++)
        if (!isnan(pred[i]) && meas[i] > 0) {
            sum += fabs(pred[i] - meas[i]) / meas[i];
            (*used)++;
        }
    return *used ? sum / *used : NAN;
}

int bsp_meaningless(const struct fit *f, char *why, size_t len)
{
    int neg = f->alpha < 0, loose = !(f->r2 >= BSP_MIN_R2);
    if (!neg && !loose) {
        if (len)
            why[0] = 0;
        return 0;
    }
    snprintf(why, len, "%s%s%s", neg ? "negative l" : "", neg && loose ? ", " : "",
             loose ? "R^2 below 0.5: the times do not follow g h + l" : "");
    return 1;
}

struct fit fit_bsp(const double *h, const double *t_us, size_t n)
{
    struct fit f = fit_linear(h, t_us, n);
    bsp_meaningless(&f, f.flagged, sizeof f.flagged);
    return f;
}

/* the ceil(q n)-th smallest of sorted x[0..n-1], n > 0 */
static double nearest_rank(const double *x, size_t n, double q)
{
    size_t k = (size_t)ceil(q * (double)n);
    return x[k > 0 ? k - 1 : 0];
}

struct tail tail_of(double *x, size_t n)
{
    struct tail t = {NAN, NAN, NAN, NAN, NAN};
    if (n == 0)
        return t;
    qsort(x, n, sizeof *x, cmp_double);
    t.p50 = nearest_rank(x, n, 0.50);
    t.p90 = nearest_rank(x, n, 0.90);
    t.p99 = nearest_rank(x, n, 0.99);
    t.max = x[n - 1];
    t.sd = n > 1 ? gsl_stats_sd(x, 1, n) : 0;
    return t;
}

double slope_per_count(const double *y, size_t n)
{
    double *x = xmalloc_array(n + 1, sizeof *x);
    for (size_t k = 1; k <= n; k++)
        x[k - 1] = (double)k;
    struct fit f = fit_linear(x, y, n);
    free(x);
    return f.ok && f.beta > 0 ? f.beta : 0;
}
