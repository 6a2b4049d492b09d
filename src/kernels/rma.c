/* rma.c: one-sided communication (MPI RMA), pair by pair, as OSU's
 * one-sided benchmarks measure it.
 *
 * For every pair a communicator of the two (origin 0, target 1) and a
 * window over the target's buffer (win=create: MPI_Win_create on the
 * receive buffer; allocate: MPI_Win_allocate; dynamic:
 * MPI_Win_create_dynamic + MPI_Win_attach, the address sent over) are made
 * outside the timing and freed after the pair.  An iteration is, by mode=,
 * one operation and its synchronisation (latency), window= operations
 * and one synchronisation (bw), or that each way at once (bibw).  sync=
 * chooses the synchronisation:
 *   flush, flush_local  MPI_Win_lock_all once; MPI_Win_flush(_local) after
 *                       each iteration's operations
 *   lock, lock_shared   MPI_Win_lock (exclusive, shared) + MPI_Win_unlock
 *                       around each iteration's operations
 *   lock_all            MPI_Win_lock_all + MPI_Win_unlock_all around them
 *   fence               MPI_Win_fence on both sides after them
 *   pscw                origin MPI_Win_start ... MPI_Win_complete, target
 *                       MPI_Win_post ... MPI_Win_wait
 * With passive synchronisation the target does nothing in the timed loop;
 * it waits in a blocking receive (which drives MPI's progress, as OSU's
 * target waiting in MPI_Barrier) until the origin ends its block. */
#include "kernels/rma.h"

#include <stdlib.h>
#include <string.h>
#include "base/base.h"

/* element w * count of a window slot, and its displacement at the target */
char *rma_slot(const struct kernel *k, char *buf, int w)
{
    return buf + (size_t)w * (size_t)k->count * (size_t)k->extent;
}

static MPI_Aint disp(const struct kernel *k, int w)
{
    MPI_Aint elems = (MPI_Aint)w * k->count;
    /* dynamic windows count in bytes from the attached address */
    return rma_settings(k->rec)->win == WIN_DYNAMIC ? MPI_Aint_add(rma_of(k)->remote, elems * k->extent)
                                      : elems;
}

/* ---- the operations: slot w of this rank to the peer ------------------- */
static void op_put(struct kernel *k, int w, int peer)
{
    MPI_Put(rma_slot(k, k->sbuf, w), k->count, k->type, peer, disp(k, w), k->count,
            k->type, rma_of(k)->win);
}

static void op_get(struct kernel *k, int w, int peer)
{
    MPI_Get(rma_slot(k, k->sbuf, w), k->count, k->type, peer, disp(k, w), k->count,
            k->type, rma_of(k)->win);
}

static void op_acc(struct kernel *k, int w, int peer)
{
    MPI_Accumulate(rma_slot(k, k->sbuf, w), k->count, k->type, peer, disp(k, w),
                   k->count, k->type, k->op, rma_of(k)->win);
}

static void op_get_acc(struct kernel *k, int w, int peer)
{
    MPI_Get_accumulate(rma_slot(k, k->sbuf, w), k->count, k->type,
                       rma_slot(k, rma_of(k)->result, w), k->count, k->type, peer, disp(k, w),
                       k->count, k->type, k->op, rma_of(k)->win);
}

static void op_fop(struct kernel *k, int w, int peer)
{
    MPI_Fetch_and_op(rma_slot(k, k->sbuf, w), rma_slot(k, rma_of(k)->result, w), k->type,
                     peer, disp(k, w), k->op, rma_of(k)->win);
}

static void op_cas(struct kernel *k, int w, int peer)
{
    MPI_Compare_and_swap(rma_slot(k, k->sbuf, w), rma_slot(k, rma_of(k)->compare, w),
                         rma_slot(k, rma_of(k)->result, w), k->type, peer, disp(k, w), rma_of(k)->win);
}

/* ---- the request-based operations (MPI_Rput ...): request w ------------- */
static MPI_Request *request(const struct kernel *k, int w)
{
    return &rma_of(k)->reqs[w];
}

static void op_rput(struct kernel *k, int w, int peer)
{
    MPI_Rput(rma_slot(k, k->sbuf, w), k->count, k->type, peer, disp(k, w), k->count,
             k->type, rma_of(k)->win, request(k, w));
}

static void op_rget(struct kernel *k, int w, int peer)
{
    MPI_Rget(rma_slot(k, k->sbuf, w), k->count, k->type, peer, disp(k, w), k->count,
             k->type, rma_of(k)->win, request(k, w));
}

static void op_racc(struct kernel *k, int w, int peer)
{
    MPI_Raccumulate(rma_slot(k, k->sbuf, w), k->count, k->type, peer, disp(k, w),
                    k->count, k->type, k->op, rma_of(k)->win, request(k, w));
}

static void op_rget_acc(struct kernel *k, int w, int peer)
{
    MPI_Rget_accumulate(rma_slot(k, k->sbuf, w), k->count, k->type,
                        rma_slot(k, rma_of(k)->result, w), k->count, k->type, peer,
                        disp(k, w), k->count, k->type, k->op, rma_of(k)->win,
                        request(k, w));
}

