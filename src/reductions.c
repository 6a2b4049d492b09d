/* reductions.c: the reduction collectives.
 *
 * The check compares with the reduction of every rank's known data,
 * applied in rank order with MPI_Reduce_local: it proves that each rank
 * got the right combination of the right ranks' elements.  The arithmetic
 * of a predefined op itself is the library's in both. */
#include "collectives.h"

void run_reduce(struct bench *b, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_Reduce(b->sbuf, b->rbuf, b->count, b->type, b->op, b->root, b->comm);
}

void run_allreduce(struct bench *b, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_Allreduce(b->sbuf, b->rbuf, b->count, b->type, b->op, b->comm);
}

void run_reduce_scatter(struct bench *b, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_Reduce_scatter(b->sbuf, b->rbuf, b->counts, b->type, b->op, b->comm);
}

void run_reduce_scatter_block(struct bench *b, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_Reduce_scatter_block(b->sbuf, b->rbuf, b->count, b->type, b->op,
                                 b->comm);
}

void run_scan(struct bench *b, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_Scan(b->sbuf, b->rbuf, b->count, b->type, b->op, b->comm);
}

void run_exscan(struct bench *b, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_Exscan(b->sbuf, b->rbuf, b->count, b->type, b->op, b->comm);
}

/* fills this rank's n elements, clears the result, runs once */
static void run_once(struct bench *b, size_t in, size_t out,
                     void (*run)(struct bench *, int))
{
    fill_block(b, b->sbuf, in, b->rank, 0);
    clear_block(b, b->rbuf, out);
    run(b, 1);
}

void check_reduce(struct bench *b)
{
    size_t n = (size_t)b->count;
    run_once(b, n, n, run_reduce);
    if (b->rank == b->root)
        expect_reduced(b, b->rbuf, n, 0, b->size - 1, 0, 0);
}

void check_allreduce(struct bench *b)
{
    size_t n = (size_t)b->count;
    run_once(b, n, n, run_allreduce);
    expect_reduced(b, b->rbuf, n, 0, b->size - 1, 0, 0);
}

void check_reduce_scatter(struct bench *b)
{
    size_t total = (size_t)b->displs[b->size - 1] + (size_t)b->counts[b->size - 1];
    run_once(b, total, 2 * (size_t)b->count, run_reduce_scatter);
    expect_reduced(b, b->rbuf, (size_t)b->counts[b->rank], 0, b->size - 1,
                   (size_t)b->displs[b->rank], 0);
}

void check_reduce_scatter_block(struct bench *b)
{
    size_t n = (size_t)b->count;
    run_once(b, (size_t)b->size * n, n, run_reduce_scatter_block);
    expect_reduced(b, b->rbuf, n, 0, b->size - 1, (size_t)b->rank * n, 0);
}

void check_scan(struct bench *b)
{
    size_t n = (size_t)b->count;
    run_once(b, n, n, run_scan);
    expect_reduced(b, b->rbuf, n, 0, b->rank, 0, 0);
}

/* rank 0's result of MPI_Exscan is undefined, so it is not checked */
void check_exscan(struct bench *b)
{
    size_t n = (size_t)b->count;
    run_once(b, n, n, run_exscan);
    if (b->rank > 0)
        expect_reduced(b, b->rbuf, n, 0, b->rank - 1, 0, 0);
}
