/* p2p_persistent.c: persistent point-to-point, the pair's requests made
 * before its warm-up (untimed, as OSU makes them outside its timed loop)
 * and freed after its check.
 *
 * SEND_INIT is the ping-pong of SEND with MPI_Start + MPI_Wait on a send
 * and a receive request.  BW_INIT and BIBW_INIT are BW and BIBW (p2p_stream.c)
 * with a request per window slot, started with MPI_Startall: all sends
 * from one buffer as osu_bw_persistent does, each receive into a slot of
 * its own.  --check makes the requests again with a send slot each, so
 * that every message carries data of its own. */
#include "kernels/p2p_persistent.h"

#include <stdlib.h>
#include "base/base.h"
#include "kernels/p2p_stream.h"

/* the family's state for one pair: its requests, receives first */
struct preqs {
    int n;
    MPI_Request *r;
};

static struct preqs *preqs_new(struct kernel *k, int n)
{
    pinit_end(k);              /* --check makes them again */
    struct preqs *q = xcalloc(1, sizeof *q);
    q->n = n;
    q->r = xmalloc_array((size_t)n, sizeof *q->r);
    k->priv = q;
    return q;
}

/* nrecv receive requests into slots 0.. and nsend send requests after */
static void make(struct kernel *k, int nrecv, int nsend)
{
    struct preqs *q = preqs_new(k, nrecv + nsend);
    struct match from = data_match(k, k->peer);
    for (int m = 0; m < nrecv; m++)
        MPI_Recv_init(recv_slot(k, m), (int)k->count, k->type, from.source, from.tag,
                      k->comm, &q->r[m]);
    for (int m = 0; m < nsend; m++)
        MPI_Send_init(send_slot(k, m), (int)k->count,
                      k->type, k->peer, TAG_DATA, k->comm, &q->r[nrecv + m]);
}

void pinit_pingpong_begin(struct kernel *k)
{
    make(k, 1, 1);
}

void pinit_bw_begin(struct kernel *k)
{
    int w = k->rec->window;
    make(k, k->initiator ? 0 : w, k->initiator ? w : 0);
}

void pinit_bibw_begin(struct kernel *k)
{
    make(k, k->rec->window, k->rec->window);
}

void pinit_end(struct kernel *k)
{
    struct preqs *q = k->priv;
    if (!q)
        return;
    for (int m = 0; m < q->n; m++)
        MPI_Request_free(&q->r[m]);
    free(q->r);
    free(q);
    k->priv = NULL;
}

static void start_wait(MPI_Request *r)
{
    MPI_Start(r);
    MPI_Wait(r, MPI_STATUS_IGNORE);
}

void run_send_init(struct kernel *k, int iters)
{
    struct preqs *q = k->priv;
    MPI_Request *recv = &q->r[0], *send = &q->r[1];
    for (int i = 0; i < iters; i++) {
        start_wait(k->initiator ? send : recv);
        start_wait(k->initiator ? recv : send);
    }
}

/* a window one way, closed by the receiver's acknowledgement */
void run_bw_init(struct kernel *k, int iters)
{
    struct preqs *q = k->priv;
    for (int it = 0; it < iters; it++) {
        MPI_Startall(q->n, q->r);
        waitall(q->n, q->r);
        if (k->initiator)
            MPI_Recv(NULL, 0, MPI_BYTE, k->peer, TAG_ACK, k->comm, MPI_STATUS_IGNORE);
        else
            MPI_Send(NULL, 0, MPI_BYTE, k->peer, TAG_ACK, k->comm);
    }
}

void run_bibw_init(struct kernel *k, int iters)
{
    struct preqs *q = k->priv;
    for (int it = 0; it < iters; it++) {
        MPI_Startall(q->n, q->r);
        waitall(q->n, q->r);
    }
}

/* --check: p2p_stream.c's window check, the requests made again while it
 * asks for a send slot each (k->distinct) */
static void bw_fresh(struct kernel *k, int iters)
{
    pinit_bw_begin(k);
    run_bw_init(k, iters);
}

static void bibw_fresh(struct kernel *k, int iters)
{
    pinit_bibw_begin(k);
    run_bibw_init(k, iters);
}

void check_bw_init(struct kernel *k)
{
    check_window(k, k->peer, !k->initiator, bw_fresh);
}

void check_bibw_init(struct kernel *k)
{
    check_window(k, k->peer, 1, bibw_fresh);
}
