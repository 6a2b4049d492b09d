/* comms.c: the communicators each topology's colour function makes (and,
 * for a graph-shaped topology, the Cartesian or distributed-graph
 * communicator its vtopo function describes), built once per topology and
 * kept by the world for the whole run. */
#include "world/world.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "base/smpi.h"

/* every communicator's size, announced by its rank 0, in the order of
 * their lowest world ranks */
static void count_sizes(const struct world *w, struct topo_comm *tc, int size,
                        int crank)
{
    int mine = crank == 0 ? size : 0;
    int *all = xmalloc_array((size_t)w->size, sizeof *all);
    MPI_Allgather(&mine, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD);
    tc->sizes = xmalloc_array((size_t)w->size, sizeof *tc->sizes);
    tc->n = 0;
    tc->min_size = w->size;
    tc->max_size = 0;
    for (int r = 0; r < w->size; r++) {
        if (!all[r])
            continue;
        tc->sizes[tc->n++] = all[r];
        if (all[r] < tc->min_size)
            tc->min_size = all[r];
        if (all[r] > tc->max_size)
            tc->max_size = all[r];
    }
    if (tc->n == 0)
        tc->min_size = 0;
    free(all);
}

static int by_value(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return x < y ? -1 : x > y;
}

/* 1 when every rank of plain holds its own point of the grid and every
 * point is held (MPI_Cart_create numbers ranks by point); else 0 and why */
static int grid_filled(MPI_Comm plain, const struct vtopo *s, char *why,
                       size_t len)
{
    int size;
    MPI_Comm_size(plain, &size);
    long long cells = 1;
    for (int d = 0; d < s->ndims; d++)
        cells *= s->dims[d];
    long long *keys = xmalloc_array((size_t)size, sizeof *keys);
    MPI_Allgather(&s->key, 1, MPI_LONG_LONG, keys, 1, MPI_LONG_LONG, plain);
    qsort(keys, (size_t)size, sizeof *keys, by_value);
    int distinct = 0;
    for (int r = 0; r < size; r++)
        if (keys[r] >= 0 && keys[r] < cells && (r == 0 || keys[r] != keys[r - 1]))
            distinct++;
    free(keys);
    if (cells == size && distinct == size)
        return 1;
    snprintf(why, len, "needs one rank on every point of the grid; %d ranks hold "
             "%d of its %lld points (see --grid, --coords)", size, distinct, cells);
    return 0;
}

static MPI_Comm make_cart(MPI_Comm plain, const struct vtopo *s, char *why,
                          size_t len)
{
    if (!grid_filled(plain, s, why, len))
        return MPI_COMM_NULL;
    MPI_Comm ordered, cart;
    MPI_Comm_split(plain, 0, (int)s->key, &ordered);
    MPI_Cart_create(ordered, s->ndims, s->dims, s->periods, 0, &cart);
    MPI_Comm_free(&ordered);
    return cart;
}

/* MPI_UNWEIGHTED, read through a volatile: Open MPI defines it as a small
 * constant pointer, which gcc would take for an empty array and warn that
 * MPI reads past its end */
static int *unweighted(void)
{
    static int *volatile w;
    w = MPI_UNWEIGHTED;
    return w;
}

static MPI_Comm make_graph(MPI_Comm plain, const struct vtopo *s)
{
    MPI_Comm graph;
    MPI_Dist_graph_create_adjacent(plain, s->nsrc, s->src, unweighted(),
                                   s->ndst, s->dst, unweighted(),
                                   MPI_INFO_NULL, 0, &graph);
    return graph;
}

/* replaces tc->comm by its Cartesian or graph form, or leaves it plain
 * and says why in tc->why (every rank of the world agrees on which) */
