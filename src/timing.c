/* timing.c: iteration counts and the timed loops */
#include "timing.h"

#include <time.h>

long default_iters(uint64_t bytes)
{
    if (bytes <= 8192)
        return 10000;
    uint64_t n = (UINT64_C(1) << 30) / bytes;
    return n > 1000 ? 1000 : n < 10 ? 10 : (long)n;
}

long default_iters_messages(uint64_t messages)
{
    uint64_t n = 20000 / (messages + 1);
    return n > 1000 ? 1000 : n < 5 ? 5 : (long)n;
}

long default_warmup(long iters)
{
    long w = iters / 10;
    return w < 2 ? 2 : w;
}

double time_collective(struct bench *b, long warmup, long iters)
{
    void (*run)(struct bench *, int) = b->rec->call->run;
    if (warmup > 0)
        run(b, (int)warmup);
    MPI_Barrier(b->comm);
    double t0 = MPI_Wtime();
    run(b, (int)iters);
    double t1 = MPI_Wtime();
    return (t1 - t0) / (double)iters;
}

/* The ping-pong keeps the pair in step by itself: after the warm-up the
 * responder already waits in its first receive when the initiator starts
 * the clock. */
double time_pair(struct bench *b, long warmup, long iters)
{
    const struct call *c = b->rec->call;
    if (warmup > 0) {
        if (c->prepare)
            c->prepare(b);
        c->run(b, (int)warmup);
    }
    if (c->prepare)
        c->prepare(b);
    double t0 = MPI_Wtime();
    c->run(b, (int)iters);
    double t1 = MPI_Wtime();
    return (t1 - t0) / ((double)iters * c->legs);
}

void quiet_barrier(MPI_Comm comm)
{
    MPI_Request req;
    int done = 0;
    MPI_Ibarrier(comm, &req);
    MPI_Test(&req, &done, MPI_STATUS_IGNORE);
    while (!done) {
        struct timespec pause = {0, 20000};
        nanosleep(&pause, NULL);
        MPI_Test(&req, &done, MPI_STATUS_IGNORE);
    }
}