int rma_pair_rank(const struct kernel *k)
{
    return k->initiator ? 0 : 1;
}

/* does this rank issue operations (the origin; both ranks for bibw)? */
int rma_acting(const struct kernel *k)
{
    return k->initiator || rma_settings(k->rec)->traffic == RMA_BIBW;
}

/* is this rank's window the target of operations (both for bibw)? */
int rma_targeted(const struct kernel *k)
{
    return !k->initiator || rma_settings(k->rec)->traffic == RMA_BIBW;
}

/* passive synchronisation leaves the target nothing to do */
static int passive(const struct kernel *k)
{
    return rma_settings(k->rec)->sync != SYNC_FENCE && rma_settings(k->rec)->sync != SYNC_PSCW;
}

/* an access epoch's start: lock, lock_all, or post and start */
static void epoch_begin(struct kernel *k, int peer)
{
    enum rma_sync sync = rma_settings(k->rec)->sync;
    if ((sync == SYNC_LOCK || sync == SYNC_LOCK_SHARED) && rma_acting(k))
        MPI_Win_lock(sync == SYNC_LOCK ? MPI_LOCK_EXCLUSIVE : MPI_LOCK_SHARED, peer,
                     0, rma_of(k)->win);
    else if (sync == SYNC_LOCK_ALL && rma_acting(k))
        MPI_Win_lock_all(0, rma_of(k)->win);
    if (sync == SYNC_PSCW && rma_targeted(k))
        MPI_Win_post(rma_of(k)->peer_group, 0, rma_of(k)->win);
    if (sync == SYNC_PSCW && rma_acting(k))
        MPI_Win_start(rma_of(k)->peer_group, 0, rma_of(k)->win);
}

/* ... and its end, which completes the operations */
static void epoch_end(struct kernel *k, int peer)
{
    enum rma_sync sync = rma_settings(k->rec)->sync;
    if (sync == SYNC_FENCE) {
        MPI_Win_fence(0, rma_of(k)->win);
        return;
    }
    if (!rma_acting(k) && sync != SYNC_PSCW)
        return;
    if (sync == SYNC_FLUSH)
        MPI_Win_flush(peer, rma_of(k)->win);
    else if (sync == SYNC_FLUSH_LOCAL)
        MPI_Win_flush_local(peer, rma_of(k)->win);
    else if (sync == SYNC_LOCK || sync == SYNC_LOCK_SHARED)
        MPI_Win_unlock(peer, rma_of(k)->win);
    else if (sync == SYNC_LOCK_ALL)
        MPI_Win_unlock_all(rma_of(k)->win);
    if (sync == SYNC_PSCW && rma_acting(k))
        MPI_Win_complete(rma_of(k)->win);
    if (sync == SYNC_PSCW && rma_targeted(k))
        MPI_Win_wait(rma_of(k)->win);
}

/* one iteration: its operations between an epoch's start and end; the
 * request-based ones completed by MPI_Waitall on their requests before
 * the epoch's end (which MPI_Wait alone does not replace: a request's
 * completion is local, the flush or unlock makes it remote) */
static void iteration(struct kernel *k, void (*op)(struct kernel *, int, int),
                      int requests)
{
    int peer = 1 - rma_pair_rank(k), n = record_window(k->rec);
    epoch_begin(k, peer);
    if (rma_acting(k)) {
        for (int w = 0; w < n; w++)
            op(k, w, peer);
        if (requests)
            waitall(n, rma_of(k)->reqs);
    }
    epoch_end(k, peer);
}

static void loop(struct kernel *k, int iters, void (*op)(struct kernel *, int, int),
                 int requests)
{
    if (k->passive_pair && !rma_acting(k))
        return;
    for (int i = 0; i < iters; i++)
        iteration(k, op, requests);
}

void run_put(struct kernel *k, int iters) { loop(k, iters, op_put, 0); }
void run_get(struct kernel *k, int iters) { loop(k, iters, op_get, 0); }
void run_accumulate(struct kernel *k, int iters) { loop(k, iters, op_acc, 0); }
void run_get_accumulate(struct kernel *k, int iters) { loop(k, iters, op_get_acc, 0); }
void run_fetch_and_op(struct kernel *k, int iters) { loop(k, iters, op_fop, 0); }
void run_compare_and_swap(struct kernel *k, int iters) { loop(k, iters, op_cas, 0); }
void run_rput(struct kernel *k, int iters) { loop(k, iters, op_rput, 1); }
void run_rget(struct kernel *k, int iters) { loop(k, iters, op_rget, 1); }
void run_raccumulate(struct kernel *k, int iters) { loop(k, iters, op_racc, 1); }
void run_rget_accumulate(struct kernel *k, int iters) { loop(k, iters, op_rget_acc, 1); }

/* MPI allows the request-based operations only in a passive-target epoch */
int rma_request_based(const struct call *c)
{
    return c->loop == run_rput || c->loop == run_rget || c->loop == run_raccumulate ||
           c->loop == run_rget_accumulate;
}

