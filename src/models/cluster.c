/* cluster.c: Sparse Spatial Selection (Brisaboa et al., as Meyer's thesis
 * uses it in section 7.2).  The number of groups is not given: it follows
 * from how far apart the ranks are compared with the largest distance.
 * The thesis recurses into the groups; on its platforms (and ours) the
 * level below a node was not consistent from run to run, so this stops
 * at one level: groups of ranks, then their pivots. */
#include "models/cluster.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double dist(const double *d, int p, int i, int j)
{
    if (i == j)
        return 0;
    double a = d[(size_t)i * p + j], b = d[(size_t)j * p + i];
    if (isnan(a))
        return isnan(b) ? 0 : b;
    return isnan(b) ? a : (a + b) / 2;
}

int sss_cluster(const double *d, int p, double sparseness, int *group, int *pivot)
{
    double diameter = 0;
    for (int i = 0; i < p; i++)
        for (int j = i + 1; j < p; j++)
            diameter = fmax(diameter, dist(d, p, i, j));
    int n = 0;
    for (int i = 0; i < p; i++) {
        int far = 1;
        for (int g = 0; g < n && far; g++)
            far = dist(d, p, i, pivot[g]) > sparseness * diameter;
        if (far)
            pivot[n++] = i;
    }
    /* every rank its own pivot: no rank is near another compared with
     * the diameter (costs all alike), which is no structure: one group */
    if (n == p && p > 1)
        n = 1;
    for (int i = 0; i < p; i++) {
        int best = 0;
        for (int g = 1; g < n; g++)
            if (dist(d, p, i, pivot[g]) < dist(d, p, i, pivot[best]))
                best = g;
        group[i] = best;
    }
    for (int g = 0; g < n; g++)      /* a pivot is in its own group */
        group[pivot[g]] = g;
    return n;
}

/* 1 when a rank with rank i's value of a has another value of b (*other) */
static int spans(const int *a, const int *b, int p, int i, int *other)
{
    for (int j = 0; j < p; j++)
        if (a[j] == a[i] && b[j] != b[i]) {
            *other = b[j];
            return 1;
        }
    return 0;
}

/* one sentence per value of `a` whose ranks are split by `b`, said once */
static int split_sentences(const int *a, const int *b, int p, const char *what_a,
                           const char *what_b, char *out, int len)
{
    int count = 0;
    for (int i = 0; i < p; i++) {
        int first = 1, other;
        for (int j = 0; j < i && first; j++)
            first = a[j] != a[i];
        if (!first || !spans(a, b, p, i, &other))
            continue;
        size_t used = strlen(out);
        snprintf(out + used, (size_t)len - used, "%s%s %d spans %ss %d and %d",
                 used ? "; " : "", what_a, a[i], what_b, b[i], other);
        count++;
    }
    return count;
}

int cluster_disagreements(const int *group, const int *hw, int p, char *out,
                          int len)
{
    if (len > 0)
        out[0] = 0;
    return split_sentences(group, hw, p, "group", "node", out, len) +
           split_sentences(hw, group, p, "node", "group", out, len);
}
