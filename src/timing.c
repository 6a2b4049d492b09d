/* timing.c: iteration counts and the timed loops */
#include "timing.h"

#include <math.h>
#include <time.h>
#include "counters.h"

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

long per_block_for(double seconds, double per_call, int blocks)
{
    if (!(per_call > 0))
        return 1;
    double n = ceil(seconds / per_call / blocks);
    return n < 1 ? 1 : n > (double)(1L << 30) / blocks ? (1L << 30) / blocks : (long)n;
}

void timed_run(struct bench *b, long iters)
{
    void (*run)(struct bench *, int) = b->rec->call->run;
    if (b->ncold == 0) {
        run(b, (int)iters);
        return;
    }
    for (long i = 0; i < iters; i++) {
        b->cold_next = (b->cold_next + 1) % b->ncold;
        b->sbuf = b->cold_s + (size_t)b->cold_next * b->cold_step;
        b->rbuf = b->cold_r + (size_t)b->cold_next * b->cold_step;
        run(b, 1);
    }
}

double warm_collective(struct bench *b, long iters, int pilot)
{
    if (iters < 1 && !pilot)
        return 0;
    if (iters < 1)
        iters = 1;
    double t0 = MPI_Wtime();
    timed_run(b, iters);
    return (MPI_Wtime() - t0) / (double)iters;
}

double warm_pair(struct bench *b, long iters, int pilot)
{
    const struct call *c = b->rec->call;
    if (iters < 1 && !pilot)
        return 0;
    if (iters < 1)
        iters = 1;
    if (c->prepare)
        c->prepare(b);
    double t0 = MPI_Wtime();
    timed_run(b, iters);
    return (MPI_Wtime() - t0) / ((double)iters * c->legs);
}

double time_collective(struct bench *b, const struct rule *ru, long per_block,
                       struct series *s)
{
    double total = 0, started = MPI_Wtime();
    long attempts = 0;
    int more = 1;
    s->per_block = per_block;
    while (more) {
        MPI_Barrier(b->comm);
        counters_start();
        double t0 = MPI_Wtime();
        timed_run(b, per_block);
        double t1 = MPI_Wtime();
        counters_stop();
        double t = (t1 - t0) / (double)per_block, tmax;
        total += t1 - t0;
        attempts++;
        /* outside the timing: the block's slowest rank to rank 0, which
         * alone judges the interval */
        MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, b->comm);
        if (b->rank == 0) {
            series_add(s, tmax * 1e6);
            more = rule_more(ru, s, attempts, MPI_Wtime() - started);
        }
        if (ru->adaptive)
            MPI_Bcast(&more, 1, MPI_INT, 0, b->comm);
        else
            more = attempts < ru->blocks;
    }
    b->calls += attempts * per_block;
    return total / ((double)attempts * (double)per_block);
}

/* The ping-pong keeps the pair in step by itself: the responder already
 * waits in its first receive when the initiator starts the clock. */
double time_pair(struct bench *b, const struct rule *ru, long per_block,
                 struct series *s)
{
    const struct call *c = b->rec->call;
    double total = 0, started = MPI_Wtime();
    long attempts = 0;
    int more = 1;
    s->per_block = per_block;
    while (more) {
        if (c->prepare)
            c->prepare(b);
        counters_start();
        double t0 = MPI_Wtime();
        timed_run(b, per_block);
        double t1 = MPI_Wtime();
        counters_stop();
        total += t1 - t0;
        attempts++;
        if (b->initiator) {
            series_add(s, (t1 - t0) / ((double)per_block * c->legs) * 1e6);
            more = rule_more(ru, s, attempts, MPI_Wtime() - started);
            if (ru->adaptive)
                MPI_Send(&more, 1, MPI_INT, b->peer, TAG_CTRL, b->comm);
        } else if (ru->adaptive) {
            MPI_Recv(&more, 1, MPI_INT, b->peer, TAG_CTRL, b->comm,
                     MPI_STATUS_IGNORE);
        } else {
            more = attempts < ru->blocks;
        }
    }
    b->calls += attempts * per_block * c->legs;
    return total / ((double)attempts * (double)per_block * c->legs);
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

void timer_probe(double *resolution, double *overhead)
{
    enum { READS = 100000 };
    double first = MPI_Wtime(), prev = first, step = INFINITY;
    for (int i = 0; i < READS; i++) {
        double t = MPI_Wtime();
        if (t > prev && t - prev < step)
            step = t - prev;
        prev = t;
    }
    *resolution = step;
    *overhead = (prev - first) / READS;
}
