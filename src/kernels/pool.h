/* pool.h: a team of threads for the kernels (pool.c): n threads, the
 * calling one thread 0, that run one function at once on every thread
 * and return when all are done; between runs the workers wait in a
 * pthread barrier (off the cores).  The threaded calls' pairs
 * (threads.c) and the partitioned calls' threads= (p2p_partitioned.c,
 * p2p_pwindow.c) run on one. */
#ifndef MPIGAUGE_POOL_H
#define MPIGAUGE_POOL_H

struct pool;

/* n >= 1 threads (n - 1 started here); world_rank names the rank when a
 * thread cannot be started (the job is then aborted) */
struct pool *pool_start(int n, int world_rank);

/* fn(arg, t) on every thread t = 0 .. n-1 at once; returns when all are
 * done (the caller runs t = 0) */
void pool_run(struct pool *p, void (*fn)(void *arg, int t), void *arg);

int pool_size(const struct pool *p);

/* the workers joined; NULL is nothing */
void pool_stop(struct pool *p);

#endif
