/* threads.h: the threaded point-to-point calls (LATENCY_MT, BW_MT,
 * MSGRATE_MT, as osu_latency_mt and IMB-MT): threads= POSIX threads on
 * each rank of a pair, thread t of one rank paired with thread t of the
 * other, each with its own tags, buffers and (comm=per-thread) its own
 * communicator.  threads.c holds the pool and the pair's communicators,
 * threads_loops.c what each thread times. */
#ifndef MPIGAUGE_THREADS_H
#define MPIGAUGE_THREADS_H

#include "kernels/kernel.h"

/* the threaded family's own settings (threads_family.c's rows), in the
 * record's own storage: threads= per rank of a pair, and whether every
 * thread shares the pair's communicator (its own tags) or has one of its
 * own (MPI_Comm_dup of the pair's) */
enum thread_comm { TCOMM_SHARED, TCOMM_PER_THREAD };
struct thread_settings {
    int threads;               /* the initiator's (threads=S, or S of S:R) */
    enum thread_comm comm;
    int receivers;             /* R of threads=S:R; 0: as S */
};

static inline const struct thread_settings *thread_settings(const struct record *r)
{
    return (const struct thread_settings *)(const void *)r->own.bytes;
}

/* the responder's threads: R of threads=S:R, else the initiator's */
static inline int thread_receivers(const struct record *r)
{
    const struct thread_settings *s = thread_settings(r);
    return s->receivers ? s->receivers : s->threads;
}

/* one thread of a pair's pool: its index, communicator and partner in it,
 * and the time it spent in timed loops since mt_reset, with its iterations */
struct mt_thread {
    int t;
    MPI_Comm comm;
    int peer;
    MPI_Request *reqs;         /* a window's requests */
    /* threads=S:R's --check on the responder: answered[j] the sending
     * thread whose message round trip j brought (NULL: not checking) */
    int *answered;
    double busy;               /* seconds */
    long iters;
};

/* pair_begin / pair_end of every threaded call: the pool (threads - 1
 * workers; the calling thread is thread 0) and the communicators, into
 * k->priv */
void mt_pair_begin(struct kernel *k);
void mt_pair_end(struct kernel *k);

/* Runs body(k, th, iters) on every thread at once and returns when all
 * are done; each thread's time in body is added to its busy. */
void mt_run(struct kernel *k, int iters,
            void (*body)(struct kernel *k, struct mt_thread *th, int iters));

/* the family's sample hooks: the times since the last mt_reset start here (after the
 * warm-up); mt_times gives each thread's time per message in us
 * (us[0 .. threads-1]) over the iterations it timed, messages counted as
 * the record's legs and window */
void mt_reset(struct kernel *k);
void mt_times(const struct kernel *k, double *us);

/* every thread's answered (threads.h's struct mt_thread), or NULL */
void mt_answered(struct kernel *k, int *answered);

/* a thread's blocking receive (threads.c says why it is not always
 * MPI_Recv) */
void mt_recv(const struct kernel *k, void *buf, int count, MPI_Datatype type, int src,
             int tag, MPI_Comm comm, MPI_Status *st);

/* thread th's slot m of buf (a window's message, or the one message),
 * and its byte offset in either buffer (staged=1: device_out_at and
 * device_in_at copy a thread's own slot, kernels/device.c) */
char *mt_slot(const struct kernel *k, char *buf, int t, int m);
size_t mt_offset(const struct kernel *k, int t, int m);

/* LATENCY_MT threads=S:R with R < S (threads_split.c): S initiator
 * threads each ping-pong; R responder threads share the S round trips
 * of an iteration, each answering whichever thread's message it got */
void run_latency_split(struct kernel *k, int iters);
void check_latency_split(struct kernel *k);

/* the calls' loops and checks (threads_loops.c) */
void run_latency_mt(struct kernel *k, int iters);
void run_window_mt(struct kernel *k, int iters);
void check_latency_mt(struct kernel *k);
void check_window_mt(struct kernel *k);

#endif
