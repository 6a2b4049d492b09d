/* rma_patterns.c: the one-sided patterns family, whole: its row, its calls
 * (PUT_ONE_TO_ALL, PUT_ALL_TO_ALL: IMB-RMA's One_put_all and All_put_all)
 * and its plan rule.  Unlike the one-sided family's pairs, the whole
 * communicator shares one window, made by MPI_Win_create over every rank's
 * receive buffer (a slot of n elements for each rank, slot j written by
 * rank j) and held in one passive-target epoch (MPI_Win_lock_all) for the
 * size; an iteration is every MPI_Put of the pattern, each to the next
 * rank in turn from the origin's own place (as IMB's, to spread the
 * load), then MPI_Win_flush_all.  Nothing outside this file names the
 * family. */
#include "kernels/rma.h"

#include <stdio.h>
#include <stdlib.h>
#include "base/base.h"
#include "kernels/calls.h"
#include "kernels/buf_sizes.h"

/* a pattern needs two ranks; its window is MPI_Win_create's */
static int patterns_skip(const struct record *r, const struct plan_facts *f, char *why,
                         size_t len)
{
    if (f->min_size >= 2)
        return rma_create_defect(r, f, why, len);
    snprintf(why, len, "%s needs communicators of 2 ranks or more; the smallest %s "
             "communicator has %d", r->call->name, r->topo->name, f->min_size);
    return 1;
}

static const struct family family_rma_patterns = {
    .name = "one-sided patterns", .way = WAY_COMMUNICATOR, .per = "call",
    .moves_data = 1, .bytes_per_us = BYTES_PER_US, .passes = 1,
    .skip = patterns_skip};

/* the size's window (k->priv), and whether this rank puts */
struct rma_all {
    MPI_Win win;
    int origin;
};

static struct rma_all *state(const struct kernel *k)
{
    return k->priv;
}

static int one_to_all(const struct kernel *k);

static void finish_patterns(struct kernel *k)
{
    struct rma_all *s = state(k);
    if (s->origin)
        MPI_Win_unlock_all(s->win);
    MPI_Win_free(&s->win);
    free(s);
    k->priv = NULL;
}

/* outside the timing: the window and the epoch; in PUT_ONE_TO_ALL every
 * rank but 0 is a passive target, which sits the timing out (it gives no
 * sample and waits in the block's closing reduction, which drives MPI's
 * progress) */
static void layout_patterns(struct kernel *k)
{
    struct rma_all *s = xcalloc(1, sizeof *s);
    MPI_Aint bytes = (MPI_Aint)k->size * (MPI_Aint)k->count * k->extent;
    MPI_Win_create(k->rbuf, bytes, (int)k->extent, MPI_INFO_NULL, k->comm, &s->win);
    if (k->win_opened)
        k->win_opened(k->comm, s->win);
    s->origin = !one_to_all(k) || k->rank == 0;
    k->sits_out = !s->origin;
    if (s->origin)
        MPI_Win_lock_all(0, s->win);
    k->priv = s;
    k->finish = finish_patterns;
}

static void put_patterns(struct kernel *k, int iters)
{
    struct rma_all *s = state(k);
    if (!s->origin)
        return;
    MPI_Aint at = (MPI_Aint)k->rank * (MPI_Aint)k->count;
    for (int i = 0; i < iters; i++) {
        for (int j = 1; j < k->size; j++)
            MPI_Put(k->sbuf, (int)k->count, k->type, (k->rank + j) % k->size, at,
                    (int)k->count, k->type, s->win);
        MPI_Win_flush_all(s->win);
    }
}

/* the puts an iteration makes: the origin's P - 1, or every rank's */
static long long streams_one(int p) { return p - 1; }
static long long streams_every_pair(int p) { return (long long)p * (p - 1); }

/* PUT_ONE_TO_ALL: the call whose streams are one origin's (the loops are
 * one function, which is what the two calls share) */
static int one_to_all(const struct kernel *k)
{
    return k->rec->call->streams == streams_one;
}

/* one iteration on known data, outside the epoch: then every rank reads
 * its window under a lock on itself; slot j holds origin j's block, the
 * others (its own; every slot but 0 in PUT_ONE_TO_ALL) stay cleared */
static void check_patterns(struct kernel *k)
{
    struct rma_all *s = state(k);
    size_t n = (size_t)k->count, slot = n * (size_t)k->extent;
    if (s->origin)
        MPI_Win_unlock_all(s->win);
    fill_block(k, k->sbuf, n, k->rank, 0);
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, k->rank, 0, s->win);
    clear_block(k, k->rbuf, n * (size_t)k->size);
    MPI_Win_unlock(k->rank, s->win);
    device_push(k);             /* a window in GPU memory: filled through the host */
    MPI_Barrier(k->comm);
    if (s->origin)
        MPI_Win_lock_all(0, s->win);
    device_call(k, put_patterns);
    if (s->origin)
        MPI_Win_unlock_all(s->win);
    MPI_Barrier(k->comm);
    device_pull(k);
    MPI_Win_lock(MPI_LOCK_SHARED, k->rank, 0, s->win);
    for (int j = 0; j < k->size; j++) {
        int written = j != k->rank && (!one_to_all(k) || j == 0);
        if (written)
            expect_block(k, k->rbuf + (size_t)j * slot, n, j, 0, (size_t)j * n);
        else
            expect_clear(k, k->rbuf + (size_t)j * slot, n, (size_t)j * n);
    }
    MPI_Win_unlock(k->rank, s->win);
    MPI_Barrier(k->comm);
    if (s->origin)
        MPI_Win_lock_all(0, s->win);
}

static const struct call calls[] = {
    {.name = "PUT_ONE_TO_ALL", .caps = CALL_DEVICE | CALL_DEVICE_DIRECT, .family = &family_rma_patterns, .opk = OPK_NONE,
     .mode = MODE_NONBLOCKING, .legs = 1, .streams = streams_one,
     .buffers = bufs_n_pn, .layout = layout_patterns, .loop = put_patterns,
     .check = check_patterns,
     .timing = "time per iteration of rank 0 putting n elements into every other "
               "rank's slot of one window over the communicator (MPI_Put to each in "
               "turn, then MPI_Win_flush_all, in one MPI_Win_lock_all epoch; IMB-RMA "
               "One_put_all, which flushes once after all its iterations), the other "
               "ranks passive targets, which give no sample; mbps counts its P - 1 puts"},
    {.name = "PUT_ALL_TO_ALL", .caps = CALL_DEVICE | CALL_DEVICE_DIRECT, .family = &family_rma_patterns, .opk = OPK_NONE,
     .mode = MODE_NONBLOCKING, .legs = 1, .streams = streams_every_pair,
     .buffers = bufs_n_pn, .layout = layout_patterns, .loop = put_patterns,
     .check = check_patterns,
     .timing = "time per iteration of every rank at once putting n elements into "
               "every other rank's slot of one window over the communicator (MPI_Put "
               "to each in turn from the next rank on, then MPI_Win_flush_all, in one "
               "MPI_Win_lock_all epoch; IMB-RMA All_put_all, which flushes once after "
               "all its iterations); mbps counts the P (P - 1) puts of all ranks (the "
               "aggregate)"},
};

const struct table rma_patterns_calls = {
    "call", calls, sizeof calls / sizeof calls[0], sizeof calls[0], NULL, NULL,
};
