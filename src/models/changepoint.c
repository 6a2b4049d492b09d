/* changepoint.c: E-Divisive means (changepoint.h) */
#include "models/changepoint.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "base/splitmix.h"

struct change_rule change_rule_default(void)
{
    return (struct change_rule){2, 199, 0.05, 0x6d70676175676553ULL};
}

/* sum of |x_i - x[k]| over i in [from, to) */
static double row_sum(const double *x, int from, int to, int k)
{
    double sum = 0;
    for (int i = from; i < to; i++)
        sum += fabs(x[i] - x[k]);
    return sum;
}

/* the best statistic of the split at tau of the segment [a, kappa) over
 * every right end kappa (Matteson and James's second search: it finds a
 * level that comes and goes, which a split of the whole segment alone
 * can miss), given within_left, the sum over the pairs of x[a..tau) */
static double best_end(const double *x, int a, int tau, int b, int min_size,
                       double within_left)
{
    double nl = tau - a, within_right = 0, across = 0, best = -1;
    for (int kappa = tau + 1; kappa <= b; kappa++) {
        within_right += row_sum(x, tau, kappa - 1, kappa - 1);
        across += row_sum(x, a, tau, kappa - 1);
        double nr = kappa - tau;
        if (nr < min_size)
            continue;
        double e = 2 * across / (nl * nr) - within_left / (nl * (nl - 1) / 2)
                   - within_right / (nr * (nr - 1) / 2);
        double q = nl * nr / (nl + nr) * e;
        if (q > best)
            best = q;
    }
    return best;
}

/* every split tau of x[a..b), each at its best right end */
double best_split(const double *x, int a, int b, int min_size, int *tau)
{
    *tau = -1;
    if (min_size < 2 || b - a < 2 * min_size)
        return -1;
    double best = -1, within_left = 0;
    for (int t = a + 1; t <= b - min_size; t++) {
        within_left += row_sum(x, a, t - 1, t - 1);   /* pairs of x[a..t) */
        if (t - a < min_size)
            continue;
        double q = best_end(x, a, t, b, min_size, within_left);
        if (q > best) {
            best = q;
            *tau = t;
        }
    }
    return best;
}

/* the best split over the segments bounded by cut[0..nc) (0 and n among
 * them, ascending): its statistic, and where */
static double best_over(const double *x, const int *cut, int nc, int min_size, int *tau)
{
    double best = -1;
    *tau = -1;
    for (int s = 0; s + 1 < nc; s++) {
        int t;
        double q = best_split(x, cut[s], cut[s + 1], min_size, &t);
        if (t >= 0 && q > best) {
            best = q;
            *tau = t;
        }
    }
    return best;
}

/* x's points shuffled within each segment (Fisher-Yates) into y */
static void shuffle_within(const double *x, double *y, const int *cut, int nc, uint64_t *rng)
{
    for (int s = 0; s + 1 < nc; s++) {
        int a = cut[s], m = cut[s + 1] - a;
        memcpy(y + a, x + a, (size_t)m * sizeof *y);
        for (int i = m - 1; i > 0; i--) {
            int j = (int)(splitmix_unit(rng) * (i + 1));
            double v = y[a + i];
            y[a + i] = y[a + j];
            y[a + j] = v;
        }
    }
}

/* the permutation p-value of the statistic q over the segments */
static double p_value(const double *x, int n, const int *cut, int nc, double q,
                      const struct change_rule *r, uint64_t *rng)
{
    double *y = xcalloc((size_t)n + 1, sizeof *y);
    int over = 0, t;
    for (int k = 0; k < r->permutations; k++) {
        shuffle_within(x, y, cut, nc, rng);
        over += best_over(y, cut, nc, r->min_size, &t) >= q;
    }
    free(y);
    return (1.0 + over) / (r->permutations + 1.0);
}

static void insert_sorted(int *v, int *n, int value)
{
    int i = *n;
    while (i > 0 && v[i - 1] > value) {
        v[i] = v[i - 1];
        i--;
    }
    v[i] = value;
    (*n)++;
}

int change_points(const double *x, int n, const struct change_rule *r, int *tau,
                  double *p, int max)
{
    int *cut = xcalloc((size_t)n + 2, sizeof *cut), nc = 2, found = 0;
    double *pv = xcalloc((size_t)n + 2, sizeof *pv);
    cut[1] = n;
    uint64_t rng = r->seed;
    while (found < max && n > 0) {
        int t;
        double q = best_over(x, cut, nc, r->min_size, &t);
        if (t < 0)
            break;
        double pt = p_value(x, n, cut, nc, q, r, &rng);
        if (pt > r->alpha)
            break;
        pv[t] = pt;
        insert_sorted(cut, &nc, t);
        found++;
    }
    for (int i = 1; i + 1 < nc; i++) {
        tau[i - 1] = cut[i];
        if (p)
            p[i - 1] = pv[cut[i]];
    }
    free(cut);
    free(pv);
    return found;
}
