/* launch_stats.c: spread over launches and the exact rank test
 * (launch_stats.h) */
#include "models/launch_stats.h"

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdlib.h>
#include "base/base.h"

/* 1 - 2 P(Bin(n, 1/2) <= j - 1): how often [x(j), x(n+1-j)] covers the
 * median of the distribution the launches are drawn from */
static double coverage(size_t j, size_t n)
{
    return 1 - 2 * gsl_cdf_binomial_P((unsigned)(j - 1), 0.5, (unsigned)n);
}

struct launch_spread launch_spread_of(double *x, size_t n)
{
    struct launch_spread s = {.n = n, .median = NAN, .min = NAN, .max = NAN,
                              .cv = NAN, .lo = NAN, .hi = NAN, .coverage = NAN};
    if (n == 0)
        return s;
    gsl_sort(x, 1, n);
    s.median = gsl_stats_median_from_sorted_data(x, 1, n);
    s.min = x[0];
    s.max = x[n - 1];
    if (n < 2)
        return s;
    double mean = gsl_stats_mean(x, 1, n);
    s.cv = mean > 0 ? gsl_stats_sd_m(x, 1, n, mean) / mean : NAN;
    size_t j = 1;
    while (j + 1 <= n / 2 && coverage(j + 1, n) >= 0.95)
        j++;
    s.lo = x[j - 1];
    s.hi = x[n - j];
    s.coverage = coverage(j, n);
    return s;
}

double mann_whitney_u(const double *a, size_t na, const double *b, size_t nb)
{
    double u = 0;
    for (size_t i = 0; i < na; i++)
        for (size_t j = 0; j < nb; j++)
            u += b[j] < a[i] ? 1 : b[j] == a[i] ? 0.5 : 0;
    return u;
}

/* P(U = u) for every u of m a's and n b's: the number of orderings with
 * U = u over C(m+n, m), the counts being the coefficients of the Gaussian binomial [m+n choose m]_q, built as
 * the product over i = 1..m of (1 - q^(n+i)) / (1 - q^i).  Each step keeps
 * a polynomial (the division is exact); doubles hold counts up to C(200,
 * 100) ~ 9e58 with 15 digits, which is all a p-value needs. */
double *mann_whitney_law(size_t m, size_t n)
{
    size_t deg = m * n;
    double *c = xcalloc(deg + 1, sizeof *c);
    c[0] = 1;
    for (size_t i = 1; i <= m; i++) {
        size_t up = n + i;
        for (size_t k = deg; k >= up; k--)      /* times (1 - q^up) */
            c[k] -= c[k - up];
        for (size_t k = i; k <= deg; k++)       /* over (1 - q^i) */
            c[k] += c[k - i];
    }
    double all = 0;
    for (size_t k = 0; k <= deg; k++)
        all += c[k];
    for (size_t k = 0; k <= deg; k++)
        c[k] /= all;
    return c;
}

double mann_whitney_p_at_most(double u, size_t na, size_t nb)
{
    if (na == 0 || nb == 0)
        return 1;
    double whole = ceil(u - 1e-9);
    if (whole < 0)
        return 0;
    if (whole >= (double)(na * nb))
        return 1;
    if (na + nb > 200) {
        double mean = (double)na * (double)nb / 2;
        double sd = sqrt((double)na * (double)nb * (double)(na + nb + 1) / 12);
        return gsl_cdf_ugaussian_P((whole + 0.5 - mean) / sd);
    }
    double *c = mann_whitney_law(na, nb);
    double below = 0;
    for (size_t k = 0; k <= na * nb && (double)k <= whole; k++)
        below += c[k];
    free(c);
    return below;
}

double mann_whitney_min_p(size_t na, size_t nb)
{
    return exp(-gsl_sf_lnchoose((unsigned)(na + nb), (unsigned)na));
}
