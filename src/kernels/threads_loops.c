/* threads_loops.c: what each thread of a threaded call does (threads.c
 * runs it on every thread of the pair's pool at once).
 *
 * LATENCY_MT is SEND's ping-pong per thread pair (osu_latency_mt);
 * BW_MT and MSGRATE_MT are BW's window per thread pair: window= MPI_Isend
 * into as many MPI_Irecv slots, MPI_Waitall, a short acknowledgement.
 * Thread t sends with its own tags (kernels/tags.h) from its own slots
 * of the buffers, so no message can land in another thread's receive;
 * --check fills every slot of every thread with data of its own and
 * verifies every message after the threads are done (on the calling
 * thread: k->mismatches is counted by one thread only).
 *
 * Device buffers (mem=, docs/devices.md): handed to MPI, each thread's
 * slots are GPU memory like any call's; staged=1, each thread copies its
 * own message from the GPU before it sends it and a received one to the
 * GPU after it came, inside its own timing, as SEND's and BW's loops do:
 * what a threaded application staging its buffers pays, thread by
 * thread. */
#include "kernels/threads.h"

static int tag_data(const struct mt_thread *th)
{
    return TAG_THREAD + 2 * th->t;
}

static void latency_body(struct kernel *k, struct mt_thread *th, int iters)
{
    char *s = mt_slot(k, k->sbuf, th->t, 0), *r = mt_slot(k, k->rbuf, th->t, 0);
    size_t at = mt_offset(k, th->t, 0);
    int tag = tag_data(th);
    const int staged = k->in_staged_loop;
    for (int i = 0; i < iters; i++) {
        if (k->initiator) {
            if (staged)
                device_out_at(k, at);
            MPI_Send(s, k->count, k->type, th->peer, tag, th->comm);
            mt_recv(k, r, k->count, k->type, th->peer, tag, th->comm, MPI_STATUS_IGNORE);
            if (staged)
                device_in_at(k, at);
        } else {
            mt_recv(k, r, k->count, k->type, th->peer, tag, th->comm, MPI_STATUS_IGNORE);
            if (staged) {
                device_in_at(k, at);
                device_out_at(k, at);
            }
            MPI_Send(s, k->count, k->type, th->peer, tag, th->comm);
        }
    }
}

/* staged=1: the initiator's window copied from the GPU before it is
 * sent, the responder's copied to the GPU once all of it came */
static void window_stage(struct kernel *k, const struct mt_thread *th, int w, int in)
{
    for (int m = 0; m < w; m++) {
        size_t at = mt_offset(k, th->t, k->initiator && !k->distinct ? 0 : m);
        if (in)
            device_in_at(k, at);
        else
            device_out_at(k, at);
    }
}

static void window_body(struct kernel *k, struct mt_thread *th, int iters)
{
    int w = k->rec->window, tag = tag_data(th);
    const int staged = k->in_staged_loop;
    for (int it = 0; it < iters; it++) {
        if (staged && k->initiator)
            window_stage(k, th, w, 0);
        for (int m = 0; m < w; m++) {
            if (k->initiator)   /* one send buffer for all, as osu_bw; --check: its own */
                MPI_Isend(mt_slot(k, k->sbuf, th->t, k->distinct ? m : 0), k->count,
                          k->type, th->peer, tag, th->comm, &th->reqs[m]);
            else
                MPI_Irecv(mt_slot(k, k->rbuf, th->t, m), k->count, k->type, th->peer,
                          tag, th->comm, &th->reqs[m]);
        }
        waitall(w, th->reqs);
        if (staged && !k->initiator)
            window_stage(k, th, w, 1);
        if (k->initiator)
            mt_recv(k, NULL, 0, MPI_BYTE, th->peer, tag + 1, th->comm, MPI_STATUS_IGNORE);
        else
            MPI_Send(NULL, 0, MPI_BYTE, th->peer, tag + 1, th->comm);
    }
}

void run_latency_mt(struct kernel *k, int iters)
{
    if (thread_receivers(k->rec) != record_threads(k->rec))
        run_latency_split(k, iters);
    else
        mt_run(k, iters, latency_body);
}

void run_window_mt(struct kernel *k, int iters)
{
    mt_run(k, iters, window_body);
}

/* every slot of every thread filled with its own block (offset: the
 * slot's index over all threads), every receive slot cleared; one
 * iteration on every thread; then each slot this rank received into
 * compared with the partner's block of that slot */
static void check_slots(struct kernel *k, int slots, int receives,
                        void (*run)(struct kernel *, int))
{
    int threads = record_threads(k->rec);
    size_t n = (size_t)k->count;
    for (int t = 0; t < threads; t++)
        for (int m = 0; m < slots; m++) {
            size_t off = ((size_t)t * (size_t)slots + (size_t)m) * n;
            fill_block(k, mt_slot(k, k->sbuf, t, m), n, k->rank, off);
            clear_block(k, mt_slot(k, k->rbuf, t, m), n);
        }
    k->distinct = 1;
    check_run_with(k, run);     /* through the GPU buffers, where they are */
    k->distinct = 0;
    for (int t = 0; t < threads && receives; t++)
        for (int m = 0; m < slots; m++) {
            size_t off = ((size_t)t * (size_t)slots + (size_t)m) * n;
            expect_block(k, mt_slot(k, k->rbuf, t, m), n, k->peer, off, off);
        }
}

void check_latency_mt(struct kernel *k)
{
    if (thread_receivers(k->rec) != record_threads(k->rec))
        check_latency_split(k);
    else
        check_slots(k, 1, 1, run_latency_mt);
}

void check_window_mt(struct kernel *k)
{
    check_slots(k, k->rec->window, !k->initiator, run_window_mt);
}
