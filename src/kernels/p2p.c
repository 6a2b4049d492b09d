/* p2p.c: the point-to-point calls, timed as a ping-pong between a pair.
 *
 * The initiator sends first; one iteration is a round trip (two one-way
 * trips) except for the SENDRECV calls, where both partners exchange at once
 * and one iteration is one call.  Non-blocking calls are completed (Wait)
 * inside the iteration that started them. */
#include "kernels/p2p.h"

#include "kernels/large.h"

/* counts are MPI_Count: SEND, SSEND, ISEND, ISSEND take large ones
 * (large.h); the buffered and ready modes stay int (the parser holds
 * their counts there) */
typedef int (*send_fn)(const void *, MPI_Count, MPI_Datatype, int, int, MPI_Comm);
typedef int (*isend_fn)(const void *, MPI_Count, MPI_Datatype, int, int, MPI_Comm,
                        MPI_Request *);

static int bsend_int(const void *b, MPI_Count n, MPI_Datatype t, int to, int tag,
                     MPI_Comm c)
{
    return MPI_Bsend(b, (int)n, t, to, tag, c);
}

static int ibsend_int(const void *b, MPI_Count n, MPI_Datatype t, int to, int tag,
                      MPI_Comm c, MPI_Request *r)
{
    return MPI_Ibsend(b, (int)n, t, to, tag, c, r);
}

static int irsend_int(const void *b, MPI_Count n, MPI_Datatype t, int to, int tag,
                      MPI_Comm c, MPI_Request *r)
{
    return MPI_Irsend(b, (int)n, t, to, tag, c, r);
}

/* the data receive from the partner, matching from (data_match) */
static void recv_data(struct kernel *k, struct match from)
{
    recv_any(k->rbuf, k->count, k->type, from.source, from.tag, k->comm);
}

static void irecv_data(struct kernel *k, struct match from, MPI_Request *r)
{
    irecv_any(k->rbuf, k->count, k->type, from.source, from.tag, k->comm, r);
}

/* staged=1 (kernels/device.c): the message copied from the GPU before
 * each send and each received one to the GPU; the flag is read once, so
 * a host-memory loop pays a register test a trip */
static void pingpong(struct kernel *k, int iters, send_fn send)
{
    struct match from = data_match(k, k->peer);
    const int staged = k->in_staged_loop;
    if (k->initiator) {
        for (int i = 0; i < iters; i++) {
            if (staged)
                device_out(k);
            send(k->sbuf, k->count, k->type, k->peer, TAG_DATA, k->comm);
            recv_data(k, from);
            if (staged)
                device_in(k);
        }
    } else {
        for (int i = 0; i < iters; i++) {
            recv_data(k, from);
            if (staged)
                device_in(k);
            if (staged)
                device_out(k);
            send(k->sbuf, k->count, k->type, k->peer, TAG_DATA, k->comm);
        }
    }
}

static void ipingpong(struct kernel *k, int iters, isend_fn isend)
{
    struct match from = data_match(k, k->peer);
    const int staged = k->in_staged_loop;
    MPI_Request r;
    if (k->initiator) {
        for (int i = 0; i < iters; i++) {
            if (staged)
                device_out(k);
            isend(k->sbuf, k->count, k->type, k->peer, TAG_DATA, k->comm, &r);
            MPI_Wait(&r, MPI_STATUS_IGNORE);
            recv_data(k, from);
            if (staged)
                device_in(k);
        }
    } else {
        for (int i = 0; i < iters; i++) {
            recv_data(k, from);
            if (staged)
                device_in(k);
            if (staged)
                device_out(k);
            isend(k->sbuf, k->count, k->type, k->peer, TAG_DATA, k->comm, &r);
            MPI_Wait(&r, MPI_STATUS_IGNORE);
        }
    }
}

/* Ready-mode sends are correct only when the matching receive is already
 * posted.  The responder posts its first receive and says so with a
 * zero-byte message (outside the timing); after that each side posts its
 * next receive before the send that provokes the partner's reply. */
void p2p_prepare_ready(struct kernel *k)
{
    struct match from = data_match(k, k->peer);
    if (k->initiator) {
        MPI_Recv(NULL, 0, MPI_BYTE, k->peer, TAG_READY, k->comm,
                 MPI_STATUS_IGNORE);
    } else {
        irecv_data(k, from, &k->req);
        MPI_Send(NULL, 0, MPI_BYTE, k->peer, TAG_READY, k->comm);
    }
}

