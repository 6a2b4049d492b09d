/* coll_data.c: the data-movement collectives.
 *
 * Every rank calls the collective iters times back to back; the v-variants
 * use the uneven ramp of vcount() (kernel.h) around the record's size.
 * The calls of one count (BCAST, GATHER, ALLGATHER, SCATTER, ALLTOALL)
 * take MPI 4's _c functions past 2^31-1 elements (large.h); the v-forms
 * and ALLTOALLW keep int counts and displacements: their layouts are int
 * arrays, held to int by the plan (world/plan.c). */
#include "kernels/coll_data.h"

#include "kernels/large.h"

/* ---- per-size layouts of the v-variants --------------------------------- */
void layout_ramp(struct kernel *k)
{
    int d = 0;
    for (int r = 0; r < k->size; r++) {
        k->counts[r] = vcount((size_t)k->count, r, k->size);
        k->displs[r] = d;
        d += k->counts[r];
    }
}

/* rank i sends vcount(n, (i+j) mod p, p) elements to rank j: every row
 * and column of the matrix is a permutation of the ramp */
static int a2av(const struct kernel *k, int from, int to)
{
    return vcount((size_t)k->count, (from + to) % k->size, k->size);
}

void layout_alltoallv(struct kernel *k)
{
    int sd = 0, rd = 0;
    for (int j = 0; j < k->size; j++) {
        k->scounts[j] = a2av(k, k->rank, j);
        k->sdispls[j] = sd;
        sd += k->scounts[j];
        k->counts[j] = a2av(k, j, k->rank);
        k->displs[j] = rd;
        rd += k->counts[j];
    }
}

/* alltoallv's counts, with displacements in bytes and a type per rank */
void layout_alltoallw(struct kernel *k)
{
    layout_alltoallv(k);
    for (int j = 0; j < k->size; j++) {
        k->wsdispls[j] = (int)(k->sdispls[j] * k->extent);
        k->wrdispls[j] = (int)(k->displs[j] * k->extent);
    }
}

/* ---- the timed loops ------------------------------------------------------ */
void run_bcast(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++)
        (void)LARGE_OR_INT(k->count,
                           MPI_Bcast_c(k->sbuf, k->count, k->type, call_root(k, i), k->comm),
                           MPI_Bcast(k->sbuf, (int)k->count, k->type, call_root(k, i), k->comm));
}

void run_gather(struct kernel *k, int iters)
{
    MPI_Count n = k->count;
    for (int i = 0; i < iters; i++) {
        int root = call_root(k, i);
        (void)LARGE_OR_INT(n, MPI_Gather_c(send_at(k, root), n, k->type, k->rbuf, n, k->type,
                                           root, k->comm),
                           MPI_Gather(send_at(k, root), (int)n, k->type, k->rbuf, (int)n,
                                      k->type, root, k->comm));
    }
}

void run_gatherv(struct kernel *k, int iters)
{
    int mine = k->counts[k->rank];
    for (int i = 0; i < iters; i++)
        MPI_Gatherv(send_at(k, call_root(k, i)), mine, k->type, k->rbuf, k->counts, k->displs,
                    k->type, call_root(k, i), k->comm);
}

/* inplace=1: this rank's block is already in place in the receive buffer */
void run_allgather(struct kernel *k, int iters)
{
    MPI_Count n = k->count, sc = k->rec->inplace ? 0 : n;
    MPI_Datatype st = k->rec->inplace ? MPI_DATATYPE_NULL : k->type;
    const void *s = send_or_in_place(k);
    for (int i = 0; i < iters; i++)
        (void)LARGE_OR_INT(n, MPI_Allgather_c(s, sc, st, k->rbuf, n, k->type, k->comm),
                           MPI_Allgather(s, (int)sc, st, k->rbuf, (int)n, k->type, k->comm));
}

void run_allgatherv(struct kernel *k, int iters)
{
    int mine = k->counts[k->rank];
    for (int i = 0; i < iters; i++)
        MPI_Allgatherv(send_at(k, -1), mine, k->type, k->rbuf, k->counts, k->displs,
                       k->type, k->comm);
}

void run_scatter(struct kernel *k, int iters)
{
    MPI_Count n = k->count;
    for (int i = 0; i < iters; i++) {
        int root = call_root(k, i);
        (void)LARGE_OR_INT(n, MPI_Scatter_c(k->sbuf, n, k->type, recv_at(k, root), n, k->type,
                                            root, k->comm),
                           MPI_Scatter(k->sbuf, (int)n, k->type, recv_at(k, root), (int)n,
                                       k->type, root, k->comm));
    }
}

void run_scatterv(struct kernel *k, int iters)
{
    int mine = k->counts[k->rank];
    for (int i = 0; i < iters; i++)
        MPI_Scatterv(k->sbuf, k->counts, k->displs, k->type,
                     recv_at(k, call_root(k, i)), mine,
                     k->type, call_root(k, i), k->comm);
}

/* inplace=1: the receive buffer holds what this rank sends, and is
 * overwritten */
void run_alltoall(struct kernel *k, int iters)
{
    MPI_Count n = k->count, sc = k->rec->inplace ? 0 : n;
    MPI_Datatype st = k->rec->inplace ? MPI_DATATYPE_NULL : k->type;
    const void *s = send_or_in_place(k);
    for (int i = 0; i < iters; i++)
        (void)LARGE_OR_INT(n, MPI_Alltoall_c(s, sc, st, k->rbuf, n, k->type, k->comm),
                           MPI_Alltoall(s, (int)sc, st, k->rbuf, (int)n, k->type, k->comm));
}

