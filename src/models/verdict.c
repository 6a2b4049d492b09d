/* verdict.c: verdicts from an interval, the looks' levels, the launches
 * that would settle a size (verdict.h) */
#include "models/verdict.h"

#include <gsl/gsl_cdf.h>
#include <math.h>

static const char *const names[NVERDICTS] = {"slower", "faster", "no-change", "undecided"};

const char *verdict_name(enum verdict v)
{
    return v >= 0 && v < NVERDICTS ? names[v] : "undecided";
}

enum verdict verdict_of(double lo, double hi, double tol)
{
    if (isnan(lo) || isnan(hi))
        return VERDICT_UNDECIDED;
    if (lo > 1)
        return VERDICT_SLOWER;
    if (hi < 1)
        return VERDICT_FASTER;
    if (lo >= 1 / (1 + tol) && hi <= 1 + tol)
        return VERDICT_NO_CHANGE;
    return VERDICT_UNDECIDED;
}

int beyond_tolerance(double lo, double hi, double tol)
{
    return !isnan(lo) && !isnan(hi) && lo > 1 + tol;
}

/* x lies within [lo, hi] */
static int holds(double lo, double hi, double x)
{
    return lo <= x && x <= hi;
}

int settled(double lo, double hi, double tol)
{
    if (isnan(lo) || isnan(hi) || isinf(hi))
        return 0;
    return !holds(lo, hi, 1 + tol) && !holds(lo, hi, 1 / (1 + tol));
}

double look_alpha(const int *looks, int n, int k, double alpha)
{
    if (n <= 0 || k < 0 || k >= n || looks[n - 1] <= 0)
        return 0;
    double t = (double)looks[k] / looks[n - 1];
    double before = k ? (double)looks[k - 1] / looks[n - 1] : 0;
    return alpha * (t * t - before * before);
}

long launches_to_settle(double ratio, double lo, double hi, size_t na, size_t nb,
                        double tol, double alpha_now, double alpha_then)
{
    if (settled(lo, hi, tol))
        return 0;
    if (!(ratio > 0) || !(lo > 0) || !(hi > 0) || isinf(hi) || !na || !nb ||
        !(alpha_now > 0 && alpha_now < 0.5) || !(alpha_then > 0 && alpha_then < 0.5))
        return -1;
    double d = log(ratio), edge = log(1 + tol);
    double dist = fmin(fabs(d - edge), fabs(d + edge));
    double width = fmax(d - log(lo), log(hi) - d);
    if (dist < 1e-9 * edge || width <= 0)
        return -1;
    double se = width / gsl_cdf_ugaussian_Qinv(alpha_now);
    double need = (gsl_cdf_ugaussian_Qinv(alpha_then) + 0.84) * se / dist;
    double n = 2 / (1.0 / (double)na + 1.0 / (double)nb) * need * need;
    if (n > 100000)
        return 100000;
    return (long)ceil(n);
}
