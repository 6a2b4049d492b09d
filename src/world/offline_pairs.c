/* offline_pairs.c: the pairs a point-to-point criterion keeps in each
 * communicator of an offline world (--validate --ranks N), counted by
 * arithmetic on the sizes or by one pass over the ranks, never pair by
 * pair: every pair of 10 million ranks is 5e13 calls of keep.  Each count
 * is made once per topology and criterion and kept in its topo_comm.
 * The passes use the offline layout (offline_place): rank r is grid point
 * x + dx (y + dy z), and a node is a run of consecutive ranks. */
#include "world/world.h"

#include <stdlib.h>
#include "base/base.h"

/* pairs of each communicator's ranks on one node: a node's ranks are
 * consecutive, so a communicator's are too, and each new rank pairs with
 * those of its communicator seen before it on its node */
static void same_node(const struct world *w, const struct topo_comm *tc, long *kept)
{
    int per_node = w->cores > 0 ? (int)w->cores : 1;
    int *last = xmalloc_array((size_t)tc->n + 1, sizeof *last);
    int *run = xcalloc((size_t)tc->n + 1, sizeof *run);
    for (int c = 0; c < tc->n; c++)
        last[c] = -1;
    for (int r = 0; r < w->size; r++) {
        int c = tc->comm_of[r], node = r / per_node;
        if (c < 0)
            continue;
        if (last[c] != node) {
            last[c] = node;
            run[c] = 0;
        }
        kept[c] += run[c]++;
    }
    free(last);
    free(run);
}

/* grid neighbours in one communicator: each rank and the next along x,
 * y and z (one step along one axis, as registry/pairs.c's neighbours) */
static void neighbours(const struct world *w, const struct topo_comm *tc, long *kept)
{
    int dx = w->grid[0], dy = w->grid[1], dz = w->grid[2];
    long plane = (long)dx * dy;
    int x = 0, y = 0, z = 0;
    for (int r = 0; r < w->size; r++) {
        int c = tc->comm_of[r];
        if (c >= 0) {
            kept[c] += x + 1 < dx && tc->comm_of[r + 1] == c;
            kept[c] += y + 1 < dy && tc->comm_of[r + dx] == c;
            kept[c] += z + 1 < dz && tc->comm_of[r + plane] == c;
        }
        if (++x == dx) {
            x = 0;
            if (++y == dy) {
                y = 0;
                z++;
            }
        }
    }
}

/* a criterion without arithmetic: its keep over every pair of every
 * communicator, the members in rank order (as the communicators rank
 * them offline) */
static void enumerate(const struct world *w, const struct topo_comm *tc,
                      const struct pair_filter *pf, long *kept)
{
    int *start = xcalloc((size_t)tc->n + 1, sizeof *start);
    int *at = xcalloc((size_t)tc->n + 1, sizeof *at);
    int *members = xmalloc_array((size_t)w->size + 1, sizeof *members);
    for (int c = 0; c < tc->n; c++)
        start[c + 1] = start[c] + tc->sizes[c];
    for (int r = 0; r < w->size; r++)
        if (tc->comm_of[r] >= 0)
            members[start[tc->comm_of[r]] + at[tc->comm_of[r]]++] = r;
    free(at);
    for (int c = 0; c < tc->n; c++) {
        const int *m = members + start[c];
        for (int i = 0; i < tc->sizes[c]; i++)
            for (int j = i + 1; j < tc->sizes[c]; j++) {
                struct place a, b;
                offline_place(w, m[i], &a);
                offline_place(w, m[j], &b);
                kept[c] += pf->keep(&a, &b, i, j);
            }
    }
    free(start);
    free(members);
}

const long *offline_pairs(const struct world *w, struct topo_comm *tc,
                          const struct pair_filter *pf)
{
    enum pair_count k = pf->count;
    if (k != PAIRS_ENUMERATE && tc->pairs[k])
        return tc->pairs[k];
    long *kept = xcalloc((size_t)tc->n + 1, sizeof *kept);
    if (k == PAIRS_ENUMERATE) {
        free(tc->pairs[k]);    /* criteria differ: counted anew each time */
        enumerate(w, tc, pf, kept);
    } else if (k == PAIRS_NEIGHBOURS)
        neighbours(w, tc, kept);
    else if (k == PAIRS_SAME_NODE)
        same_node(w, tc, kept);
    for (int c = 0; c < tc->n; c++) {
        long m = tc->sizes[c];
        if (k == PAIRS_ALL)
            kept[c] = m * (m - 1) / 2;
        else if (k == PAIRS_RANK0)
            kept[c] = m - 1;
    }
    if (k == PAIRS_CROSS_NODE) {
        const struct pair_filter same = {.count = PAIRS_SAME_NODE};
        const long *s = offline_pairs(w, tc, &same);
        for (int c = 0; c < tc->n; c++)
            kept[c] = (long)tc->sizes[c] * (tc->sizes[c] - 1) / 2 - s[c];
    }
    tc->pairs[k] = kept;
    return kept;
}
