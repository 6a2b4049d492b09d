/* rma_check.c: --check for the one-sided calls.
 *
 * One iteration of the call, under the record's own synchronisation, on
 * known data: every origin slot holds the origin's block, every window
 * slot the target's (data of pair rank 0 and 1; for mode=bibw each rank is
 * both).  Afterwards the target reads its window under a lock on itself
 * (so its reads are ordered after the operations, whatever the memory
 * model) and the origin its result slots, element by element. */
#include "kernels/rma.h"

/* what one slot must hold afterwards */
struct rma_expect {
    int window;       /* the window slot: 0 not compared, 1 the peer's block,
                         2 the reduction of both, 3 its own block still */
    int origin;       /* the origin slot: 0 untouched, 1 the peer's block */
    int result;       /* the result slot (and a compare slot): 0 none, 1 the
                         peer's block */
};

static void fill(struct kernel *k, const struct rma_expect *e)
{
    size_t n = (size_t)k->count;
    int me = rma_pair_rank(k), peer = 1 - me, slots = record_window(k->rec);
    if (rma_acting(k))
        for (int w = 0; w < slots; w++) {
            fill_block(k, rma_slot(k, k->sbuf, w), n, me, (size_t)w * n);
            if (!e->result)
                continue;
            clear_block(k, rma_slot(k, device_host_view(k, rma_of(k)->result), w), n);
            /* a compare-and-swap compares with the target's value: it swaps */
            fill_block(k, rma_slot(k, device_host_view(k, rma_of(k)->compare), w), n, peer, (size_t)w * n);
        }
    if (!rma_targeted(k))
        return;
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, me, 0, rma_of(k)->win);
    for (int w = 0; w < slots; w++)
        fill_block(k, rma_slot(k, device_host_view(k, rma_of(k)->base), w), n, me, (size_t)w * n);
    MPI_Win_unlock(me, rma_of(k)->win);
}

static void verify(struct kernel *k, const struct rma_expect *e)
{
    size_t n = (size_t)k->count;
    int me = rma_pair_rank(k), peer = 1 - me, slots = record_window(k->rec);
    for (int w = 0; w < slots && rma_acting(k); w++) {
        size_t off = (size_t)w * n;
        if (e->origin)
            expect_block(k, rma_slot(k, k->sbuf, w), n, peer, off, off);
        if (e->result)
            expect_block(k, rma_slot(k, device_host_view(k, rma_of(k)->result), w), n, peer, off, off);
    }
    if (!rma_targeted(k) || !e->window)
        return;
    MPI_Win_lock(MPI_LOCK_SHARED, me, 0, rma_of(k)->win);
    for (int w = 0; w < slots; w++) {
        size_t off = (size_t)w * n;
        if (e->window == 1 || e->window == 3)
            expect_block(k, rma_slot(k, device_host_view(k, rma_of(k)->base), w), n,
                         e->window == 1 ? peer : me, off, off);
        else
            expect_reduced(k, rma_slot(k, device_host_view(k, rma_of(k)->base), w), n, 0, 1, off, off);
    }
    MPI_Win_unlock(me, rma_of(k)->win);
}

/* The standing epoch is closed around the fill and the verification, so
 * the target's own lock on its window never overlaps one of the origin's. */
static void check(struct kernel *k, const struct rma_expect *e)
{
    rma_close(k);
    fill(k, e);
    device_push(k);             /* a window in GPU memory: filled through the host */
    MPI_Barrier(rma_of(k)->pair);
    rma_open(k);
    device_call(k, k->rec->call->loop);
    rma_close(k);
    MPI_Barrier(rma_of(k)->pair);
    device_pull(k);
    verify(k, e);
    MPI_Barrier(rma_of(k)->pair);
}

void check_put(struct kernel *k)
{
    check(k, &(struct rma_expect){.window = 1});
}

void check_get(struct kernel *k)
{
    check(k, &(struct rma_expect){.origin = 1});
}

/* what an accumulate leaves in the window: the reduction of both blocks,
 * the origin's block (MPI_REPLACE), or the target's own (MPI_NO_OP) */
static int accumulated(const struct kernel *k)
{
    return k->op == MPI_REPLACE ? 1 : k->op == MPI_NO_OP ? 3 : 2;
}

void check_accumulate(struct kernel *k)
{
    check(k, &(struct rma_expect){.window = accumulated(k)});
}

/* also MPI_Fetch_and_op: the target's old value back, the accumulate there */
void check_get_accumulate(struct kernel *k)
{
    check(k, &(struct rma_expect){.window = accumulated(k), .result = 1});
}

void check_compare_and_swap(struct kernel *k)
{
    check(k, &(struct rma_expect){.window = 1, .result = 1});
}
