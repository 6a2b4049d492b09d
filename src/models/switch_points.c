/* switch_points.c: segmented least squares over a curve's sizes
 * (switch_points.h) */
#include "models/switch_points.h"

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_fit.h>
#include <math.h>
#include <stdlib.h>

struct curve {
    const double *x, *y;
    double *w;                      /* 1 / sigma^2 */
};

struct line {
    double a, b, se_b, chisq;
};

/* the weighted line through points [from, to) */
static struct line line_of(const struct curve *c, size_t from, size_t to)
{
    struct line l;
    double cov00, cov01, cov11;
    size_t m = to - from;
    gsl_fit_wlinear(c->x + from, 1, c->w + from, 1, c->y + from, 1, m, &l.a, &l.b, &cov00,
                    &cov01, &cov11, &l.chisq);
    double scale = m > 2 ? l.chisq / (double)(m - 2) : 1;
    l.se_b = sqrt(cov11 * (scale > 1 ? scale : 1));
    return l;
}

/* the best split of [from, to): its lower side's last index, or -1 where
 * the segment is too short or no split changes the slope enough */
static long best_split(const struct curve *c, size_t from, size_t to, struct switch_point *sp)
{
    long best = -1;
    double least = INFINITY;
    if (to - from < 2 * SWITCH_MIN_POINTS)
        return -1;
    double one = line_of(c, from, to).chisq;
    for (size_t k = from + SWITCH_MIN_POINTS - 1; k + SWITCH_MIN_POINTS < to; k++) {
        struct line lo = line_of(c, from, k + 1), hi = line_of(c, k + 1, to);
        if (lo.chisq + hi.chisq >= least)
            continue;
        least = lo.chisq + hi.chisq;
        best = (long)k;
        *sp = (struct switch_point){.below = k, .below_bytes = c->x[k],
                                    .above_bytes = c->x[k + 1], .a_below = lo.a,
                                    .slope_below = lo.b, .a_above = hi.a, .slope_above = hi.b,
                                    .z = fabs(hi.b - lo.b) /
                                         sqrt(lo.se_b * lo.se_b + hi.se_b * hi.se_b)};
    }
    /* F: the chi-square the second line takes away, per parameter it adds
     * (2), over what is left per degree of freedom, or over 1 where the
     * two lines lie within the points' intervals (the noise is then the
     * intervals' own) */
    double left = least / (double)(to - from - 4);
    sp->f = (one - least) / 2 / (left > 1 ? left : 1);
    /* the best of (to - from - 2 SWITCH_MIN_POINTS + 1) splits: Bonferroni */
    double splits = (double)(to - from - 2 * SWITCH_MIN_POINTS + 1);
    sp->f_crit = gsl_cdf_fdist_Qinv(SWITCH_ALPHA / splits, 2, (double)(to - from - 4));
    return best >= 0 && sp->f > sp->f_crit ? best : -1;
}

/* binary segmentation of [from, to): the switches found, appended */
static void segment(const struct curve *c, size_t from, size_t to, struct switch_point *out,
                    int most, int *n)
{
    struct switch_point sp;
    if (*n >= most || best_split(c, from, to, &sp) < 0)
        return;
    out[(*n)++] = sp;
    segment(c, from, sp.below + 1, out, most, n);
    segment(c, sp.below + 1, to, out, most, n);
}

static int by_place(const void *a, const void *b)
{
    const struct switch_point *p = a, *q = b;
    return (p->below > q->below) - (p->below < q->below);
}

/* each switch's two lines again over the final segments: from the
 * switch before (or the first point) to it, and from it to the next (or
 * the last point) */
static void restate(const struct curve *c, size_t n, struct switch_point *sp, int found)
{
    for (int i = 0; i < found; i++) {
        size_t from = i ? sp[i - 1].below + 1 : 0, to = i + 1 < found ? sp[i + 1].below + 1 : n;
        struct line lo = line_of(c, from, sp[i].below + 1), hi = line_of(c, sp[i].below + 1, to);
        sp[i].a_below = lo.a, sp[i].slope_below = lo.b;
        sp[i].a_above = hi.a, sp[i].slope_above = hi.b;
        sp[i].z = fabs(hi.b - lo.b) / sqrt(lo.se_b * lo.se_b + hi.se_b * hi.se_b);
    }
}

int switch_points(const double *bytes, const double *t, const double *lo, const double *hi,
                  size_t n, struct switch_point *out, int most)
{
    if (n < 2 * SWITCH_MIN_POINTS || most <= 0)
        return 0;
    double *w = malloc(n * sizeof *w);
    if (!w)
        return 0;
    for (size_t i = 0; i < n; i++) {
        double s = SWITCH_FLOOR * fabs(t[i]);
        if (lo && hi && isfinite(lo[i]) && isfinite(hi[i]) && (hi[i] - lo[i]) / 3.92 > s)
            s = (hi[i] - lo[i]) / 3.92;
        w[i] = s > 0 ? 1 / (s * s) : 1e12;
    }
    struct curve c = {bytes, t, w};
    int found = 0;
    segment(&c, 0, n, out, most, &found);
    qsort(out, (size_t)found, sizeof *out, by_place);
    restate(&c, n, out, found);
    free(w);
    return found;
}