/* ---- the pair's standing epoch ------------------------------------------
 * flush and flush_local keep MPI_Win_lock_all open from the pair's start
 * to its end (as osu_put_latency -s flush); fence opens the first epoch
 * with a fence.  The other modes open and close an epoch an iteration. */
void rma_open(struct kernel *k)
{
    struct rma_pair *s = rma_of(k);
    enum rma_sync sync = rma_settings(k->rec)->sync;
    if ((sync == SYNC_FLUSH || sync == SYNC_FLUSH_LOCAL) && rma_acting(k))
        MPI_Win_lock_all(0, s->win);
    else if (sync == SYNC_FENCE)
        MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
    s->epoch = 1;
}

void rma_close(struct kernel *k)
{
    struct rma_pair *s = rma_of(k);
    enum rma_sync sync = rma_settings(k->rec)->sync;
    if (!s->epoch)
        return;
    if ((sync == SYNC_FLUSH || sync == SYNC_FLUSH_LOCAL) && rma_acting(k))
        MPI_Win_unlock_all(s->win);
    else if (sync == SYNC_FENCE)
        MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
    s->epoch = 0;
}

/* ---- a pair's communicator and window ----------------------------------- */
static void pair_comm(struct kernel *k, struct rma_pair *s)
{
    MPI_Group all, two;
    int members[2] = {k->initiator ? k->rank : k->peer,
                      k->initiator ? k->peer : k->rank};
    MPI_Comm_group(k->comm, &all);
    MPI_Group_incl(all, 2, members, &two);
    MPI_Comm_create_group(k->comm, two, TAG_RMA, &s->pair);
    int peer = 1 - rma_pair_rank(k);
    MPI_Group_incl(two, 1, &peer, &s->peer_group);
    MPI_Group_free(&two);
    MPI_Group_free(&all);
}

static void make_window(struct kernel *k, struct rma_pair *s)
{
    size_t elems = (size_t)k->count * (size_t)record_window(k->rec);
    MPI_Aint bytes = (MPI_Aint)(elems * (size_t)k->extent);
    int unit = (int)k->extent;
    s->base = k->rbuf;
    if (rma_settings(k->rec)->win == WIN_CREATE) {
        MPI_Win_create(s->base, bytes, unit, MPI_INFO_NULL, s->pair, &s->win);
    } else if (rma_settings(k->rec)->win == WIN_ALLOCATE) {
        /* a whole number of 16 bytes: MPICH 4.0.2 places the others'
         * shared-memory segments wrongly when the sizes are not (a GET of
         * 8 or 24 bytes read 0, of 16 the data) */
        MPI_Aint whole = (bytes + 15) / 16 * 16;
        MPI_Win_allocate(whole, unit, MPI_INFO_NULL, s->pair, &s->base, &s->win);
        /* written, as every buffer (measure/buffers.c): never written,
         * its pages would read as the kernel's shared zero page */
        memset(s->base, 0, (size_t)whole);
    } else {
        /* the receive buffer has spare bytes: attach at least one */
        MPI_Win_create_dynamic(MPI_INFO_NULL, s->pair, &s->win);
        MPI_Win_attach(s->win, s->base, bytes > 0 ? bytes : 1);
        MPI_Aint mine;
        MPI_Get_address(s->base, &mine);
        MPI_Sendrecv(&mine, 1, MPI_AINT, 1 - rma_pair_rank(k), TAG_RMA, &s->remote, 1,
                     MPI_AINT, 1 - rma_pair_rank(k), TAG_RMA, s->pair,
                     MPI_STATUS_IGNORE);
    }
}

/* The pair's state is one-sided's own (k->priv): made here, freed by
 * rma_pair_end, read by nothing outside rma.c and rma_check.c. */
void rma_pair_begin(struct kernel *k)
{
    struct rma_pair *s = xcalloc(1, sizeof *s);
    k->priv = s;
    s->reqs = xmalloc_array((size_t)record_window(k->rec), sizeof *s->reqs);
    pair_comm(k, s);
    make_window(k, s);
    if (k->win_opened)
        k->win_opened(s->pair, s->win);
    /* fetching calls ask for three origin buffers (buf_sizes.c): result and
     * compare slots follow the origin's */
    size_t sn, rn, slots = (size_t)k->count * (size_t)record_window(k->rec);
    k->rec->call->buffers(2, 1, &sn, &rn);
    if (sn == 3) {
        s->result = k->sbuf + slots * (size_t)k->extent;
        s->compare = s->result + slots * (size_t)k->extent;
    }
    k->passive_pair = passive(k) && rma_settings(k->rec)->traffic != RMA_BIBW;
    rma_open(k);
}

void rma_pair_end(struct kernel *k)
{
    struct rma_pair *s = rma_of(k);
    rma_close(k);
    if (rma_settings(k->rec)->win == WIN_DYNAMIC)
        MPI_Win_detach(s->win, s->base);
    MPI_Win_free(&s->win);
    MPI_Group_free(&s->peer_group);
    MPI_Comm_free(&s->pair);
    k->passive_pair = 0;
    free(s->reqs);
    free(s);
    k->priv = NULL;
}
