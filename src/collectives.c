/* collectives.c: the data-movement collectives.
 *
 * Every rank calls the collective iters times back to back; the v-variants
 * use the uneven ramp of vcount() (bench.h) around the record's size. */
#include "collectives.h"

/* ---- buffer sizes, in elements, for n elements on p ranks -------------- */
void bufs_none(int p, size_t n, size_t *s, size_t *r) { (void)p; (void)n; *s = 0; *r = 0; }
void bufs_n_0(int p, size_t n, size_t *s, size_t *r) { (void)p; *s = n; *r = 0; }
void bufs_n_n(int p, size_t n, size_t *s, size_t *r) { (void)p; *s = n; *r = n; }
void bufs_n_pn(int p, size_t n, size_t *s, size_t *r) { *s = n; *r = (size_t)p * n; }
void bufs_2n_pn(int p, size_t n, size_t *s, size_t *r) { *s = 2 * n; *r = (size_t)p * n; }
void bufs_pn_n(int p, size_t n, size_t *s, size_t *r) { *s = (size_t)p * n; *r = n; }
void bufs_pn_2n(int p, size_t n, size_t *s, size_t *r) { *s = (size_t)p * n; *r = 2 * n; }
void bufs_pn_pn(int p, size_t n, size_t *s, size_t *r) { *s = (size_t)p * n; *r = (size_t)p * n; }

/* ---- per-size layouts of the v-variants --------------------------------- */
void layout_ramp(struct bench *b)
{
    int d = 0;
    for (int r = 0; r < b->size; r++) {
        b->counts[r] = vcount((size_t)b->count, r, b->size);
        b->displs[r] = d;
        d += b->counts[r];
    }
}

/* rank i sends vcount(n, (i+j) mod p, p) elements to rank j: every row
 * and column of the matrix is a permutation of the ramp */
static int a2av(const struct bench *b, int from, int to)
{
    return vcount((size_t)b->count, (from + to) % b->size, b->size);
}

void layout_alltoallv(struct bench *b)
{
    int sd = 0, rd = 0;
    for (int j = 0; j < b->size; j++) {
        b->scounts[j] = a2av(b, b->rank, j);
        b->sdispls[j] = sd;
        sd += b->scounts[j];
        b->counts[j] = a2av(b, j, b->rank);
        b->displs[j] = rd;
        rd += b->counts[j];
    }
}

/* ---- the timed loops ------------------------------------------------------ */
void run_bcast(struct bench *b, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_Bcast(b->sbuf, b->count, b->type, b->root, b->comm);
}

void run_gather(struct bench *b, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_Gather(b->sbuf, b->count, b->type, b->rbuf, b->count, b->type,
                   b->root, b->comm);
}

void run_gatherv(struct bench *b, int iters)
{
    int mine = b->counts[b->rank];
    for (int i = 0; i < iters; i++)
        MPI_Gatherv(b->sbuf, mine, b->type, b->rbuf, b->counts, b->displs,
                    b->type, b->root, b->comm);
}

void run_allgather(struct bench *b, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_Allgather(b->sbuf, b->count, b->type, b->rbuf, b->count, b->type,
                      b->comm);
}

void run_allgatherv(struct bench *b, int iters)
{
    int mine = b->counts[b->rank];
    for (int i = 0; i < iters; i++)
        MPI_Allgatherv(b->sbuf, mine, b->type, b->rbuf, b->counts, b->displs,
                       b->type, b->comm);
}

void run_scatter(struct bench *b, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_Scatter(b->sbuf, b->count, b->type, b->rbuf, b->count, b->type,
                    b->root, b->comm);
}

void run_scatterv(struct bench *b, int iters)
{
    int mine = b->counts[b->rank];
    for (int i = 0; i < iters; i++)
        MPI_Scatterv(b->sbuf, b->counts, b->displs, b->type, b->rbuf, mine,
                     b->type, b->root, b->comm);
}

void run_alltoall(struct bench *b, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_Alltoall(b->sbuf, b->count, b->type, b->rbuf, b->count, b->type,
                     b->comm);
}

void run_alltoallv(struct bench *b, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_Alltoallv(b->sbuf, b->scounts, b->sdispls, b->type, b->rbuf,
                      b->counts, b->displs, b->type, b->comm);
}

