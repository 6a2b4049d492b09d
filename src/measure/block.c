/* block.c: the one timed block every timer uses (plain, pairs, windows,
 * barriers), so what a timed block covers is decided in one place. */
#include "measure/trial.h"

#include "measure/counters.h"

double timed_block(struct trial *t, long n, block_body body, void *arg,
                   double *start)
{
    counters_start();
    double t0 = MPI_Wtime();
    body(t, n, arg);
    double t1 = MPI_Wtime();
    counters_stop();
    if (start)
        *start = t0;
    return t1 - t0;
}

void timed_loop(struct trial *t, long n, void *arg)
{
    (void)arg;
    struct kernel *k = &t->k;
    void (*loop)(struct kernel *, int) = k->rec->call->loop;
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
