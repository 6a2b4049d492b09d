/* fabric.c: calls that load the fabric at once, as osu_bw_fan_in and
 * osu_bw_fan_out (FAN_IN, FAN_OUT: every rank and one root), IMB-P2P's
 * random pairs and netgauge's effective bisection bandwidth
 * (PERMUTATION: random perfect matchings) and mpiGraph (SHIFT: every
 * rank to rank + d, for every d).
 *
 * Every message of a window has a receive slot of its own (MPI forbids
 * overlapping receives); sends come from one buffer, or (--check) from a
 * slot each with data of its own.  FAN_IN's root has slots for the
 * windows of at most fan_in_windows() senders (registry/record.h): more
 * senders take turns in them, a slot reposted as soon as its message is
 * in, so that the root's memory does not grow with the ranks.  The fans close a window with a short
 * acknowledgement from the receiving side, as BW does; PERMUTATION and
 * SHIFT post their window's receives, then its sends, and wait for all,
 * as BIBW does.  A phase's partners live in the size's state (k->priv). */
#include "kernels/fabric.h"

#include <stdlib.h>
#include "base/base.h"
#include "kernels/p2p_stream.h"
#include "registry/record.h"
#include "models/schedule.h"

/* the phase's partners: k->peer is sent to, source is received from;
 * FAN_IN's root: its receive slots (a window for each of at most
 * fan_in_windows() senders), the message each holds, and MPI_Waitsome's
 * indices */
struct fabric {
    int source;
    int slots;
    int *held, *index;
};

static void finish_fabric(struct kernel *k)
{
    struct fabric *f = k->priv;
    if (f) {
        free(f->held);
        free(f->index);
    }
    free(f);
    k->priv = NULL;
}

void layout_fabric(struct kernel *k)
{
    size_t slots = (size_t)k->rec->window * (size_t)(k->size > 1 ? k->size : 2);
    free(k->reqs);
    k->reqs = xmalloc_array(2 * slots + 1, sizeof *k->reqs);
    if (k->finish == finish_fabric)
        finish_fabric(k);      /* the last size's */
    else
        free(k->priv);
    struct fabric *f = xcalloc(1, sizeof *f);
    f->source = -1;
    if (call_has(k->rec->call, CALL_RING)) {
        int windows = fan_in_windows();
        f->slots = (k->size < windows ? k->size : windows) * k->rec->window;
        f->held = xmalloc_array((size_t)f->slots + 1, sizeof *f->held);
        f->index = xmalloc_array((size_t)f->slots + 1, sizeof *f->index);
    }
    k->priv = f;
    k->finish = finish_fabric;
    k->peer = -1;
}

static int source_of(const struct kernel *k)
{
    return ((const struct fabric *)k->priv)->source;
}

/* the root's index for the ranks around it: 0 .. p - 2 */
static int around(const struct kernel *k, int r)
{
    return r < k->root ? r : r - 1;
}

/* the root's message i in the order it posts them when senders take
 * turns: message m of every sender, then m + 1 (so that every sender's
 * first messages find a receive early) */
static void fan_message(const struct kernel *k, int i, int *r, int *m)
{
    int senders = k->size - 1, a = i % senders;
    *m = i / senders;
    *r = a < k->root ? a : a + 1;
}

/* --check at the root: message m of sender r, in slot, holds r's data;
 * then the slot is cleared for the next message.  Elements are reported
 * at the message's place among all of them (sender by sender). */
static void verify_fan(struct kernel *k, int slot, int r, int m)
{
    size_t n = (size_t)k->count, w = (size_t)k->rec->window;
    char *buf = window_slot(k, k->rbuf, slot);
    /* GPU buffers handed to MPI: the slot read and cleared through its
     * host place (the loop runs on the GPU ones) */
    char *host = device_host_view(k, buf);
    device_copy_span(k, host, buf, n * (size_t)k->extent);
    expect_block(k, host, n, r, (size_t)m * n, ((size_t)around(k, r) * w + (size_t)m) * n);
    clear_block(k, host, n);
    device_copy_span(k, buf, host, n * (size_t)k->extent);
}

