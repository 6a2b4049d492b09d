/* coll_neighbors.c: the neighbourhood collectives (MPI_Neighbor_allgather, ...,
 * and their non-blocking forms) on the communicators of the graph-shaped
 * topologies.
 *
 * Each size, the layout asks the communicator for this rank's neighbours
 * (MPI_Cart_shift per dimension, or MPI_Dist_graph_neighbors) and lays out
 * one block per neighbour.  A rank has at most max(p, 2) neighbours each
 * way: a Cartesian communicator has 2 per dimension and every dimension is
 * longer than 1 (so 2 d <= 2^d <= p), except the ring of one rank, with 2;
 * a distributed graph holds no edge twice.  The buffers are sized so.
 *
 * The v-variants use the ramp of vcount(): in allgatherv rank r gives
 * vcount(n, r, p) elements; in alltoallv and alltoallw rank r sends
 * vcount(n, (r + j) mod p, p) elements in its block j. */
#include "kernels/coll_neighbors.h"

#include <stdio.h>
#include <stdlib.h>
#include "base/base.h"

/* ---- buffers ---------------------------------------------------------------- */
static size_t most(int p)
{
    return p < 2 ? 2 : (size_t)p;
}

void bufs_nbr_gather(int p, size_t n, size_t *s, size_t *r) { *s = n; *r = most(p) * n; }
void bufs_nbr_gatherv(int p, size_t n, size_t *s, size_t *r) { *s = 2 * n; *r = 2 * most(p) * n; }
void bufs_nbr_a2a(int p, size_t n, size_t *s, size_t *r) { *s = most(p) * n; *r = most(p) * n; }
void bufs_nbr_a2av(int p, size_t n, size_t *s, size_t *r) { *s = 2 * most(p) * n; *r = 2 * most(p) * n; }

/* ---- the neighbours ----------------------------------------------------------- */
static int *ints(int n)
{
    return xcalloc(n > 0 ? (size_t)n : 1, sizeof(int));
}

static void find_neighbors(MPI_Comm comm, struct neighbors *nb)
{
    int kind, weighted;
    MPI_Topo_test(comm, &kind);
    if (kind == MPI_CART) {
        int nd;
        MPI_Cartdim_get(comm, &nd);
        nb->cart = 1;
        nb->in = nb->out = 2 * nd;
        nb->src = ints(2 * nd);
        nb->dst = ints(2 * nd);
        for (int d = 0; d < nd; d++) {
            MPI_Cart_shift(comm, d, 1, &nb->src[2 * d], &nb->src[2 * d + 1]);
            nb->dst[2 * d] = nb->src[2 * d];
            nb->dst[2 * d + 1] = nb->src[2 * d + 1];
        }
        return;
    }
    MPI_Dist_graph_neighbors_count(comm, &nb->in, &nb->out, &weighted);
    nb->src = ints(nb->in);
    nb->dst = ints(nb->out);
    /* weight arrays rather than MPI_UNWEIGHTED, which Open MPI defines as a
     * small constant pointer that gcc then sees as a zero-length array */
    int *win = ints(nb->in), *wout = ints(nb->out);
    MPI_Dist_graph_neighbors(comm, nb->in, nb->src, win, nb->out, nb->dst, wout);
    free(win);
    free(wout);
}

/* per source, the index of this rank among the source's destinations:
 * the block of the source's send buffer that comes here.  Cartesian: the
 * opposite direction (i^1); a graph: looked up in every rank's list. */
static void find_slots(const struct kernel *k, struct neighbors *nb)
{
    nb->slot = ints(nb->in);
    if (nb->cart) {
        for (int i = 0; i < nb->in; i++)
            nb->slot[i] = i ^ 1;
        return;
    }
    /* mpigauge's bookkeeping inside the measured span, not a measured
     * call: PMPI_, so that profiling tools (the tests' fault injector) see
     * only the measured calls */
    int p = k->size, *outs = ints(p), *at = ints(p + 1);
    PMPI_Allgather(&nb->out, 1, MPI_INT, outs, 1, MPI_INT, k->comm);
    for (int r = 0; r < p; r++)
        at[r + 1] = at[r] + outs[r];
    int *all = ints(at[p]);
    PMPI_Allgatherv(nb->dst, nb->out, MPI_INT, all, outs, at, MPI_INT, k->comm);
    for (int i = 0; i < nb->in; i++) {
        int s = nb->src[i];
        nb->slot[i] = -1;
        for (int j = 0; j < outs[s] && nb->slot[i] < 0; j++)
            if (all[at[s] + j] == k->rank)
                nb->slot[i] = j;
    }
    free(all);
    free(outs);
    free(at);
}

/* elements rank `from` sends in its block j (alltoall forms) */
int nbr_edge_count(const struct kernel *k, const struct neighbors *nb,
                   int from, int j)
{
    return nb->ramp ? vcount((size_t)k->count, (from + j) % k->size, k->size)
                    : k->count;
}

static void finish_neighbors(struct kernel *k)
{
    struct neighbors *nb = k->nb;
    free(nb->src);
    free(nb->dst);
    free(nb->slot);
    free(nb->rcounts);
    free(nb->rbytes);
    free(nb->types);
    free(nb);
    k->nb = NULL;
}

/* displacements (elements and bytes) from counts; returns the total */
static size_t place_blocks(const struct kernel *k, int n, const int *counts,
                           int *displs, MPI_Aint *bytes)
{
    size_t d = 0;
    for (int i = 0; i < n; i++) {
        displs[i] = (int)d;
        bytes[i] = (MPI_Aint)d * k->extent;
        d += (size_t)counts[i];
    }
    return d;
}

