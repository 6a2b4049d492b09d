/* p2p_persistent.c: persistent point-to-point, the pair's requests made
 * before its warm-up (untimed, as OSU makes them outside its timed loop)
 * and freed after its check.
 *
 * SEND_INIT is the ping-pong of SEND with MPI_Start + MPI_Wait on a send
 * and a receive request.  BW_INIT and BIBW_INIT are BW and BIBW (stream.c)
 * with a request per window slot, started with MPI_Startall: all sends
 * from one buffer as osu_bw_persistent does, each receive into a slot of
 * its own.  --check makes the requests again with a send slot each, so
 * that every message carries data of its own. */
#include "kernels/p2p_persistent.h"

#include <stdlib.h>
#include "base/base.h"

/* the family's state for one pair: its requests, receives first */
struct preqs {
    int n, nrecv;
    MPI_Request *r;
};

static char *slot(const struct kernel *k, char *buf, int w)
{
    return buf + (size_t)w * (size_t)k->count * (size_t)k->extent;
}

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
    q->nrecv = nrecv;
    for (int m = 0; m < nrecv; m++)
        MPI_Recv_init(slot(k, k->rbuf, m), k->count, k->type, k->peer, TAG_DATA,
                      k->comm, &q->r[m]);
    for (int m = 0; m < nsend; m++)
        MPI_Send_init(k->distinct ? slot(k, k->sbuf, m) : k->sbuf, k->count,
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

/* every message of one window from a slot of its own, compared on the
 * receiving side(s); begin makes the requests for the slots */
static void check_window(struct kernel *k, void (*begin)(struct kernel *),
                         int receives)
{
    int w = k->rec->window;
    size_t n = (size_t)k->count;
    for (int m = 0; m < w; m++) {
        fill_block(k, slot(k, k->sbuf, m), n, k->rank, (size_t)m * n);
        clear_block(k, slot(k, k->rbuf, m), n);
    }
    k->distinct = 1;
    begin(k);
    k->distinct = 0;
    k->rec->call->run(k, 1);
    for (int m = 0; m < w && receives; m++)
        expect_block(k, slot(k, k->rbuf, m), n, k->peer, (size_t)m * n, (size_t)m * n);
}

void check_bw_init(struct kernel *k)
{
    check_window(k, pinit_bw_begin, !k->initiator);
}

void check_bibw_init(struct kernel *k)
{
    check_window(k, pinit_bibw_begin, 1);
}
