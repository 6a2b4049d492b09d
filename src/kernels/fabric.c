/* fabric.c: calls that load the fabric at once, as osu_bw_fan_in and
 * osu_bw_fan_out (FAN_IN, FAN_OUT: every rank and one root), IMB-P2P's
 * random pairs and netgauge's effective bisection bandwidth
 * (PERMUTATION: random perfect matchings) and mpiGraph (SHIFT: every
 * rank to rank + d, for every d).
 *
 * Every message of a window has a receive slot of its own (MPI forbids
 * overlapping receives); sends come from one buffer, or (--check) from a
 * slot each with data of its own.  The fans close a window with a short
 * acknowledgement from the receiving side, as BW does; PERMUTATION and
 * SHIFT post their window's receives, then its sends, and wait for all,
 * as BIBW does.  A phase's partners live in the size's state (k->priv). */
#include "kernels/fabric.h"

#include <stdlib.h>
#include "base/base.h"
#include "kernels/stream.h"
#include "models/schedule.h"

/* the phase's partners: k->peer is sent to, source is received from */
struct fabric {
    int source;
};

static void finish_fabric(struct kernel *k)
{
    free(k->priv);
    k->priv = NULL;
}

void layout_fabric(struct kernel *k)
{
    size_t slots = (size_t)k->rec->window * (size_t)(k->size > 1 ? k->size : 2);
    free(k->reqs);
    k->reqs = xmalloc_array(2 * slots + 1, sizeof *k->reqs);
    free(k->priv);
    struct fabric *f = xmalloc(sizeof *f);
    f->source = -1;
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

void run_fan_in(struct kernel *k, int iters)
{
    int w = k->rec->window, n = 0;
    for (int it = 0; it < iters; it++) {
        if (k->rank != k->root) {
            for (int m = 0; m < w; m++)
                MPI_Isend(send_slot(k, m), k->count, k->type, k->root, TAG_DATA,
                          k->comm, &k->reqs[m]);
            waitall(w, k->reqs);
            MPI_Recv(NULL, 0, MPI_BYTE, k->root, TAG_ACK, k->comm, MPI_STATUS_IGNORE);
            continue;
        }
        n = 0;
        for (int r = 0; r < k->size; r++)
            for (int m = 0; m < w && r != k->root; m++, n++)
                MPI_Irecv(window_slot(k, k->rbuf, around(k, r) * w + m), k->count,
                          k->type, r, TAG_DATA, k->comm, &k->reqs[n]);
        waitall(n, k->reqs);
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
    run(k, 1);
    k->distinct = 0;
}

void check_fan_in(struct kernel *k)
{
    int w = k->rec->window;
    size_t n = (size_t)k->count;
    fill_window(k, k->rank == k->root ? (k->size - 1) * w : 0);
    run_distinct(k, run_fan_in);
    for (int r = 0; r < k->size && k->rank == k->root; r++)
        for (int m = 0; m < w && r != k->root; m++) {
            size_t slot = (size_t)around(k, r) * (size_t)w + (size_t)m;
            expect_block(k, window_slot(k, k->rbuf, (int)slot), n, r, (size_t)m * n,
                         slot * n);
        }
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
    random_matching(k->size, k->rec->seed, i, partner);
    k->peer = partner[k->rank];
    k->sits_out = k->peer < 0;     /* odd P: the rank the matching leaves out */
    ((struct fabric *)k->priv)->source = k->peer;
    free(partner);
}

int streams_fan(int p)
{
    return p > 1 ? p - 1 : 1;
}

int streams_all(int p)
{
    return p;
}

int streams_paired(int p)
{
    return p - p % 2;
}