static struct neighbors *new_neighbors(struct kernel *k, int ramp)
{
    struct neighbors *nb = xcalloc(1, sizeof *nb);
    find_neighbors(k->comm, nb);
    if ((size_t)nb->in > most(k->size) || (size_t)nb->out > most(k->size)) {
        fprintf(stderr, "mpigauge: rank %d has %d/%d neighbours on %d ranks: more "
                "than its buffers hold\n", k->world_rank, nb->in, nb->out, k->size);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    find_slots(k, nb);
    nb->ramp = ramp;
    int m = nb->in > nb->out ? nb->in : nb->out;
    nb->rcounts = ints(4 * m);
    nb->rdispls = nb->rcounts + m;
    nb->scounts = nb->rcounts + 2 * m;
    nb->sdispls = nb->rcounts + 3 * m;
    nb->rbytes = xcalloc(2 * (size_t)m + 1, sizeof *nb->rbytes);
    nb->sbytes = nb->rbytes + m;
    nb->types = xmalloc_array((size_t)m + 1, sizeof *nb->types);
    for (int i = 0; i < m; i++)
        nb->types[i] = k->type;
    k->nb = nb;
    k->finish = finish_neighbors;
    return nb;
}

/* n elements a block (or the ramp), for the alltoall forms */
static void lay_alltoall(struct kernel *k, int ramp)
{
    struct neighbors *nb = new_neighbors(k, ramp);
    for (int j = 0; j < nb->out; j++)
        nb->scounts[j] = nbr_edge_count(k, nb, k->rank, j);
    for (int i = 0; i < nb->in; i++)
        nb->rcounts[i] = nb->src[i] == MPI_PROC_NULL ? k->count
                         : nbr_edge_count(k, nb, nb->src[i], nb->slot[i]);
    nb->stotal = place_blocks(k, nb->out, nb->scounts, nb->sdispls, nb->sbytes);
    nb->rtotal = place_blocks(k, nb->in, nb->rcounts, nb->rdispls, nb->rbytes);
    nb->mine = k->count;
}

void layout_neighbors(struct kernel *k)
{
    lay_alltoall(k, 0);
}

void layout_neighbors_v(struct kernel *k)
{
    lay_alltoall(k, 1);
}

/* allgatherv: each rank gives vcount(n, rank, p) elements to all */
void layout_neighbors_gv(struct kernel *k)
{
    struct neighbors *nb = new_neighbors(k, 1);
    nb->mine = vcount((size_t)k->count, k->rank, k->size);
    for (int i = 0; i < nb->in; i++)
        nb->rcounts[i] = nb->src[i] == MPI_PROC_NULL ? k->count
                         : vcount((size_t)k->count, nb->src[i], k->size);
    nb->rtotal = place_blocks(k, nb->in, nb->rcounts, nb->rdispls, nb->rbytes);
    nb->stotal = (size_t)nb->mine;
}

/* ---- the timed loops -------------------------------------------------------- */
void run_neighbor_allgather(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_Neighbor_allgather(k->sbuf, k->count, k->type, k->rbuf, k->count,
                               k->type, k->comm);
}

void run_neighbor_allgatherv(struct kernel *k, int iters)
{
    const struct neighbors *nb = k->nb;
    for (int i = 0; i < iters; i++)
        MPI_Neighbor_allgatherv(k->sbuf, nb->mine, k->type, k->rbuf, nb->rcounts,
                                nb->rdispls, k->type, k->comm);
}

void run_neighbor_alltoall(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_Neighbor_alltoall(k->sbuf, k->count, k->type, k->rbuf, k->count,
                              k->type, k->comm);
}

void run_neighbor_alltoallv(struct kernel *k, int iters)
{
    const struct neighbors *nb = k->nb;
    for (int i = 0; i < iters; i++)
        MPI_Neighbor_alltoallv(k->sbuf, nb->scounts, nb->sdispls, k->type, k->rbuf,
                               nb->rcounts, nb->rdispls, k->type, k->comm);
}

void run_neighbor_alltoallw(struct kernel *k, int iters)
{
    const struct neighbors *nb = k->nb;
    for (int i = 0; i < iters; i++)
        MPI_Neighbor_alltoallw(k->sbuf, nb->scounts, nb->sbytes, nb->types, k->rbuf,
                               nb->rcounts, nb->rbytes, nb->types, k->comm);
}

/* ---- non-blocking: one call into k->req (run_posted waits) ---------------- */
void post_ineighbor_allgather(struct kernel *k)
{
    MPI_Ineighbor_allgather(k->sbuf, k->count, k->type, k->rbuf, k->count, k->type,
                            k->comm, &k->req);
}

void post_ineighbor_allgatherv(struct kernel *k)
{
    const struct neighbors *nb = k->nb;
    MPI_Ineighbor_allgatherv(k->sbuf, nb->mine, k->type, k->rbuf, nb->rcounts,
                             nb->rdispls, k->type, k->comm, &k->req);
}

void post_ineighbor_alltoall(struct kernel *k)
{
    MPI_Ineighbor_alltoall(k->sbuf, k->count, k->type, k->rbuf, k->count, k->type,
                           k->comm, &k->req);
}

void post_ineighbor_alltoallv(struct kernel *k)
{
    const struct neighbors *nb = k->nb;
    MPI_Ineighbor_alltoallv(k->sbuf, nb->scounts, nb->sdispls, k->type, k->rbuf,
                            nb->rcounts, nb->rdispls, k->type, k->comm, &k->req);
}

void post_ineighbor_alltoallw(struct kernel *k)
{
    const struct neighbors *nb = k->nb;
    MPI_Ineighbor_alltoallw(k->sbuf, nb->scounts, nb->sbytes, nb->types, k->rbuf,
                            nb->rcounts, nb->rbytes, nb->types, k->comm, &k->req);
}
