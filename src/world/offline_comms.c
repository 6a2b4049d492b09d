/* offline_comms.c: a topology's communicators laid out over an offline
 * world's places (--validate --ranks N): each place's colour, the
 * communicators numbered by their lowest rank as world_comms numbers them,
 * their sizes; no MPI_Comm is made.  A graph-shaped topology is taken to
 * get its shape (a real run may fall back to the plain communicator). */
#include "world/world.h"

#include <stdlib.h>
#include "base/base.h"

struct member {
    long long colour;
    int rank;
};

static int by_colour_then_rank(const void *a, const void *b)
{
    const struct member *x = a, *y = b;
    if (x->colour != y->colour)
        return x->colour < y->colour ? -1 : 1;
    return (x->rank > y->rank) - (x->rank < y->rank);
}

/* groups of one colour, sorted; each group's number is how many groups
 * begin at a lower rank (the lowest-rank order of world_comms) */
static void number_groups(const struct member *m, int n, int p, struct topo_comm *tc)
{
    char *starts = xcalloc((size_t)p + 1, 1);   /* rank r begins a group */
    for (int i = 0; i < n; i++)
        if (i == 0 || m[i].colour != m[i - 1].colour)
            starts[m[i].rank] = 1;
    int *number = xmalloc_array((size_t)p + 1, sizeof *number);
    for (int r = 0; r < p; r++)
        number[r] = starts[r] ? tc->n++ : -1;
    for (int i = 0, first = -1; i < n; i++) {
        if (i == 0 || m[i].colour != m[i - 1].colour)
            first = m[i].rank;
        tc->comm_of[m[i].rank] = number[first];
        tc->sizes[number[first]]++;
    }
    free(starts);
    free(number);
}

void offline_lay_out(const struct world *w, struct topo_comm *tc)
{
    int p = w->size, n = 0;
    struct member *m = xmalloc_array((size_t)p + 1, sizeof *m);
    tc->comm = MPI_COMM_NULL;
    tc->shaped = tc->topo->shape != NULL;
    tc->comm_of = xmalloc_array((size_t)p, sizeof *tc->comm_of);
    tc->sizes = xcalloc((size_t)p + 1, sizeof *tc->sizes);
    for (int r = 0; r < p; r++) {
        long long c = tc->topo->shape ? 0 : tc->topo->colour(&w->places[r]);
        tc->comm_of[r] = -1;
        if (c >= 0)
            m[n++] = (struct member){c, r};
    }
    qsort(m, (size_t)n, sizeof *m, by_colour_then_rank);
    tc->n = 0;
    number_groups(m, n, p, tc);
    tc->min_size = tc->n ? p : 0;
    tc->max_size = 0;
    for (int c = 0; c < tc->n; c++) {
        if (tc->sizes[c] < tc->min_size)
            tc->min_size = tc->sizes[c];
        if (tc->sizes[c] > tc->max_size)
            tc->max_size = tc->sizes[c];
    }
    free(m);
}
