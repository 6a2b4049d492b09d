/* p2p.c: the point-to-point calls, timed as a ping-pong between a pair.
 *
 * The initiator sends first; one iteration is a round trip (two one-way
 * trips) except for the SENDRECV calls, where both partners exchange at once
 * and one iteration is one call.  Non-blocking calls are completed (Wait)
 * inside the iteration that started them. */
#include "kernels/p2p.h"

typedef int (*send_fn)(const void *, int, MPI_Datatype, int, int, MPI_Comm);
typedef int (*isend_fn)(const void *, int, MPI_Datatype, int, int, MPI_Comm,
                        MPI_Request *);

static void pingpong(struct kernel *k, int iters, send_fn send)
{
    if (k->initiator) {
        for (int i = 0; i < iters; i++) {
            send(k->sbuf, k->count, k->type, k->peer, TAG_DATA, k->comm);
            MPI_Recv(k->rbuf, k->count, k->type, k->peer, TAG_DATA, k->comm,
                     MPI_STATUS_IGNORE);
        }
    } else {
        for (int i = 0; i < iters; i++) {
            MPI_Recv(k->rbuf, k->count, k->type, k->peer, TAG_DATA, k->comm,
                     MPI_STATUS_IGNORE);
            send(k->sbuf, k->count, k->type, k->peer, TAG_DATA, k->comm);
        }
    }
}

static void ipingpong(struct kernel *k, int iters, isend_fn isend)
{
    MPI_Request r;
    if (k->initiator) {
        for (int i = 0; i < iters; i++) {
            isend(k->sbuf, k->count, k->type, k->peer, TAG_DATA, k->comm, &r);
            MPI_Wait(&r, MPI_STATUS_IGNORE);
            MPI_Recv(k->rbuf, k->count, k->type, k->peer, TAG_DATA, k->comm,
                     MPI_STATUS_IGNORE);
        }
    } else {
        for (int i = 0; i < iters; i++) {
            MPI_Recv(k->rbuf, k->count, k->type, k->peer, TAG_DATA, k->comm,
                     MPI_STATUS_IGNORE);
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
    if (k->initiator) {
        MPI_Recv(NULL, 0, MPI_BYTE, k->peer, TAG_READY, k->comm,
                 MPI_STATUS_IGNORE);
    } else {
        MPI_Irecv(k->rbuf, k->count, k->type, k->peer, TAG_DATA, k->comm,
                  &k->req);
        MPI_Send(NULL, 0, MPI_BYTE, k->peer, TAG_READY, k->comm);
    }
}

static void ready_pingpong(struct kernel *k, int iters, isend_fn irsend)
{
    MPI_Request r, s;
    if (k->initiator) {
        for (int i = 0; i < iters; i++) {
            MPI_Irecv(k->rbuf, k->count, k->type, k->peer, TAG_DATA, k->comm, &r);
            if (irsend) {
                irsend(k->sbuf, k->count, k->type, k->peer, TAG_DATA, k->comm, &s);
                MPI_Wait(&s, MPI_STATUS_IGNORE);
            } else {
                MPI_Rsend(k->sbuf, k->count, k->type, k->peer, TAG_DATA, k->comm);
            }
            MPI_Wait(&r, MPI_STATUS_IGNORE);
        }
    } else {
        for (int i = 0; i < iters; i++) {
            MPI_Wait(&k->req, MPI_STATUS_IGNORE);
            if (i + 1 < iters)
                MPI_Irecv(k->rbuf, k->count, k->type, k->peer, TAG_DATA,
                          k->comm, &k->req);
            if (irsend) {
                irsend(k->sbuf, k->count, k->type, k->peer, TAG_DATA, k->comm, &s);
                MPI_Wait(&s, MPI_STATUS_IGNORE);
            } else {
                MPI_Rsend(k->sbuf, k->count, k->type, k->peer, TAG_DATA, k->comm);
            }
        }
    }
}

void run_send(struct kernel *k, int iters) { pingpong(k, iters, MPI_Send); }
void run_ssend(struct kernel *k, int iters) { pingpong(k, iters, MPI_Ssend); }
void run_bsend(struct kernel *k, int iters) { pingpong(k, iters, MPI_Bsend); }
void run_rsend(struct kernel *k, int iters) { ready_pingpong(k, iters, NULL); }
void run_isend(struct kernel *k, int iters) { ipingpong(k, iters, MPI_Isend); }
void run_ibsend(struct kernel *k, int iters) { ipingpong(k, iters, MPI_Ibsend); }
void run_issend(struct kernel *k, int iters) { ipingpong(k, iters, MPI_Issend); }
void run_irsend(struct kernel *k, int iters) { ready_pingpong(k, iters, MPI_Irsend); }

void run_irecv(struct kernel *k, int iters)
{
    MPI_Request r;
    for (int i = 0; i < iters; i++) {
        MPI_Irecv(k->rbuf, k->count, k->type, k->peer, TAG_DATA, k->comm, &r);
        if (k->initiator) {
            MPI_Send(k->sbuf, k->count, k->type, k->peer, TAG_DATA, k->comm);
            MPI_Wait(&r, MPI_STATUS_IGNORE);
        } else {
            MPI_Wait(&r, MPI_STATUS_IGNORE);
            MPI_Send(k->sbuf, k->count, k->type, k->peer, TAG_DATA, k->comm);
        }
    }
}

void run_sendrecv(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_Sendrecv(k->sbuf, k->count, k->type, k->peer, TAG_DATA, k->rbuf,
                     k->count, k->type, k->peer, TAG_DATA, k->comm,
                     MPI_STATUS_IGNORE);
}

void run_sendrecv_replace(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_Sendrecv_replace(k->sbuf, k->count, k->type, k->peer, TAG_DATA,
                             k->peer, TAG_DATA, k->comm, MPI_STATUS_IGNORE);
}

/* Each partner sends its own block and must receive the other's. */
void check_pingpong(struct kernel *k)
{
    fill_block(k, k->sbuf, (size_t)k->count, k->rank, 0);
    clear_block(k, k->rbuf, (size_t)k->count);
    if (k->rec->call->prepare)
        k->rec->call->prepare(k);
    k->rec->call->loop(k, 1);
    expect_block(k, k->rbuf, (size_t)k->count, k->peer, 0, 0);
}

/* SENDRECV_REPLACE: the one buffer ends up holding the partner's block. */
void check_replace(struct kernel *k)
{
    fill_block(k, k->sbuf, (size_t)k->count, k->rank, 0);
    k->rec->call->loop(k, 1);
    expect_block(k, k->sbuf, (size_t)k->count, k->peer, 0, 0);
}
