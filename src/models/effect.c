/* effect.c: the ratio B/A with its distribution-free interval (effect.h) */
#include "models/effect.h"

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sort.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "models/launch_stats.h"

/* the exact laws are kept while a stratum has at most this many values
 * (doubles hold its counts of orderings: launch_stats.c) */
enum { EXACT_MAX = 200 };

void rank_law_of(struct rank_law *law, const struct stratum *st, size_t ns)
{
    memset(law, 0, sizeof *law);
    int exact = 1;
    double var = 0;
    for (size_t i = 0; i < ns; i++) {
        double m = (double)st[i].na, n = (double)st[i].nb;
        law->max += st[i].na * st[i].nb;
        law->mean += m * n / 2;
        var += m * n * (m + n + 1) / 12;
        exact = exact && st[i].na + st[i].nb <= EXACT_MAX;
    }
    law->sd = sqrt(var);
    if (!exact)
        return;
    /* the density of the sum, one stratum at a time */
    double *p = xcalloc(law->max + 1, sizeof *p);
    size_t top = 0;
    p[0] = 1;
    for (size_t i = 0; i < ns; i++) {
        size_t span = st[i].na * st[i].nb;
        if (!span)
            continue;
        double *u = mann_whitney_law(st[i].na, st[i].nb);
        double *q = xcalloc(top + span + 1, sizeof *q);
        for (size_t s = 0; s <= top; s++)
            for (size_t k = 0; k <= span; k++)
                q[s + k] += p[s] * u[k];
        top += span;
        memcpy(p, q, (top + 1) * sizeof *p);
        free(q);
        free(u);
    }
    law->cdf = p;
    for (size_t s = 1; s <= law->max; s++)
        law->cdf[s] += law->cdf[s - 1];
}

void rank_law_free(struct rank_law *law)
{
    free(law->cdf);
    memset(law, 0, sizeof *law);
}

double rank_law_at_most(const struct rank_law *law, long s)
{
    if (s < 0)
        return 0;
    if ((size_t)s >= law->max)
        return 1;
    if (law->cdf)
        return law->cdf[s];
    return gsl_cdf_ugaussian_P(((double)s + 0.5 - law->mean) / law->sd);
}

long rank_law_critical(const struct rank_law *law, double alpha)
{
    if (law->max == 0)
        return -1;
    if (!law->cdf) {
        long c = (long)floor(law->mean - 0.5 + law->sd * gsl_cdf_ugaussian_Pinv(alpha));
        while (c >= 0 && rank_law_at_most(law, c) > alpha)   /* rounding */
            c--;
        return c < 0 ? -1 : c;
    }
    long c = -1;
    while ((size_t)(c + 1) < law->max && law->cdf[c + 1] <= alpha * (1 + 1e-12))
        c++;
    return c;
}

/* the pairwise ratios b / a within each stratum, sorted; their number */
static double *pairwise_ratios(const struct stratum *st, size_t ns, size_t *n)
{
    *n = 0;
    for (size_t i = 0; i < ns; i++)
        *n += st[i].na * st[i].nb;
    double *r = xcalloc(*n + 1, sizeof *r);
    size_t k = 0;
    for (size_t i = 0; i < ns; i++)
        for (size_t x = 0; x < st[i].na; x++)
            for (size_t y = 0; y < st[i].nb; y++)
                r[k++] = st[i].b[y] / st[i].a[x];
    gsl_sort(r, 1, *n);
    return r;
}

void effect_of(const struct stratum *st, size_t ns, double alpha, struct effect *e)
{
    memset(e, 0, sizeof *e);
    e->ratio = e->lo = e->hi = e->level = NAN;
    e->c = -1;
    size_t n;
    double *r = pairwise_ratios(st, ns, &n);
    e->pairs = n;
    if (n) {
        e->ratio = n % 2 ? r[n / 2] : (r[n / 2 - 1] + r[n / 2]) / 2;
        struct rank_law law;
        rank_law_of(&law, st, ns);
        e->c = rank_law_critical(&law, alpha);
        size_t c = e->c < 0 ? 0 : (size_t)e->c;
        e->lo = r[c];
        e->hi = r[n - 1 - c];
        e->level = rank_law_at_most(&law, e->c < 0 ? 0 : e->c);
        rank_law_free(&law);
    }
    free(r);
}