static void vtopo_comm(const struct world *w, struct topo_comm *tc,
                       const struct edges *e)
{
    MPI_Comm vcomm = MPI_COMM_NULL;
    if (tc->comm != MPI_COMM_NULL) {
        int rank, size;
        MPI_Comm_rank(tc->comm, &rank);
        MPI_Comm_size(tc->comm, &size);
        struct vtopo s = {0};
        tc->topo->vtopo(&w->place, rank, size, e, &s);
        if (s.cart)
            vcomm = make_cart(tc->comm, &s, tc->why, sizeof tc->why);
        else if (MPIGAUGE_SMPI)    /* SMPI 3.32 aborts in the dist-graph calls */
            snprintf(tc->why, sizeof tc->why, "needs MPI_Dist_graph_create_adjacent, "
                     "which SimGrid's SMPI 3.32 does not implement");
        else
            vcomm = make_graph(tc->comm, &s);
        free(s.src);
        free(s.dst);
    }
    int bad = tc->comm != MPI_COMM_NULL && vcomm == MPI_COMM_NULL;
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (bad) {
        if (vcomm != MPI_COMM_NULL)
            MPI_Comm_free(&vcomm);
        if (!tc->why[0])
            snprintf(tc->why, sizeof tc->why, "could not be made on every rank");
        return;
    }
    if (tc->comm != MPI_COMM_NULL)
        MPI_Comm_free(&tc->comm);
    tc->comm = vcomm;
    tc->has_vtopo = 1;
}

/* "Cartesian 2x2, periodic" or "distributed graph: 6 edges, ..." in
 * tc->vtopo_text; collective over the world */
