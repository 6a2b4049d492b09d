/* block.c: the one timed block every timer uses (plain, pairs, windows,
 * barriers), so what a timed block covers is decided in one place. */
#include "measure/trial.h"
#include "measure/thread_fan.h"

#include "kernels/device.h"
#include "counters/counters.h"
#include "lifecycle/watchdog.h"
#include "measure/watch_trial.h"

/* n calls in stretches of at most the call's count (objects: OBJECTS_AT_ONCE), its between hook
 * before each, outside the clock (one stretch where there is no hook) */
static double stretches(struct trial *t, long n, block_body body, void *arg,
                        double *start, int counted)
{
    const struct stretches *s = t->k.rec->call->stretch;
    int hook = s && s->between;
    long most = hook && s->max_calls > 0 ? s->max_calls : n, done = 0;
    double sum = 0;
    do {
        long m = n - done < most ? n - done : most;
        if (hook)
            s->between(&t->k, m);
        watch_block(t, m, counted);
        if (counted)
            counters_start();
        double t0 = MPI_Wtime();
        body(t, m, arg);
        double t1 = MPI_Wtime();
        if (counted)
            counters_stop();
        watchdog_block_end();
        if (start && done == 0)
            *start = t0;
        sum += t1 - t0;
        done += m;
    } while (done < n);
    return sum;
}

double timed_block(struct trial *t, long n, block_body body, void *arg,
                   double *start)
{
    return stretches(t, n, body, arg, start, 1);
}

double clocked_loop(struct trial *t, long n)
{
    return stretches(t, n, timed_loop, NULL, NULL, 0);
}

void timed_loop(struct trial *t, long n, void *arg)
{
    (void)arg;
    struct kernel *k = &t->k;
    void (*loop)(struct kernel *, int) = k->rec->call->loop;
    if (t->fan) {              /* threads=: every thread's loop at once */
        fan_loop(t->fan, n);
        return;
    }
    if (k->dev) {              /* GPU buffers: direct or staged */
        device_loop(k, (int)n);
        return;
    }
    if (t->ncold == 0) {
        loop(k, (int)n);
        return;
    }
    for (long i = 0; i < n; i++) {
        t->cold_next = (t->cold_next + 1) % t->ncold;
        k->sbuf = t->cold_s + (size_t)t->cold_next * t->cold_step;
        k->rbuf = t->cold_r + (size_t)t->cold_next * t->cold_step;
        loop(k, 1);
    }
}
