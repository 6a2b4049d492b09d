/* p2p_pwindow.c: partitioned point-to-point in windows (MPI 4.0): PBW
 * and PMSGRATE stream window= partitioned messages at once, as BW_INIT
 * does persistent ones.  The pair's requests, one per window slot
 * (MPI_Psend_init on the initiator, MPI_Precv_init on the responder,
 * partitions= equal partitions each), are made once per pair and size,
 * untimed, before the warm-up.  An iteration: the initiator starts its
 * window (MPI_Startall), marks every partition of every message ready
 * (MPI_Pready, in order from one thread, or from threads= threads at
 * once, thread t the partitions p with p mod threads = t) and completes them
 * (MPI_Waitall); the responder starts its receives and completes them (by
 * MPI_Waitall, or complete=parrived by polling MPI_Parrived on every
 * partition of the window round-robin first, timing each message's early
 * bird: p2p_arrivals.h) and acknowledges with a short message, as BW
 * does.
 * Both time a message of the window; PMSGRATE gives the rate too
 * (messages a second; times partitions= for the partitions a second that
 * pmodels/mpich#5462 measures).  Every
 * send leaves its own slot (osu_bw_persistent sends from one buffer; a
 * partitioned send's buffer belongs to its request until it is freed, and
 * one request a slot keeps --check's data its own). */
#include "kernels/p2p_partitioned.h"

#include <stdlib.h>
#include "base/base.h"
#include "kernels/pool.h"
#include "kernels/p2p_stream.h"

#if HAVE_MPI4

/* the pair's early bird (the responder's, complete=parrived; first, as
 * every partitioned pair's: p2p_partitioned.h), its window of requests,
 * and threads='s team */
struct pwin {
    struct arrivals arr;
    int n;
    MPI_Request *r;
    struct pool *team;
};

void pwindow_pair_begin(struct kernel *k)
{
    int w = k->rec->window, parts = p2p_settings(k->rec)->partitions;
    int rparts = p2p_recv_partitions(k->rec);
    struct pwin *q = xcalloc(1, sizeof *q);
    q->n = w;
    q->r = xmalloc_array((size_t)w, sizeof *q->r);
    for (int m = 0; m < w; m++) {
        if (k->initiator)
            MPI_Psend_init(window_slot(k, k->sbuf, m), parts, k->count / parts, k->type,
                           k->peer, TAG_DATA, k->comm, MPI_INFO_NULL, &q->r[m]);
        else
            MPI_Precv_init(window_slot(k, k->rbuf, m), rparts, k->count / rparts, k->type,
                           k->peer, TAG_DATA, k->comm, MPI_INFO_NULL, &q->r[m]);
    }
    q->team = k->initiator ? pready_team(k) : NULL;
    if (!k->initiator && p2p_settings(k->rec)->parrived)
        arrivals_init(&q->arr, w, rparts);
    k->priv = q;
}

void pwindow_pair_end(struct kernel *k)
{
    struct pwin *q = k->priv;
    if (!q)
        return;
    for (int m = 0; m < q->n; m++)
        MPI_Request_free(&q->r[m]);
    free(q->r);
    pool_stop(q->team);
    arrivals_free(&q->arr);
    free(q);
    k->priv = NULL;
}

void run_pwindow(struct kernel *k, int iters)
{
    struct pwin *q = k->priv;
    for (int it = 0; it < iters; it++) {
        MPI_Startall(q->n, q->r);
        if (k->initiator) {
            ready_all(q->team, k, q->r, q->n);
        } else if (p2p_settings(k->rec)->parrived) {
            await_arrivals(&q->arr, q->r);   /* every partition seen arrived */
        }
        waitall(q->n, q->r);
        if (k->initiator)
            MPI_Recv(NULL, 0, MPI_BYTE, k->peer, TAG_ACK, k->comm, MPI_STATUS_IGNORE);
        else
            MPI_Send(NULL, 0, MPI_BYTE, k->peer, TAG_ACK, k->comm);
    }
}

#else   /* the plan skips them (psend_unavailable): never called */

void pwindow_pair_begin(struct kernel *k) { (void)k; }
void pwindow_pair_end(struct kernel *k) { (void)k; }
void run_pwindow(struct kernel *k, int iters) { (void)k; (void)iters; }

#endif

/* every slot's message is the initiator's block of that slot (p2p_stream.c's
 * window check: the requests are bound to the slots already) */
void check_pwindow(struct kernel *k)
{
    check_window(k, k->peer, !k->initiator, run_pwindow);
}
