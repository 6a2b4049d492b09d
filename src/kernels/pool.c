/* pool.c: a team of POSIX threads that run one function at once.
 *
 * POSIX threads rather than OpenMP: a team lives exactly as long as its
 * user wants (a pair, pair_begin to pair_end), its workers wait in a
 * pthread barrier between runs (off the cores: no spinning against
 * MPICH's busy polling on a loaded node), and the build needs no OpenMP
 * runtime or flag that every MPI wrapper would have to agree on.
 * osu_latency_mt uses pthreads too.  The calling thread is thread 0, so
 * that a team of one runs exactly as no team (no hand-off). */
#include "kernels/pool.h"

#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "base/base.h"

struct pool {
    int n, quit;
    pthread_t *tid;
    pthread_barrier_t go, done;
    void (*fn)(void *arg, int t);    /* the current run's, read after go */
    void *arg;
};

struct worker_arg {
    struct pool *p;
    int t;
};

static void *worker(void *a)
{
    struct worker_arg *wa = a;
    struct pool *p = wa->p;
    int t = wa->t;
    free(wa);
    for (;;) {
        pthread_barrier_wait(&p->go);
        if (p->quit)
            return NULL;
        p->fn(p->arg, t);
        pthread_barrier_wait(&p->done);
    }
}

struct pool *pool_start(int n, int world_rank)
{
    struct pool *p = xcalloc(1, sizeof *p);
    p->n = n > 1 ? n : 1;
    if (p->n < 2)
        return p;
    pthread_barrier_init(&p->go, NULL, (unsigned)p->n);
    pthread_barrier_init(&p->done, NULL, (unsigned)p->n);
    p->tid = xmalloc_array((size_t)p->n, sizeof *p->tid);
    for (int t = 1; t < p->n; t++) {
        struct worker_arg *wa = xmalloc(sizeof *wa);
        *wa = (struct worker_arg){p, t};
        if (pthread_create(&p->tid[t], NULL, worker, wa) != 0) {
            fprintf(stderr, "mpigauge: rank %d: cannot start thread %d of %d\n",
                    world_rank, t, p->n);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }
    return p;
}

void pool_run(struct pool *p, void (*fn)(void *arg, int t), void *arg)
{
    p->fn = fn;
    p->arg = arg;
    if (p->n > 1)
        pthread_barrier_wait(&p->go);
    fn(arg, 0);
    if (p->n > 1)
        pthread_barrier_wait(&p->done);
}

int pool_size(const struct pool *p)
{
    return p->n;
}

void pool_stop(struct pool *p)
{
    if (!p)
        return;
    if (p->n > 1) {
        p->quit = 1;
        pthread_barrier_wait(&p->go);
        for (int t = 1; t < p->n; t++)
            pthread_join(p->tid[t], NULL);
        pthread_barrier_destroy(&p->go);
        pthread_barrier_destroy(&p->done);
        free(p->tid);
    }
    free(p);
}
