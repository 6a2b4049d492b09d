/* offline_comms.c: a topology's communicators laid out over an offline
 * world's places (--validate --ranks N): each place's colour, the
 * communicators numbered by their lowest rank as world_comms numbers them,
 * their sizes; no MPI_Comm is made.  A graph-shaped topology is taken to
 * get its vtopo (a real run may fall back to the plain communicator).
 * One pass over the ranks, each colour numbered through a hash table: no
 * sort and no array of places, so that millions of ranks lay out in a
 * fraction of a second. */
#include "world/world.h"

#include <stdint.h>
#include <stdlib.h>
#include "base/base.h"

void offline_place(const struct world *w, int r, struct place *p)
{
    int per_node = w->cores > 0 ? (int)w->cores : 1;
    *p = (struct place){.rank = r, .x = r % w->grid[0],
                        .y = (r / w->grid[0]) % w->grid[1],
                        .z = r / (w->grid[0] * w->grid[1]),
                        .dx = w->grid[0], .dy = w->grid[1], .dz = w->grid[2],
                        .node = r / per_node, .core = r % per_node};
}

/* the colours seen so far, by open addressing: colour -> number, in the
 * order of their first (lowest) rank */
struct colours {
    long long *key;
    int *num;                  /* -1: an empty slot */
    size_t cap;                /* a power of two, over twice the count */
    int n;
};

static size_t slot_of(const struct colours *h, long long c)
{
    uint64_t z = (uint64_t)c * 0x9E3779B97F4A7C15ULL;
    size_t i = (size_t)(z ^ (z >> 31)) & (h->cap - 1);
    while (h->num[i] >= 0 && h->key[i] != c)
        i = (i + 1) & (h->cap - 1);
    return i;
}

static void colours_grow(struct colours *h)
{
    struct colours old = *h;
    h->cap = old.cap ? 2 * old.cap : 64;
    h->key = xmalloc_array(h->cap, sizeof *h->key);
    h->num = xmalloc_array(h->cap, sizeof *h->num);
    for (size_t i = 0; i < h->cap; i++)
        h->num[i] = -1;
    for (size_t i = 0; i < old.cap; i++)
        if (old.num[i] >= 0) {
            size_t j = slot_of(h, old.key[i]);
            h->key[j] = old.key[i];
            h->num[j] = old.num[i];
        }
    free(old.key);
    free(old.num);
}

/* colour c's communicator number, a new one (size 0) when c is new */
static int number_of(struct colours *h, long long c, struct topo_comm *tc,
                     size_t *sizes_cap)
{
    if (2 * (size_t)h->n + 2 > h->cap)
        colours_grow(h);
    size_t i = slot_of(h, c);
    if (h->num[i] < 0) {
        if ((size_t)h->n == *sizes_cap) {
            *sizes_cap = *sizes_cap ? 2 * *sizes_cap : 16;
            tc->sizes = xrealloc(tc->sizes, *sizes_cap * sizeof *tc->sizes);
        }
        tc->sizes[h->n] = 0;
        h->key[i] = c;
        h->num[i] = h->n++;
    }
    return h->num[i];
}

/* every rank's colour, numbered; a graph-shaped topology's is 0 */
static void colour_ranks(const struct world *w, struct topo_comm *tc)
{
    struct colours h = {0};
    size_t sizes_cap = 0;
    struct place pl;
    for (int r = 0; r < w->size; r++) {
        long long c = 0;
        if (!tc->topo->vtopo) {
            offline_place(w, r, &pl);
            c = tc->topo->colour(&pl);
        }
        tc->comm_of[r] = c >= 0 ? number_of(&h, c, tc, &sizes_cap) : -1;
        if (c >= 0)
            tc->sizes[tc->comm_of[r]]++;
    }
    tc->n = h.n;
    free(h.key);
    free(h.num);
}

/* a Cartesian vtopo's facts the plan's skips read, as describe_vtopo
 * (comms.c) reads them off the communicator MPI made: a periodic
 * dimension of length 1 or 2 (twice).  The vtopo is the topology's for
 * its first communicator's first rank: the grid's, the same for all.
 * (A distributed graph's uneven degrees would take every rank's edges:
 * not known offline, docs/input.md says so.) */
static void cart_facts(const struct world *w, struct topo_comm *tc,
                       const struct edges *e)
{
    if (!tc->has_vtopo || tc->n == 0)
        return;
    struct vtopo s = {0};
    tc->topo->vtopo(&w->place, 0, tc->sizes[0], e, &s);
    for (int d = 0; s.cart && d < s.ndims && d < 3; d++)
        tc->twice |= s.periods[d] && s.dims[d] <= 2;
    free(s.src);
    free(s.dst);
}

void offline_lay_out(const struct world *w, struct topo_comm *tc,
                     const struct edges *e)
{
    tc->comm = MPI_COMM_NULL;
    tc->has_vtopo = tc->topo->vtopo != NULL;
    tc->comm_of = xmalloc_array((size_t)w->size, sizeof *tc->comm_of);
    tc->sizes = NULL;
    colour_ranks(w, tc);
    if (!tc->sizes)            /* no communicator: an array all the same */
        tc->sizes = xcalloc(1, sizeof *tc->sizes);
    tc->min_size = tc->n ? w->size : 0;
    tc->max_size = 0;
    for (int c = 0; c < tc->n; c++) {
        if (tc->sizes[c] < tc->min_size)
            tc->min_size = tc->sizes[c];
        if (tc->sizes[c] > tc->max_size)
            tc->max_size = tc->sizes[c];
    }
    cart_facts(w, tc, e);
}
