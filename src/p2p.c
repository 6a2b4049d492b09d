/* p2p.c: the point-to-point calls, timed as a ping-pong between a pair.
 *
 * The initiator sends first; one iteration is a round trip (two one-way
 * trips) except for the SENDRECV calls, where both partners exchange at once
 * and one iteration is one call.  Non-blocking calls are completed (Wait)
 * inside the iteration that started them. */
#include "p2p.h"

typedef int (*send_fn)(const void *, int, MPI_Datatype, int, int, MPI_Comm);
typedef int (*isend_fn)(const void *, int, MPI_Datatype, int, int, MPI_Comm,
                        MPI_Request *);

void p2p_buffers(int p, size_t n, size_t *send, size_t *recv)
{
    (void)p;
    *send = n;
    *recv = n;
}

static void pingpong(struct bench *b, int iters, send_fn send)
{
    if (b->initiator) {
        for (int i = 0; i < iters; i++) {
            send(b->sbuf, b->count, b->type, b->peer, TAG_DATA, b->comm);
            MPI_Recv(b->rbuf, b->count, b->type, b->peer, TAG_DATA, b->comm,
                     MPI_STATUS_IGNORE);
        }
    } else {
        for (int i = 0; i < iters; i++) {
            MPI_Recv(b->rbuf, b->count, b->type, b->peer, TAG_DATA, b->comm,
                     MPI_STATUS_IGNORE);
            send(b->sbuf, b->count, b->type, b->peer, TAG_DATA, b->comm);
        }
    }
}

static void ipingpong(struct bench *b, int iters, isend_fn isend)
{
    MPI_Request r;
    if (b->initiator) {
        for (int i = 0; i < iters; i++) {
            isend(b->sbuf, b->count, b->type, b->peer, TAG_DATA, b->comm, &r);
            MPI_Wait(&r, MPI_STATUS_IGNORE);
            MPI_Recv(b->rbuf, b->count, b->type, b->peer, TAG_DATA, b->comm,
                     MPI_STATUS_IGNORE);
        }
    } else {
        for (int i = 0; i < iters; i++) {
            MPI_Recv(b->rbuf, b->count, b->type, b->peer, TAG_DATA, b->comm,
                     MPI_STATUS_IGNORE);
            isend(b->sbuf, b->count, b->type, b->peer, TAG_DATA, b->comm, &r);
            MPI_Wait(&r, MPI_STATUS_IGNORE);
        }
    }
}

/* Ready-mode sends are correct only when the matching receive is already
 * posted.  The responder posts its first receive and says so with a
 * zero-byte message (outside the timing); after that each side posts its
 * next receive before the send that provokes the partner's reply. */
void p2p_prepare_ready(struct bench *b)
{
    if (b->initiator) {
        MPI_Recv(NULL, 0, MPI_BYTE, b->peer, TAG_READY, b->comm,
                 MPI_STATUS_IGNORE);
    } else {
        MPI_Irecv(b->rbuf, b->count, b->type, b->peer, TAG_DATA, b->comm,
                  &b->req);
        MPI_Send(NULL, 0, MPI_BYTE, b->peer, TAG_READY, b->comm);
    }
}

static void ready_pingpong(struct bench *b, int iters, isend_fn irsend)
{
    MPI_Request r, s;
    if (b->initiator) {
        for (int i = 0; i < iters; i++) {
            MPI_Irecv(b->rbuf, b->count, b->type, b->peer, TAG_DATA, b->comm, &r);
            if (irsend) {
                irsend(b->sbuf, b->count, b->type, b->peer, TAG_DATA, b->comm, &s);
                MPI_Wait(&s, MPI_STATUS_IGNORE);
            } else {
                MPI_Rsend(b->sbuf, b->count, b->type, b->peer, TAG_DATA, b->comm);
            }
            MPI_Wait(&r, MPI_STATUS_IGNORE);
        }
    } else {
        for (int i = 0; i < iters; i++) {
            MPI_Wait(&b->req, MPI_STATUS_IGNORE);
            if (i + 1 < iters)
                MPI_Irecv(b->rbuf, b->count, b->type, b->peer, TAG_DATA,
                          b->comm, &b->req);
            if (irsend) {
                irsend(b->sbuf, b->count, b->type, b->peer, TAG_DATA, b->comm, &s);
                MPI_Wait(&s, MPI_STATUS_IGNORE);
            } else {
                MPI_Rsend(b->sbuf, b->count, b->type, b->peer, TAG_DATA, b->comm);
            }
        }
    }
}

void run_send(struct bench *b, int iters) { pingpong(b, iters, MPI_Send); }
void run_ssend(struct bench *b, int iters) { pingpong(b, iters, MPI_Ssend); }
void run_bsend(struct bench *b, int iters) { pingpong(b, iters, MPI_Bsend); }
void run_rsend(struct bench *b, int iters) { ready_pingpong(b, iters, NULL); }
void run_isend(struct bench *b, int iters) { ipingpong(b, iters, MPI_Isend); }
void run_ibsend(struct bench *b, int iters) { ipingpong(b, iters, MPI_Ibsend); }
void run_issend(struct bench *b, int iters) { ipingpong(b, iters, MPI_Issend); }
void run_irsend(struct bench *b, int iters) { ready_pingpong(b, iters, MPI_Irsend); }

void run_irecv(struct bench *b, int iters)
{
    MPI_Request r;
    for (int i = 0; i < iters; i++) {
        MPI_Irecv(b->rbuf, b->count, b->type, b->peer, TAG_DATA, b->comm, &r);
        if (b->initiator) {
            MPI_Send(b->sbuf, b->count, b->type, b->peer, TAG_DATA, b->comm);
            MPI_Wait(&r, MPI_STATUS_IGNORE);
        } else {
            MPI_Wait(&r, MPI_STATUS_IGNORE);
            MPI_Send(b->sbuf, b->count, b->type, b->peer, TAG_DATA, b->comm);
        }
    }
}

void run_sendrecv(struct bench *b, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_Sendrecv(b->sbuf, b->count, b->type, b->peer, TAG_DATA, b->rbuf,
                     b->count, b->type, b->peer, TAG_DATA, b->comm,
                     MPI_STATUS_IGNORE);
}

void run_sendrecv_replace(struct bench *b, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_Sendrecv_replace(b->sbuf, b->count, b->type, b->peer, TAG_DATA,
                             b->peer, TAG_DATA, b->comm, MPI_STATUS_IGNORE);
}

/* Each partner sends its own block and must receive the other's. */
void check_pingpong(struct bench *b)
{
    fill_block(b, b->sbuf, (size_t)b->count, b->rank, 0);
    clear_block(b, b->rbuf, (size_t)b->count);
    if (b->rec->call->prepare)
        b->rec->call->prepare(b);
    b->rec->call->run(b, 1);
    expect_block(b, b->rbuf, (size_t)b->count, b->peer, 0, 0);
}

/* SENDRECV_REPLACE: the one buffer ends up holding the partner's block. */
void check_replace(struct bench *b)
{
    fill_block(b, b->sbuf, (size_t)b->count, b->rank, 0);
    b->rec->call->run(b, 1);
    expect_block(b, b->sbuf, (size_t)b->count, b->peer, 0, 0);
}
