/* threads_calls.c: the threaded calls' part of the call table (listed
 * in kernels/calls.c's call_parts).  threads= threads on each rank of a pair,
 * comm=shared|per-thread; docs/threads.md. */
#include "registry/registry.h"

#include "kernels/calls.h"
#include "kernels/buf_sizes.h"
#include "kernels/threads.h"

#define MT " on each of threads= threads at once, thread t of one rank with thread " \
           "t of the other, each with its own tags (comm=shared: the record's " \
           "communicator; comm=per-thread: one of its own)"

static const struct pair_hooks mt_pair = {mt_pair_begin, mt_pair_end};

static const struct call calls[] = {
    {.name = "LATENCY_MT", .family = &family_threads, .caps = CALL_DEVICE | CALL_DEVICE_PAIR,
     .opk = OPK_PAIRS,
     .legs = 2,
     .buffers = bufs_n_n, .pair = &mt_pair,
     .loop = run_latency_mt, .check = check_latency_mt,
     .timing = "one-way time = half the round trip of SEND's ping-pong (MPI_Send "
               "then MPI_Recv)" MT " (as osu_latency_mt); the samples are each "
               "thread's own"},
    {.name = "BW_MT", .family = &family_threads, .caps = CALL_DEVICE | CALL_WINDOWED, .opk = OPK_PAIRS,
     .mode = MODE_NONBLOCKING,
     .legs = 1, .buffers = bufs_n_n, .pair = &mt_pair,
     .loop = run_window_mt, .check = check_window_mt,
     .timing = "time per message of BW's window (window= MPI_Isend + MPI_Waitall, "
               "a short acknowledgement)" MT "; mbps sums the threads"},
    {.name = "MSGRATE_MT", .family = &family_threads,
     .caps = CALL_DEVICE | CALL_WINDOWED | CALL_RATE, .opk = OPK_PAIRS,
     .mode = MODE_NONBLOCKING,
     .legs = 1, .buffers = bufs_n_n, .pair = &mt_pair,
     .loop = run_window_mt, .check = check_window_mt,
     .timing = "time per message of a window of window= MPI_Isend + MPI_Waitall "
               "with a short acknowledgement" MT " (as IMB-MT's and osu_mbw_mr's "
               "streams); msg_rate sums the threads' rates"},
};

const struct table threads_calls = {
    "call", calls, sizeof calls / sizeof calls[0], sizeof calls[0], NULL, NULL,
};
