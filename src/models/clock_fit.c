/* clock_fit.c: the least-squares line of a rank's clock offsets over
 * time, and the conversions it implies (clock_fit.h) */
#include "models/clock_fit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_fit.h>
#include "base/base.h"

int clock_quick(double rtt, double best)
{
    return rtt <= 2 * best + CLOCK_SLACK_S;
}

/* the quick samples into x, y (x relative to their mean, returned in
 * *mean); returns how many */
static int keep_quick(const double *t, const double *off, const double *rtt, int n,
                      double best, double *x, double *y, double *mean)
{
    int m = 0;
    double sum = 0;
    for (int i = 0; i < n; i++) {
        if (!clock_quick(rtt[i], best))
            continue;
        x[m] = t[i];
        y[m++] = off[i];
        sum += t[i];
    }
    *mean = sum / m;
    for (int i = 0; i < m; i++)
        x[i] -= *mean;
    return m;
}

/* the quickest sample's offset, no drift */
static void fit_one(const double *t, const double *off, const double *rtt, int n,
                    struct clock_line *f)
{
    int best = 0;
    for (int i = 1; i < n; i++)
        if (rtt[i] < rtt[best])
            best = i;
    f->t_ref = t[best];
    f->offset = off[best];
}

int clock_fit(const double *t, const double *off, const double *rtt, int n,
              struct clock_line *f)
{
    memset(f, 0, sizeof *f);
    f->rtt = INFINITY;
    for (int i = 0; i < n; i++)
        f->rtt = fmin(f->rtt, rtt[i]);
    double *x = xmalloc_array((size_t)n, sizeof *x);
    double *y = xmalloc_array((size_t)n, sizeof *y);
    int m = keep_quick(t, off, rtt, n, f->rtt, x, y, &f->t_ref);
    f->used = m;
    f->dropped = n - m;
    if (m < 3) {
        fit_one(t, off, rtt, n, f);
        f->used = 1;
        f->dropped = n - 1;
    } else {
        double c0, c1, cov00, cov01, cov11, ss;
        gsl_fit_linear(x, 1, y, 1, (size_t)m, &c0, &c1, &cov00, &cov01, &cov11, &ss);
        f->offset = c0;
        f->drift = c1;
        f->se_offset = sqrt(cov00);
        f->se_drift = sqrt(cov11);
        for (int i = 0; i < m; i++)
            f->max_residual = fmax(f->max_residual, fabs(y[i] - c0 - c1 * x[i]));
    }
    free(x);
    free(y);
    return f->used;
}

double clock_local(const struct clock_line *f, double T)
{
    return T + f->offset + f->drift * (T - f->t_ref);
}

double clock_global(const struct clock_line *f, double L)
{
    return f->t_ref + (L - f->t_ref - f->offset) / (1 + f->drift);
}

double clock_error(const struct clock_line *f, double T)
{
    return f->se_offset + f->se_drift * fabs(T - f->t_ref);
}

void clock_compose(const struct clock_line *a, const struct clock_line *b,
                   struct clock_line *out)
{
    struct clock_line c = *b;
    double T = clock_global(a, b->t_ref);   /* b's centre on rank 0's clock */
    c.t_ref = T;
    c.offset = (b->t_ref - T) + b->offset;  /* a's offset at T, then b's */
    c.drift = a->drift + b->drift + a->drift * b->drift;
    c.se_offset = hypot(clock_error(a, T), b->se_offset);
    c.se_drift = hypot(a->se_drift, b->se_drift);
    c.max_residual = a->max_residual + b->max_residual;
    c.rtt = a->rtt + b->rtt;
    /* the fewer of its two fits' samples (a with none is the reference,
     * rank 0's exact line): below 3, one of them is an offset alone
     * (clock_fit's fallback), and so is the composed drift */
    if (a->used > 0 && a->used < b->used)
        c.used = a->used;
    *out = c;
}