void run_alltoallv(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_Alltoallv(send_at(k, -1), k->scounts, k->sdispls, k->type, k->rbuf,
                      k->counts, k->displs, k->type, k->comm);
}

void run_alltoallw(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_Alltoallw(send_at(k, -1), k->scounts, k->wsdispls, k->types, k->rbuf,
                      k->counts, k->wrdispls, k->types, k->comm);
}

/* ---- checks: fill, run once, compare every element -----------------------
 * The record's own loop function runs once, so a blocking, non-blocking or
 * persistent form of a collective shares its check. */
static char *at(const struct kernel *k, char *buf, size_t elem)
{
    return buf + elem * (size_t)k->extent;
}

void check_bcast(struct kernel *k)
{
    size_t n = (size_t)k->count;
    if (k->rank == k->root)
        fill_block(k, k->sbuf, n, k->rank, 0);
    else
        clear_block(k, k->sbuf, n);
    check_run(k);
    expect_block(k, k->sbuf, n, k->root, 0, 0);
}

/* every block r of a gathered buffer is rank r's */
static void expect_gathered(struct kernel *k, const int *counts, const int *displs)
{
    size_t n = (size_t)k->count;
    for (int r = 0; r < k->size; r++) {
        size_t off = displs ? (size_t)displs[r] : (size_t)r * n;
        size_t len = counts ? (size_t)counts[r] : n;
        expect_block(k, at(k, k->rbuf, off), len, r, 0, off);
    }
}

/* inplace=1: the root's own block is where the gather puts it */
void check_gather(struct kernel *k)
{
    size_t n = (size_t)k->count;
    clear_block(k, k->rbuf, (size_t)k->size * n);
    fill_block(k, in_place_at(k, k->root) ? at(k, k->rbuf, (size_t)k->rank * n) : k->sbuf,
               n, k->rank, 0);
    check_run(k);
    if (k->rank == k->root)
        expect_gathered(k, NULL, NULL);
}

void check_gatherv(struct kernel *k)
{
    clear_block(k, k->rbuf, (size_t)k->size * (size_t)k->count);
    fill_block(k, in_place_at(k, k->root) ? at(k, k->rbuf, (size_t)k->displs[k->rank])
               : k->sbuf, (size_t)k->counts[k->rank], k->rank, 0);
    check_run(k);
    if (k->rank == k->root)
        expect_gathered(k, k->counts, k->displs);
}

void check_allgather(struct kernel *k)
{
    size_t n = (size_t)k->count;
    clear_block(k, k->rbuf, (size_t)k->size * n);
    fill_block(k, k->rec->inplace ? at(k, k->rbuf, (size_t)k->rank * n) : k->sbuf, n,
               k->rank, 0);
    check_run(k);
    expect_gathered(k, NULL, NULL);
}

void check_allgatherv(struct kernel *k)
{
    clear_block(k, k->rbuf, (size_t)k->size * (size_t)k->count);
    fill_block(k, in_place_at(k, -1) ? at(k, k->rbuf, (size_t)k->displs[k->rank])
               : k->sbuf, (size_t)k->counts[k->rank], k->rank, 0);
    check_run(k);
    expect_gathered(k, k->counts, k->displs);
}

void check_scatter(struct kernel *k)
{
    size_t n = (size_t)k->count;
    if (k->rank == k->root)
        fill_block(k, k->sbuf, (size_t)k->size * n, k->rank, 0);
    clear_block(k, k->rbuf, n);
    check_run(k);
    /* inplace=1: the root's own block stays in its send buffer */
    expect_block(k, in_place_at(k, k->root) ? at(k, k->sbuf, (size_t)k->rank * n) : k->rbuf,
                 n, k->root, (size_t)k->rank * n, 0);
}

void check_scatterv(struct kernel *k)
{
    if (k->rank == k->root)
        fill_block(k, k->sbuf, (size_t)k->size * (size_t)k->count, k->rank, 0);
    clear_block(k, k->rbuf, 2 * (size_t)k->count);
    check_run(k);
    expect_block(k, in_place_at(k, k->root) ? at(k, k->sbuf, (size_t)k->displs[k->rank])
                 : k->rbuf, (size_t)k->counts[k->rank], k->root,
                 (size_t)k->displs[k->rank], 0);
}

void check_alltoall(struct kernel *k)
{
    size_t n = (size_t)k->count, p = (size_t)k->size;
    clear_block(k, k->rbuf, p * n);
    fill_block(k, k->rec->inplace ? k->rbuf : k->sbuf, p * n, k->rank, 0);
    check_run(k);
    for (int j = 0; j < k->size; j++)
        expect_block(k, at(k, k->rbuf, (size_t)j * n), n, j,
                     (size_t)k->rank * n, (size_t)j * n);
}

void check_alltoallv(struct kernel *k)
{
    size_t p = (size_t)k->size;
    /* inplace=1: the receive layout is the send layout (a2av is
     * symmetric), so what this rank sends is where it receives */
    clear_block(k, k->rbuf, p * (size_t)k->count);
    fill_block(k, k->rec->inplace ? k->rbuf : k->sbuf, p * (size_t)k->count, k->rank, 0);
    check_run(k);
    for (int j = 0; j < k->size; j++) {
        /* where rank j's block for this rank starts in j's send buffer */
        size_t off = 0;
        for (int q = 0; q < k->rank; q++)
            off += (size_t)a2av(k, j, q);
        expect_block(k, at(k, k->rbuf, (size_t)k->displs[j]),
                     (size_t)k->counts[j], j, off, (size_t)k->displs[j]);
    }
}
