/* p2p_stream.c: streaming point-to-point calls, as OSU measures bandwidth,
 * message rate and latency under load.
 *
 * A window is window= messages in flight at once: MPI_Isend (all from one
 * send buffer, as osu_bw does; --check and buffers=multiple send each
 * from a slot of its own)
 * into a receive slot each (one buffer for all would be overlapping
 * receives, which MPI forbids), completed by MPI_Waitall and, for BW and
 * MSGRATE, a short acknowledgement that keeps the sender from racing
 * ahead. */
#include "kernels/p2p_stream.h"

#include <stdlib.h>
#include "base/base.h"
#include "kernels/large.h"

char *window_slot(const struct kernel *k, char *buf, int w)
{
    return buf + (size_t)w * (size_t)k->count * (size_t)k->extent;
}

/* the receive buffer of message w: a slot each, or with buffers=single
 * one for all, as osu_bw's default (overlapping receives, which MPI
 * forbids: the data is whatever lands last, so --check, which needs
 * every message's own, gives each a slot all the same) */
char *recv_slot(const struct kernel *k, int w)
{
    return k->shared_recv && !k->distinct ? k->rbuf : window_slot(k, k->rbuf, w);
}

/* the send buffer of message w: one for all, as osu_bw's default, or its
 * own under --check and buffers=multiple (osu_bw -b multiple sends each
 * from a buffer of its own too: a window of 4 MiB messages then reads
 * 256 MiB, not one cached 4 MiB) */
char *send_slot(const struct kernel *k, int w)
{
    return k->distinct || k->own_sends ? window_slot(k, k->sbuf, w) : k->sbuf;
}

void layout_window(struct kernel *k)
{
    free(k->reqs);
    k->reqs = xmalloc_array(2 * (size_t)k->rec->window + 1, sizeof *k->reqs);
}

/* one side of a window: sending to, or receiving from, peer */
static void window(struct kernel *k, int iters, int peer, int sending)
{
    int w = k->rec->window;
    struct match from = data_match(k, peer);
    for (int it = 0; it < iters; it++) {
        for (int m = 0; m < w; m++) {
            if (sending)
                isend_any(send_slot(k, m), k->count, k->type, peer, TAG_DATA, k->comm,
                          &k->reqs[m]);
            else
                irecv_any(recv_slot(k, m), k->count, k->type, from.source, from.tag,
                          k->comm, &k->reqs[m]);
        }
        waitall(w, k->reqs);
        if (sending)
            MPI_Recv(NULL, 0, MPI_BYTE, peer, TAG_ACK, k->comm, MPI_STATUS_IGNORE);
        else
            MPI_Send(NULL, 0, MPI_BYTE, peer, TAG_ACK, k->comm);
    }
}

void run_bw(struct kernel *k, int iters)
{
    window(k, iters, k->peer, k->initiator);
}

/* both ways at once with peer: window= receives, then window= sends */
static void bibw(struct kernel *k, int iters, int peer)
{
    int w = k->rec->window;
    struct match from = data_match(k, peer);
    for (int it = 0; it < iters; it++) {
        for (int m = 0; m < w; m++)
            irecv_any(recv_slot(k, m), k->count, k->type, from.source, from.tag,
                      k->comm, &k->reqs[m]);
        for (int m = 0; m < w; m++)
            isend_any(send_slot(k, m), k->count, k->type, peer, TAG_DATA, k->comm,
                      &k->reqs[w + m]);
        waitall(2 * w, k->reqs);
    }
}

void run_bibw(struct kernel *k, int iters)
{
    bibw(k, iters, k->peer);
}

/* this rank's part in a multi-pair call: its partner (-1: an odd rank
 * out) and whether it is the one that sends first */
static int partner(const struct kernel *k, int *sender)
{
    int half = k->size / 2;
    *sender = k->rank < half;
    if (k->rank < half)
        return k->rank + half;
    return k->rank < 2 * half ? k->rank - half : -1;
}

void layout_multi(struct kernel *k)
{
    int sender;
    if (call_has(k->rec->call, CALL_WINDOWED))
        layout_window(k);
    k->sits_out = partner(k, &sender) < 0;
}

void run_msgrate(struct kernel *k, int iters)
{
    int sender, peer = partner(k, &sender);
    if (peer >= 0)
        window(k, iters, peer, sender);
}

void run_multi_bibw(struct kernel *k, int iters)
{
    int sender, peer = partner(k, &sender);
    if (peer >= 0)
        bibw(k, iters, peer);
}

void run_multi_latency(struct kernel *k, int iters)
{
    int sender, peer = partner(k, &sender);
    struct match from = data_match(k, peer);
    for (int it = 0; it < iters && peer >= 0; it++) {
        if (sender)
            MPI_Send(k->sbuf, (int)k->count, k->type, peer, TAG_DATA, k->comm);
        MPI_Recv(k->rbuf, (int)k->count, k->type, from.source, from.tag, k->comm,
                 MPI_STATUS_IGNORE);
        if (!sender)
            MPI_Send(k->sbuf, (int)k->count, k->type, peer, TAG_DATA, k->comm);
    }
}

void check_window(struct kernel *k, int peer, int receives,
                  void (*run)(struct kernel *, int))
{
    int w = k->rec->window;
    size_t n = (size_t)k->count;
    for (int m = 0; m < w; m++) {
        fill_block(k, window_slot(k, k->sbuf, m), n, k->rank, (size_t)m * n);
        clear_block(k, window_slot(k, k->rbuf, m), n);
    }
    k->distinct = 1;
    check_run_with(k, run);     /* through the GPU buffers, where they are */
    k->distinct = 0;
    for (int m = 0; m < w && receives; m++)
        expect_block(k, window_slot(k, k->rbuf, m), n, peer, (size_t)m * n, (size_t)m * n);
}

void check_bw(struct kernel *k)
{
    check_window(k, k->peer, !k->initiator, run_bw);
}

void check_bibw(struct kernel *k)
{
    check_window(k, k->peer, 1, run_bibw);
}

void check_msgrate(struct kernel *k)
{
    int sender, peer = partner(k, &sender);
    if (peer >= 0)
        check_window(k, peer, !sender, run_msgrate);
}

void check_multi_bibw(struct kernel *k)
{
    int sender, peer = partner(k, &sender);
    if (peer >= 0)
        check_window(k, peer, 1, run_multi_bibw);
}

void check_multi_latency(struct kernel *k)
{
    int sender, peer = partner(k, &sender);
    size_t n = (size_t)k->count;
    if (peer < 0)
        return;
    fill_block(k, k->sbuf, n, k->rank, 0);
    clear_block(k, k->rbuf, n);
    check_run(k);
    expect_block(k, k->rbuf, n, peer, 0, 0);
}
