/* param_drift.c: the parameters' drift and the matrices it moves
 * (param_drift.h) */
#include "models/param_drift.h"

#include <math.h>
#include <stdlib.h>
#include "base/base.h"
#include "models/param_files.h"
#include "models/stats.h"

double drift_median(const double *first, const double *again, int n)
{
    double *rel = xmalloc_array((size_t)n + 1, sizeof *rel);
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (!isfinite(first[i]) || !isfinite(again[i]))
            continue;
        if (first[i] != 0)
            rel[k++] = fabs(again[i] - first[i]) / fabs(first[i]);
        else if (again[i] == 0)
            rel[k++] = 0;
    }
    double m = k ? median_of(rel, (size_t)k) : NAN;
    free(rel);
    return m;
}

int drift_moves(const struct params *pm, int f)
{
    return pm->m[f] && param_files[f].cells == CELLS_PAIR && isfinite(pm->drift[f]);
}

struct params params_moved(const struct params *pm, double sign)
{
    struct params moved = *pm;
    size_t n = (size_t)pm->p * (size_t)pm->p;
    for (int f = 0; f < PF_MODEL_COUNT; f++) {
        if (!drift_moves(pm, f))
            continue;
        const double *from = pm->m[f];
        double *to = xmalloc_array(n, sizeof *to), by = 1 + sign * pm->drift[f];
        for (size_t i = 0; i < n; i++)
            to[i] = from[i] * (by > 0 ? by : 0);
        moved.m[f] = to;
    }
    return moved;
}

void params_moved_free(struct params *moved)
{
    for (int f = 0; f < PF_MODEL_COUNT; f++)
        if (drift_moves(moved, f))
            free(moved->m[f]);
}

void drift_interval(const struct params *pm, double typical,
                    double (*predict)(void *ctx, const struct params *moved), void *ctx,
                    double *lo, double *hi)
{
    int any = 0;
    for (int f = 0; f < PF_MODEL_COUNT; f++)
        any |= drift_moves(pm, f);
    if (!any)
        return;
    struct params low = params_moved(pm, -1), high = params_moved(pm, 1);
    double a = predict(ctx, &low), b = predict(ctx, &high);
    *lo = fmin(typical, fmin(a, b));
    *hi = fmax(typical, fmax(a, b));
    params_moved_free(&low);
    params_moved_free(&high);
}
