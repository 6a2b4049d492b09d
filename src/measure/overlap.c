/* overlap.c: how much of a non-blocking collective's time computation can
 * hide, measured as OSU's osu_i* tests do.
 *
 * After the pure time (post + MPI_Wait, timed as every collective is),
 * each rank calibrates a compute loop to the slowest rank's pure time per
 * call and times post, compute, MPI_Wait again; the compute phase (with
 * tests= MPI_Test calls spread over it) is timed on its own inside.  The
 * means over the ranks give OSU's overlap:
 *     overlap = max(0, 100 - (t_overall - t_compute) / t_pure x 100).
 * The overlapped loop runs outside the counted blocks (block.c): counters
 * count the call alone, and this loop is mostly computation.
 *
 * Where computation takes no time on MPI_Wtime's clock (SimGrid's SMPI
 * with smpi/simulate-computation:no: over 1e12 steps a second) no loop
 * can be sized to the call, and the overlap columns stay empty (nan). */
#include "measure/trial.h"

#include "kernels/device.h"
#include "registry/settings.h"

#include <math.h>

static volatile double sink;

/* n steps of a dependent multiply-add chain: work the compiler cannot
 * drop and the core cannot run ahead of */
static void compute(long n)
{
    double x = sink;
    for (long i = 0; i < n; i++)
        x = x * 0.999999 + 1e-7;
    sink = x;
}

/* n steps in tests + 1 equal parts with MPI_Test on the request between
 * them (a completed request becomes MPI_REQUEST_NULL: later tests and the
 * wait return at once) */
static void compute_testing(struct kernel *k, long n, int tests)
{
    long part = n / (tests + 1);
    for (int i = 0; i < tests; i++) {
        int done;
        compute(part);
        MPI_Test(&k->req, &done, MPI_STATUS_IGNORE);
    }
    compute(n - part * tests);
}

/* compute() steps per second on this core: the best of five runs */
static double steps_per_second(void)
{
    const long n = 1L << 18;
    double best = INFINITY;
    for (int i = 0; i < 5; i++) {
        double t0 = MPI_Wtime();
        compute(n);
        double dt = MPI_Wtime() - t0;
        if (dt > 0 && dt < best)
            best = dt;
    }
    return isfinite(best) ? (double)n / best : 1e9;
}

void measure_overlap(struct trial *t, long iters, double pure, struct overlap *ov)
{
    struct kernel *k = &t->k;
    double slowest;
    MPI_Allreduce(&pure, &slowest, 1, MPI_DOUBLE, MPI_MAX, k->comm);
    double rate = steps_per_second();
    int timeless = !(rate < 1e12);
    MPI_Allreduce(MPI_IN_PLACE, &timeless, 1, MPI_INT, MPI_MAX, k->comm);
    if (timeless) {
        ov->used = 0;
        return;
    }
    long steps = (long)(rate * slowest);
    int tests = (int)record_setting_value(k->rec, "tests");
    double computing = 0;
    if (iters < 1)
        iters = 1;
    MPI_Barrier(k->comm);
    double t0 = MPI_Wtime();
    for (long i = 0; i < iters; i++) {
        device_post_out(k);    /* staged=1: the copies, as the timed loop's */
        k->rec->call->post(k);
        double c0 = MPI_Wtime();
        compute_testing(k, steps, tests);
        computing += MPI_Wtime() - c0;
        MPI_Wait(&k->req, MPI_STATUS_IGNORE);
        device_post_in(k);
    }
    ov->overall = (MPI_Wtime() - t0) / (double)iters;
    ov->compute = computing / (double)iters;
    ov->pure = pure;
    ov->used = 1;
}
