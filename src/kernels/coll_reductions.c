/* coll_reductions.c: the reduction collectives.
 *
 * The check compares with the reduction of every rank's known data,
 * applied in rank order with MPI_Reduce_local: it proves that each rank
 * got the right combination of the right ranks' elements.  The arithmetic
 * of a predefined op itself is the library's in both.  Every call here
 * but REDUCE_SCATTER (an int array of counts) takes MPI 4's _c function
 * past 2^31-1 elements (large.h). */
#include "kernels/coll_reductions.h"

#include "kernels/large.h"

/* inplace=1: only the root's call may be in place; call i's root moves
 * with root=rotate, and with it the one rank that passes MPI_IN_PLACE */
void run_reduce(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++) {
        int root = call_root(k, i);
        const void *s = k->rank == root ? send_or_in_place(k) : k->sbuf;
        (void)LARGE_OR_INT(k->count,
                           MPI_Reduce_c(s, k->rbuf, k->count, k->type, k->op, root, k->comm),
                           MPI_Reduce(s, k->rbuf, (int)k->count, k->type, k->op, root,
                                      k->comm));
    }
}

void run_allreduce(struct kernel *k, int iters)
{
    const void *s = send_or_in_place(k);
    for (int i = 0; i < iters; i++)
        (void)LARGE_OR_INT(k->count,
                           MPI_Allreduce_c(s, k->rbuf, k->count, k->type, k->op, k->comm),
                           MPI_Allreduce(s, k->rbuf, (int)k->count, k->type, k->op, k->comm));
}

void run_reduce_scatter(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_Reduce_scatter(send_or_in_place(k), k->rbuf, k->counts, k->type, k->op, k->comm);
}

void run_reduce_scatter_block(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++)
        (void)LARGE_OR_INT(k->count,
                           MPI_Reduce_scatter_block_c(send_or_in_place(k), k->rbuf, k->count,
                                                      k->type, k->op, k->comm),
                           MPI_Reduce_scatter_block(send_or_in_place(k), k->rbuf,
                                                    (int)k->count, k->type, k->op, k->comm));
}

void run_scan(struct kernel *k, int iters)
{
    const void *s = send_or_in_place(k);
    for (int i = 0; i < iters; i++)
        (void)LARGE_OR_INT(k->count, MPI_Scan_c(s, k->rbuf, k->count, k->type, k->op, k->comm),
                           MPI_Scan(s, k->rbuf, (int)k->count, k->type, k->op, k->comm));
}

void run_exscan(struct kernel *k, int iters)
{
    const void *s = send_or_in_place(k);
    for (int i = 0; i < iters; i++)
        (void)LARGE_OR_INT(k->count,
                           MPI_Exscan_c(s, k->rbuf, k->count, k->type, k->op, k->comm),
                           MPI_Exscan(s, k->rbuf, (int)k->count, k->type, k->op, k->comm));
}

/* the op alone: inout = in op inout, on this rank, again and again */
void run_reduce_local(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++)
        (void)LARGE_OR_INT(k->count,
                           MPI_Reduce_local_c(k->sbuf, k->rbuf, k->count, k->type, k->op),
                           MPI_Reduce_local(k->sbuf, k->rbuf, (int)k->count, k->type, k->op));
}

void check_reduce_local(struct kernel *k)
{
    size_t n = (size_t)k->count;
    /* in is "rank 0's" block, inout "rank 1's": in op inout, in that order */
    fill_block(k, k->sbuf, n, 0, 0);
    fill_block(k, k->rbuf, n, 1, 0);
    check_run(k);
    expect_reduced(k, k->rbuf, n, 0, 1, 0, 0);
}

/* fills this rank's n elements, clears the result, runs the record's call
 * once (blocking, non-blocking or persistent: the check is the same);
 * in place (inplace=1, and for REDUCE only at the root), the input goes
 * where the result will be */
static void run_once(struct kernel *k, size_t in, size_t out)
{
    int in_place = k->rec->inplace && (!call_has(k->rec->call, CALL_ROOTED) || k->rank == k->root);
    clear_block(k, k->rbuf, out);
    fill_block(k, in_place ? k->rbuf : k->sbuf, in, k->rank, 0);
    check_run(k);
}

void check_reduce(struct kernel *k)
{
    size_t n = (size_t)k->count;
    run_once(k, n, n);
    if (k->rank == k->root)
        expect_reduced(k, k->rbuf, n, 0, k->size - 1, 0, 0);
}

void check_allreduce(struct kernel *k)
{
    size_t n = (size_t)k->count;
    run_once(k, n, n);
    expect_reduced(k, k->rbuf, n, 0, k->size - 1, 0, 0);
}

void check_reduce_scatter(struct kernel *k)
{
    size_t total = (size_t)k->displs[k->size - 1] + (size_t)k->counts[k->size - 1];
    run_once(k, total, 2 * (size_t)k->count);
    expect_reduced(k, k->rbuf, (size_t)k->counts[k->rank], 0, k->size - 1,
                   (size_t)k->displs[k->rank], 0);
}

void check_reduce_scatter_block(struct kernel *k)
{
    size_t n = (size_t)k->count;
    run_once(k, (size_t)k->size * n, n);
    expect_reduced(k, k->rbuf, n, 0, k->size - 1, (size_t)k->rank * n, 0);
}

void check_scan(struct kernel *k)
{
    size_t n = (size_t)k->count;
    run_once(k, n, n);
    expect_reduced(k, k->rbuf, n, 0, k->rank, 0, 0);
}

/* rank 0's result of MPI_Exscan is undefined, so it is not checked */
void check_exscan(struct kernel *k)
{
    size_t n = (size_t)k->count;
    run_once(k, n, n);
    if (k->rank > 0)
        expect_reduced(k, k->rbuf, n, 0, k->rank - 1, 0, 0);
}