static void ready_pingpong(struct kernel *k, int iters, isend_fn irsend)
{
    struct match from = data_match(k, k->peer);
    MPI_Request r, s;
    if (k->initiator) {
        for (int i = 0; i < iters; i++) {
            irecv_data(k, from, &r);
            if (irsend) {
                irsend(k->sbuf, k->count, k->type, k->peer, TAG_DATA, k->comm, &s);
                MPI_Wait(&s, MPI_STATUS_IGNORE);
            } else {
                MPI_Rsend(k->sbuf, (int)k->count, k->type, k->peer, TAG_DATA, k->comm);
            }
            MPI_Wait(&r, MPI_STATUS_IGNORE);
        }
    } else {
        for (int i = 0; i < iters; i++) {
            MPI_Wait(&k->req, MPI_STATUS_IGNORE);
            if (i + 1 < iters)
                irecv_data(k, from, &k->req);
            if (irsend) {
                irsend(k->sbuf, k->count, k->type, k->peer, TAG_DATA, k->comm, &s);
                MPI_Wait(&s, MPI_STATUS_IGNORE);
            } else {
                MPI_Rsend(k->sbuf, (int)k->count, k->type, k->peer, TAG_DATA, k->comm);
            }
        }
    }
}

void run_send(struct kernel *k, int iters) { pingpong(k, iters, send_any); }
void run_ssend(struct kernel *k, int iters) { pingpong(k, iters, ssend_any); }
void run_bsend(struct kernel *k, int iters) { pingpong(k, iters, bsend_int); }
void run_rsend(struct kernel *k, int iters) { ready_pingpong(k, iters, NULL); }
void run_isend(struct kernel *k, int iters) { ipingpong(k, iters, isend_any); }
void run_ibsend(struct kernel *k, int iters) { ipingpong(k, iters, ibsend_int); }
void run_issend(struct kernel *k, int iters) { ipingpong(k, iters, issend_any); }
void run_irsend(struct kernel *k, int iters) { ready_pingpong(k, iters, irsend_int); }

void run_irecv(struct kernel *k, int iters)
{
    struct match from = data_match(k, k->peer);
    MPI_Request r;
    for (int i = 0; i < iters; i++) {
        irecv_data(k, from, &r);
        if (k->initiator) {
            send_any(k->sbuf, k->count, k->type, k->peer, TAG_DATA, k->comm);
            MPI_Wait(&r, MPI_STATUS_IGNORE);
        } else {
            MPI_Wait(&r, MPI_STATUS_IGNORE);
            send_any(k->sbuf, k->count, k->type, k->peer, TAG_DATA, k->comm);
        }
    }
}

/* both partners at once: MPI_Isend to the other, MPI_Recv from it, then
 * MPI_Wait on the send (IMB-MPI1 PingPing): one message each way an
 * iteration, the two in flight together */
void run_pingping(struct kernel *k, int iters)
{
    struct match from = data_match(k, k->peer);
    MPI_Request r;
    for (int i = 0; i < iters; i++) {
        isend_any(k->sbuf, k->count, k->type, k->peer, TAG_DATA, k->comm, &r);
        recv_data(k, from);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    }
}

void run_sendrecv(struct kernel *k, int iters)
{
    struct match from = data_match(k, k->peer);
    for (int i = 0; i < iters; i++)
        sendrecv_any(k->sbuf, k->rbuf, k->count, k->type, k->peer, from.source, TAG_DATA,
                     from.tag, k->comm);
}

void run_sendrecv_replace(struct kernel *k, int iters)
{
    struct match from = data_match(k, k->peer);
    for (int i = 0; i < iters; i++)
        MPI_Sendrecv_replace(k->sbuf, (int)k->count, k->type, k->peer, TAG_DATA,
                             from.source, from.tag, k->comm, MPI_STATUS_IGNORE);
}

/* the call's prepare (a ready-mode receive posted ahead) and its loop:
 * with GPU buffers the receive is posted into the buffer the loop then
 * waits on (check_run_with swaps them in first) */
static void prepared_loop(struct kernel *k, int n)
{
    if (k->rec->call->prepare)
        k->rec->call->prepare(k);
    k->rec->call->loop(k, n);
}

/* Each partner sends its own block and must receive the other's. */
void check_pingpong(struct kernel *k)
{
    fill_block(k, k->sbuf, (size_t)k->count, k->rank, 0);
    clear_block(k, k->rbuf, (size_t)k->count);
    check_run_with(k, prepared_loop);
    expect_block(k, k->rbuf, (size_t)k->count, k->peer, 0, 0);
}

/* SENDRECV_REPLACE: the one buffer ends up holding the partner's block. */
void check_replace(struct kernel *k)
{
    fill_block(k, k->sbuf, (size_t)k->count, k->rank, 0);
    check_run(k);
    expect_block(k, k->sbuf, (size_t)k->count, k->peer, 0, 0);
}