/* ---- checks: fill, run once, compare every element ----------------------- */
static char *at(const struct bench *b, char *buf, size_t elem)
{
    return buf + elem * (size_t)b->extent;
}

void check_bcast(struct bench *b)
{
    size_t n = (size_t)b->count;
    if (b->rank == b->root)
        fill_block(b, b->sbuf, n, b->rank, 0);
    else
        clear_block(b, b->sbuf, n);
    run_bcast(b, 1);
    expect_block(b, b->sbuf, n, b->root, 0, 0);
}

/* every block r of a gathered buffer is rank r's */
static void expect_gathered(struct bench *b, const int *counts, const int *displs)
{
    size_t n = (size_t)b->count;
    for (int r = 0; r < b->size; r++) {
        size_t off = displs ? (size_t)displs[r] : (size_t)r * n;
        size_t len = counts ? (size_t)counts[r] : n;
        expect_block(b, at(b, b->rbuf, off), len, r, 0, off);
    }
}

void check_gather(struct bench *b)
{
    size_t n = (size_t)b->count;
    fill_block(b, b->sbuf, n, b->rank, 0);
    clear_block(b, b->rbuf, (size_t)b->size * n);
    run_gather(b, 1);
    if (b->rank == b->root)
        expect_gathered(b, NULL, NULL);
}

void check_gatherv(struct bench *b)
{
    fill_block(b, b->sbuf, (size_t)b->counts[b->rank], b->rank, 0);
    clear_block(b, b->rbuf, (size_t)b->size * (size_t)b->count);
    run_gatherv(b, 1);
    if (b->rank == b->root)
        expect_gathered(b, b->counts, b->displs);
}

void check_allgather(struct bench *b)
{
    size_t n = (size_t)b->count;
    fill_block(b, b->sbuf, n, b->rank, 0);
    clear_block(b, b->rbuf, (size_t)b->size * n);
    run_allgather(b, 1);
    expect_gathered(b, NULL, NULL);
}

void check_allgatherv(struct bench *b)
{
    fill_block(b, b->sbuf, (size_t)b->counts[b->rank], b->rank, 0);
    clear_block(b, b->rbuf, (size_t)b->size * (size_t)b->count);
    run_allgatherv(b, 1);
    expect_gathered(b, b->counts, b->displs);
}

void check_scatter(struct bench *b)
{
    size_t n = (size_t)b->count;
    if (b->rank == b->root)
        fill_block(b, b->sbuf, (size_t)b->size * n, b->rank, 0);
    clear_block(b, b->rbuf, n);
    run_scatter(b, 1);
    expect_block(b, b->rbuf, n, b->root, (size_t)b->rank * n, 0);
}

void check_scatterv(struct bench *b)
{
    if (b->rank == b->root)
        fill_block(b, b->sbuf, (size_t)b->size * (size_t)b->count, b->rank, 0);
    clear_block(b, b->rbuf, 2 * (size_t)b->count);
    run_scatterv(b, 1);
    expect_block(b, b->rbuf, (size_t)b->counts[b->rank], b->root,
                 (size_t)b->displs[b->rank], 0);
}

void check_alltoall(struct bench *b)
{
    size_t n = (size_t)b->count, p = (size_t)b->size;
    fill_block(b, b->sbuf, p * n, b->rank, 0);
    clear_block(b, b->rbuf, p * n);
    run_alltoall(b, 1);
    for (int j = 0; j < b->size; j++)
        expect_block(b, at(b, b->rbuf, (size_t)j * n), n, j,
                     (size_t)b->rank * n, (size_t)j * n);
}

void check_alltoallv(struct bench *b)
{
    size_t p = (size_t)b->size;
    fill_block(b, b->sbuf, p * (size_t)b->count, b->rank, 0);
    clear_block(b, b->rbuf, p * (size_t)b->count);
    run_alltoallv(b, 1);
    for (int j = 0; j < b->size; j++) {
        /* where rank j's block for this rank starts in j's send buffer */
        size_t off = 0;
        for (int k = 0; k < b->rank; k++)
            off += (size_t)a2av(b, j, k);
        expect_block(b, at(b, b->rbuf, (size_t)b->displs[j]),
                     (size_t)b->counts[j], j, off, (size_t)b->displs[j]);
    }
}