static void describe_vtopo(struct topo_comm *tc)
{
    int kind = MPI_UNDEFINED, deg[4] = {0, 0, 0, 0};   /* -in, in, -out, out */
    /* SMPI 3.32 aborts in MPI_Topo_test; its shaped communicators are
     * all Cartesian (vtopo_comm) */
    if (tc->comm != MPI_COMM_NULL && MPIGAUGE_SMPI)
        kind = tc->has_vtopo ? MPI_CART : MPI_UNDEFINED;
    else if (tc->comm != MPI_COMM_NULL)
        MPI_Topo_test(tc->comm, &kind);
    if (kind == MPI_CART) {
        int nd, dims[3], periods[3], coords[3];
        MPI_Cartdim_get(tc->comm, &nd);
        MPI_Cart_get(tc->comm, nd, dims, periods, coords);
        int n = snprintf(tc->vtopo_text, sizeof tc->vtopo_text, "Cartesian %d", dims[0]);
        for (int d = 1; d < nd && n > 0 && (size_t)n < sizeof tc->vtopo_text; d++)
            n += snprintf(tc->vtopo_text + n, sizeof tc->vtopo_text - (size_t)n, "x%d", dims[d]);
        for (int d = 0; d < nd; d++)
            tc->twice |= periods[d] && dims[d] <= 2;
        if (n > 0 && (size_t)n < sizeof tc->vtopo_text)
            snprintf(tc->vtopo_text + n, sizeof tc->vtopo_text - (size_t)n, " (slowest first), %s",
                     periods[0] ? "periodic" : "not periodic: MPI_PROC_NULL beyond the edges");
    }
    if (kind == MPI_DIST_GRAPH) {
        int in, out, weighted;
        MPI_Dist_graph_neighbors_count(tc->comm, &in, &out, &weighted);
        deg[0] = -in, deg[1] = in, deg[2] = -out, deg[3] = out;
    }
    int edges = deg[3];
    tc->uneven = deg[1] != deg[3];
    MPI_Allreduce(MPI_IN_PLACE, &tc->uneven, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, deg, 4, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, &edges, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (kind == MPI_DIST_GRAPH)
        snprintf(tc->vtopo_text, sizeof tc->vtopo_text, "distributed graph: %d edges, in-degree "
                 "%d to %d, out-degree %d to %d", edges, -deg[0], deg[1], -deg[2], deg[3]);
}

/* which communicator every world rank is in: each communicator is known
 * by its rank 0's world rank, and numbered in that order (as sizes) */
static void index_comms(const struct world *w, struct topo_comm *tc)
{
    int leader = w->rank;
    if (tc->comm != MPI_COMM_NULL)
        MPI_Bcast(&leader, 1, MPI_INT, 0, tc->comm);
    else
        leader = -1;
    int *leaders = xmalloc_array((size_t)w->size, sizeof *leaders);
    MPI_Allgather(&leader, 1, MPI_INT, leaders, 1, MPI_INT, MPI_COMM_WORLD);
    int *index = xmalloc_array((size_t)w->size, sizeof *index);
    for (int r = 0, n = 0; r < w->size; r++)
        index[r] = leaders[r] == r ? n++ : -1;
    tc->comm_of = xmalloc_array((size_t)w->size, sizeof *tc->comm_of);
    for (int r = 0; r < w->size; r++)
        tc->comm_of[r] = leaders[r] >= 0 ? index[leaders[r]] : -1;
    free(leaders);
    free(index);
}

/* this rank's colour as a small int: the 64-bit colours of all ranks
 * numbered in order (MPI_UNDEFINED for a rank that sits out) */
static int dense_colour(const struct world *w, const struct topology *t)
{
    long long mine = t->colour(&w->place);
    long long *all = xmalloc_array((size_t)w->size, sizeof *all);
    MPI_Allgather(&mine, 1, MPI_LONG_LONG, all, 1, MPI_LONG_LONG, MPI_COMM_WORLD);
    qsort(all, (size_t)w->size, sizeof *all, by_value);
    int index = 0;
    for (int r = 0; r < w->size && all[r] < mine; r++)
        if (all[r] >= 0 && (r == 0 || all[r] != all[r - 1]))
            index++;
    free(all);
    return mine < 0 ? MPI_UNDEFINED : index;
}

static void build(const struct world *w, struct topo_comm *tc,
                  const struct edges *e)
{
    MPI_Comm_split(MPI_COMM_WORLD, dense_colour(w, tc->topo), w->rank, &tc->comm);
    if (tc->topo->vtopo)
        vtopo_comm(w, tc, e);
    if (tc->has_vtopo)
        describe_vtopo(tc);
    int size = 0, crank = -1;
    if (tc->comm != MPI_COMM_NULL) {
        MPI_Comm_size(tc->comm, &size);
        MPI_Comm_rank(tc->comm, &crank);
        tc->places = xmalloc_array((size_t)size, sizeof *tc->places);
        MPI_Allgather(&w->place, (int)sizeof w->place, MPI_BYTE, tc->places,
                      (int)sizeof w->place, MPI_BYTE, tc->comm);
    }
    count_sizes(w, tc, size, crank);
    index_comms(w, tc);
}

struct topo_comm *world_comms(struct world *w, const struct topology *t,
                              const char *file, const struct edges *edges)
{
    if (!file)
        file = "";
    for (int i = 0; i < w->ncomms; i++)
        if (w->comms[i]->topo == t && strcmp(w->comms[i]->file, file) == 0)
            return w->comms[i];
    if (w->ncomms == w->comms_cap) {
        w->comms_cap = w->comms_cap ? 2 * w->comms_cap : 8;
        w->comms = xrealloc(w->comms, (size_t)w->comms_cap * sizeof *w->comms);
    }
    struct topo_comm *tc = xcalloc(1, sizeof *tc);
    tc->topo = t;
    snprintf(tc->file, sizeof tc->file, "%s", file);
    if (w->offline)
        offline_lay_out(w, tc, edges);
    else
        build(w, tc, edges);
    w->comms[w->ncomms++] = tc;
    return tc;
}

void world_comms_free(struct world *w)
{
    for (int i = 0; i < w->ncomms; i++) {
        struct topo_comm *tc = w->comms[i];
        if (tc->comm != MPI_COMM_NULL)
            MPI_Comm_free(&tc->comm);
        free(tc->places);
        free(tc->sizes);
        free(tc->comm_of);
        for (int k = 0; k < PAIR_COUNTS; k++)
            free(tc->pairs[k]);
        free(tc);
    }
    free(w->comms);
    w->comms = NULL;
    w->ncomms = w->comms_cap = 0;
}
