/* thread_fan.c: a call of every rank at once, run on threads= threads of
 * each rank (IMB-MT's way for collectives).  MPI forbids two threads to
 * run collectives on one communicator at once, so thread t of every rank
 * has its own MPI_Comm_dup of the record's communicator, the same t on
 * every rank; and its own slot t of the buffers (the plan and
 * measure/buffers.c count a slot a thread: record_copies).  The threads
 * are a pool (kernels/pool.h: the calling thread is thread 0, the others
 * wait off the cores between loops), as the threaded point-to-point
 * calls'.  Each thread times its own loops: its samples are its time per
 * call. */
#include "measure/thread_fan.h"

#include <stdlib.h>
#include "base/base.h"
#include "kernels/pool.h"

enum fan_job { JOB_LOOP, JOB_CHECK };

struct fan {
    int n;
    struct kernel *kt;         /* thread t's copy of the rank's kernel */
    MPI_Comm *comms;
    double *busy;              /* seconds in loops since fan_reset */
    long *calls;
    struct pool *pool;
    enum fan_job job;
    long iters;
    size_t sslot, rslot;       /* bytes of a thread's slot */
};

static void run_job(void *arg, int t)
{
    struct fan *f = arg;
    struct kernel *k = &f->kt[t];
    if (f->job == JOB_CHECK) {
        k->rec->call->check(k);
        return;
    }
    double t0 = MPI_Wtime();
    k->rec->call->loop(k, (int)f->iters);
    f->busy[t] += MPI_Wtime() - t0;
    f->calls[t] += f->iters;
}

static void run_all(struct fan *f, enum fan_job job)
{
    f->job = job;
    pool_run(f->pool, run_job, f);
}

static struct fan *fan_make(struct kernel *k)
{
    struct fan *f = xcalloc(1, sizeof *f);
    f->n = record_threads(k->rec);
    f->kt = xcalloc((size_t)f->n, sizeof *f->kt);
    f->comms = xmalloc_array((size_t)f->n, sizeof *f->comms);
    f->busy = xcalloc((size_t)f->n, sizeof *f->busy);
    f->calls = xcalloc((size_t)f->n, sizeof *f->calls);
    for (int t = 0; t < f->n; t++)
        MPI_Comm_dup(k->comm, &f->comms[t]);
    size_t s, r;
    k->rec->call->buffers(k->size, (size_t)k->rec->max, &s, &r);
    f->sslot = s * (size_t)record_window(k->rec) * (size_t)k->extent;
    f->rslot = r * (size_t)record_window(k->rec) * (size_t)k->extent;
    f->pool = pool_start(f->n, k->world_rank);
    return f;
}

void fan_start(struct trial *t)
{
    struct kernel *k = &t->k;
    if (!t->fan)
        t->fan = fan_make(k);
    struct fan *f = t->fan;
    for (int i = 0; i < f->n; i++) {
        f->kt[i] = *k;
        f->kt[i].comm = f->comms[i];
        f->kt[i].sbuf = (char *)k->sbuf + (size_t)i * f->sslot;
        f->kt[i].rbuf = (char *)k->rbuf + (size_t)i * f->rslot;
        f->kt[i].mismatches = 0;
    }
    fan_reset(f);
}

void fan_loop(struct fan *f, long n)
{
    f->iters = n;
    run_all(f, JOB_LOOP);
}

void fan_reset(struct fan *f)
{
    for (int i = 0; i < f->n; i++)
        f->busy[i] = 0, f->calls[i] = 0;
}

void fan_times(const struct fan *f, double *us)
{
    for (int i = 0; i < f->n; i++)
        us[i] = f->calls[i] > 0 ? f->busy[i] / (double)f->calls[i] * 1e6 : 0;
}

int fan_threads(const struct fan *f)
{
    return f->n;
}

void fan_check(struct fan *f, struct kernel *k)
{
    for (int i = 0; i < f->n; i++)
        f->kt[i].mismatches = 0;
    run_all(f, JOB_CHECK);
    for (int i = 0; i < f->n; i++)
        k->mismatches += f->kt[i].mismatches;
}

void fan_free(struct fan *f)
{
    if (!f)
        return;
    pool_stop(f->pool);
    for (int t = 0; t < f->n; t++)
        MPI_Comm_free(&f->comms[t]);
    free(f->comms);
    free(f->kt);
    free(f->busy);
    free(f->calls);
    free(f);
}