static void post_fan(struct kernel *k, int i, int slot)
{
    int r, m;
    fan_message(k, i, &r, &m);
    ((struct fabric *)k->priv)->held[slot] = i;
    MPI_Irecv(window_slot(k, k->rbuf, slot), k->count, k->type, r, TAG_DATA, k->comm,
              &k->reqs[slot]);
}

/* MPI_Waitsome without statuses: as waitall (sync_barrier.c), GCC takes
 * MPI_STATUSES_IGNORE for an array of none */
#if defined(__GNUC__) && !defined(__clang__)   /* clang has no such warning */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overflow"
#endif
static void waitsome(int n, MPI_Request *req, int *got, int *index)
{
    MPI_Waitsome(n, req, got, index, MPI_STATUSES_IGNORE);
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

/* the root's side when the senders' windows outnumber its slots: every
 * slot posted, then each reposted with the next message as soon as its
 * own is in (verified first under --check) */
static void fan_in_turns(struct kernel *k, int total)
{
    struct fabric *f = k->priv;
    int next = 0, done = 0;
    for (; next < f->slots; next++)
        post_fan(k, next, next);
    while (done < total) {
        int got = MPI_UNDEFINED, r, m;
        waitsome(f->slots, k->reqs, &got, f->index);
        if (got == MPI_UNDEFINED || got <= 0)
            return;            /* an MPI error (recorded by the handler) */
        for (int j = 0; j < got; j++, done++) {
            int slot = f->index[j];
            fan_message(k, f->held[slot], &r, &m);
            if (k->distinct)
                verify_fan(k, slot, r, m);
            if (next < total)
                post_fan(k, next++, slot);
        }
    }
}

/* the root's side: every sender's window into a slot each when they fit
 * (sender by sender, as osu_bw_fan_in), else in turns */
static void fan_in_root(struct kernel *k)
{
    int w = k->rec->window, total = (k->size - 1) * w;
    if (total > ((struct fabric *)k->priv)->slots) {
        fan_in_turns(k, total);
        return;
    }
    for (int r = 0, n = 0; r < k->size; r++)
        for (int m = 0; m < w && r != k->root; m++, n++)
            MPI_Irecv(window_slot(k, k->rbuf, around(k, r) * w + m), k->count,
                      k->type, r, TAG_DATA, k->comm, &k->reqs[n]);
    waitall(total, k->reqs);
    for (int r = 0; r < k->size && k->distinct; r++)
        for (int m = 0; m < w && r != k->root; m++)
            verify_fan(k, around(k, r) * w + m, r, m);
}

void run_fan_in(struct kernel *k, int iters)
{
    int w = k->rec->window;
    for (int it = 0; it < iters; it++) {
        if (k->rank != k->root) {
            for (int m = 0; m < w; m++)
                MPI_Isend(send_slot(k, m), k->count, k->type, k->root, TAG_DATA,
                          k->comm, &k->reqs[m]);
            waitall(w, k->reqs);
            MPI_Recv(NULL, 0, MPI_BYTE, k->root, TAG_ACK, k->comm, MPI_STATUS_IGNORE);
            continue;
        }
        fan_in_root(k);
        for (int r = 0; r < k->size; r++)
            if (r != k->root)
                MPI_Send(NULL, 0, MPI_BYTE, r, TAG_ACK, k->comm);
    }
}

void run_fan_out(struct kernel *k, int iters)
{
    int w = k->rec->window, n = 0;
    for (int it = 0; it < iters; it++) {
        if (k->rank != k->root) {
            for (int m = 0; m < w; m++)
                MPI_Irecv(window_slot(k, k->rbuf, m), k->count, k->type, k->root,
                          TAG_DATA, k->comm, &k->reqs[m]);
            waitall(w, k->reqs);
            MPI_Send(NULL, 0, MPI_BYTE, k->root, TAG_ACK, k->comm);
            continue;
        }
        n = 0;
        for (int r = 0; r < k->size; r++)
            for (int m = 0; m < w && r != k->root; m++, n++)
                MPI_Isend(send_slot(k, m), k->count, k->type, r, TAG_DATA, k->comm,
                          &k->reqs[n]);
        waitall(n, k->reqs);
        for (int r = 0; r < k->size; r++)
            if (r != k->root)
                MPI_Recv(NULL, 0, MPI_BYTE, r, TAG_ACK, k->comm, MPI_STATUS_IGNORE);
    }
}

void run_exchange(struct kernel *k, int iters)
{
    int w = k->rec->window, src = source_of(k);
    if (k->peer < 0)
        return;
    for (int it = 0; it < iters; it++) {
        for (int m = 0; m < w; m++)
            MPI_Irecv(window_slot(k, k->rbuf, m), k->count, k->type, src, TAG_DATA,
                      k->comm, &k->reqs[m]);
        for (int m = 0; m < w; m++)
            MPI_Isend(send_slot(k, m), k->count, k->type, k->peer, TAG_DATA, k->comm,
                      &k->reqs[w + m]);
        waitall(2 * w, k->reqs);
    }
}

/* --check: every sender's window slots filled with data of its own,
 * receive slots (recv of them) cleared */
static void fill_window(struct kernel *k, int recv)
{
    size_t n = (size_t)k->count;
    for (int m = 0; m < k->rec->window; m++)
        fill_block(k, window_slot(k, k->sbuf, m), n, k->rank, (size_t)m * n);
    for (int m = 0; m < recv; m++)
        clear_block(k, window_slot(k, k->rbuf, m), n);
}

/* one iteration of run with every message from a slot of its own */
static void run_distinct(struct kernel *k, void (*run)(struct kernel *, int))
{
    k->distinct = 1;
    check_run_with(k, run);
    k->distinct = 0;
}

/* the root verifies each message as it lands (fan_in_root): with turns
 * a slot holds several messages one after the other */
void check_fan_in(struct kernel *k)
{
    int total = (k->size - 1) * k->rec->window, slots = ((struct fabric *)k->priv)->slots;
    fill_window(k, k->rank == k->root ? (total < slots ? total : slots) : 0);
    run_distinct(k, run_fan_in);
}

void check_fan_out(struct kernel *k)
{
    int w = k->rec->window;
    size_t n = (size_t)k->count;
    fill_window(k, k->rank == k->root ? 0 : w);
    run_distinct(k, run_fan_out);
    for (int m = 0; m < w && k->rank != k->root; m++)
        expect_block(k, window_slot(k, k->rbuf, m), n, k->root, (size_t)m * n,
                     (size_t)m * n);
}

void check_exchange(struct kernel *k)
{
    int w = k->rec->window, src = source_of(k);
    size_t n = (size_t)k->count;
    if (k->peer < 0)
        return;
    fill_window(k, w);
    run_distinct(k, run_exchange);
    for (int m = 0; m < w; m++)
        expect_block(k, window_slot(k, k->rbuf, m), n, src, (size_t)m * n,
                     (size_t)m * n);
}

int shift_phases(const struct record *r, int p)
{
    (void)r;
    return p > 1 ? p - 1 : 0;
}

void shift_phase(struct kernel *k, int i)
{
    int d = i + 1;
    k->peer = (k->rank + d) % k->size;
    k->sits_out = 0;
    ((struct fabric *)k->priv)->source = (k->rank - d + k->size) % k->size;
}

int permutation_phases(const struct record *r, int p)
{
    (void)r;
    return p > 1 ? MATCHINGS : 0;
}

void permutation_phase(struct kernel *k, int i)
{
    int *partner = xmalloc_array((size_t)k->size + 1, sizeof *partner);
    random_matching(k->size, fabric_settings(k->rec)->seed, i, partner);
    k->peer = partner[k->rank];
    k->sits_out = k->peer < 0;     /* odd P: the rank the matching leaves out */
    ((struct fabric *)k->priv)->source = k->peer;
    free(partner);
}

long long streams_fan(int p)
{
    return p > 1 ? p - 1 : 1;
}

long long streams_all(int p)
{
    return p;
}

long long streams_paired(int p)
{
    return p - p % 2;
}
