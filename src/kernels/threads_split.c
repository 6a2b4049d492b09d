/* threads_split.c: LATENCY_MT with threads=S:R (osu_latency_mt -t S:R):
 * S threads of the initiator each ping-pong as LATENCY_MT's do (thread s
 * sends from its slot with its tag TAG_THREAD + 2 s and waits for the
 * answer with that tag), and R <= S threads of the responder share the S
 * round trips of every iteration: thread r takes round trips r, r + R,
 * ... of the iteration's S x iters, receives whichever sender's message
 * comes (MPI_ANY_TAG from the partner: only the pair's thread traffic is
 * in flight on its communicator while it runs) and answers with that
 * message's tag from that sender's slot.  Both sides on the pair's one
 * communicator (comm=shared).  The samples are the initiator's threads'
 * own times, as LATENCY_MT's. */
#include "kernels/threads.h"

#include <stdlib.h>
#include "base/base.h"

static void send_and_wait(struct kernel *k, struct mt_thread *th, int iters)
{
    char *s = mt_slot(k, k->sbuf, th->t, 0), *r = mt_slot(k, k->rbuf, th->t, 0);
    size_t at = mt_offset(k, th->t, 0);
    int tag = TAG_THREAD + 2 * th->t;
    const int staged = k->in_staged_loop;   /* as LATENCY_MT's (threads_loops.c) */
    for (int i = 0; i < iters; i++) {
        if (staged)
            device_out_at(k, at);
        MPI_Send(s, k->count, k->type, th->peer, tag, th->comm);
        mt_recv(k, r, k->count, k->type, th->peer, tag, th->comm, MPI_STATUS_IGNORE);
        if (staged)
            device_in_at(k, at);
    }
}

/* responder thread r: its share of the S x iters round trips; a receive
 * slot its own (--check: round trip j's own, j < S) */
static void answer(struct kernel *k, struct mt_thread *th, int iters)
{
    int senders = record_threads(k->rec), receivers = thread_receivers(k->rec);
    long total = (long)senders * iters;
    for (long j = th->t; j < total; j += receivers) {
        int slot = th->answered ? (int)j : th->t;
        MPI_Status st;
        mt_recv(k, mt_slot(k, k->rbuf, slot, 0), k->count, k->type, th->peer, MPI_ANY_TAG,
                th->comm, &st);
        int from = (st.MPI_TAG - TAG_THREAD) / 2;
        if (th->answered)
            th->answered[j] = from;
        if (k->in_staged_loop) {
            device_in_at(k, mt_offset(k, slot, 0));
            device_out_at(k, mt_offset(k, from, 0));
        }
        MPI_Send(mt_slot(k, k->sbuf, from, 0), k->count, k->type, th->peer, st.MPI_TAG,
                 th->comm);
    }
}

void run_latency_split(struct kernel *k, int iters)
{
    mt_run(k, iters, k->initiator ? send_and_wait : answer);
}

/* every sender slot filled with its own block on both sides, every
 * receive slot cleared; one iteration; then the initiator's slot s holds
 * the responder's block s, and the responder's slot j the block of the
 * sender whose message round trip j brought (every sender's once) */
void check_latency_split(struct kernel *k)
{
    int senders = record_threads(k->rec);
    size_t n = (size_t)k->count;
    int *answered = xmalloc_array((size_t)senders, sizeof *answered);
    for (int t = 0; t < senders; t++) {
        fill_block(k, mt_slot(k, k->sbuf, t, 0), n, k->rank, (size_t)t * n);
        clear_block(k, mt_slot(k, k->rbuf, t, 0), n);
        answered[t] = -1;
    }
    mt_answered(k, k->initiator ? NULL : answered);
    check_run_with(k, run_latency_split);   /* through the GPU buffers, where they are */
    mt_answered(k, NULL);
    int *seen = xcalloc((size_t)senders, sizeof *seen);
    for (int t = 0; t < senders; t++) {
        int s = k->initiator ? t : answered[t];
        if (s < 0 || s >= senders || seen[s]++) {
            k->mismatches++;   /* a round trip lost or answered twice */
            continue;
        }
        expect_block(k, mt_slot(k, k->rbuf, t, 0), n, k->peer, (size_t)s * n,
                     (size_t)t * n);
    }
    free(seen);
    free(answered);
}
