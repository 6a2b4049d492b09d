/* timer.c: MPI_Wtime's resolution and read cost, MPI_Init's spread
 * (timer.h) */
#include "clock/timer.h"

#include <math.h>
#include <stdlib.h>
#include "base/smpi.h"

void timer_probe(double *resolution, double *overhead)
{
    /* Under SMPI every read is a simulated step of smpi/wtime (10 ns),
     * the same each time, so 100 reads say what 100000 do; 100000 on
     * every simulated rank were 10^8 steps at 1024 ranks, minutes of
     * the simulation's start (docs/simulated.md) */
    int reads = MPIGAUGE_SMPI ? 100 : 100000;
    double first = MPI_Wtime(), prev = first, step = INFINITY;
    for (int i = 0; i < reads; i++) {
        double t = MPI_Wtime();
        if (t > prev && t - prev < step)
            step = t - prev;
        prev = t;
    }
    *resolution = step;
    *overhead = (prev - first) / reads;
}

void timer_agree(double *resolution, double *overhead, MPI_Comm comm)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    const char *skew = getenv("MPIGAUGE_TEST_SKEW");
    if (skew && rank == size - 1)
        *overhead += strtod(skew, NULL);
    double v[2] = {*resolution, *overhead};
    MPI_Bcast(v, 2, MPI_DOUBLE, 0, comm);
    *resolution = v[0];
    *overhead = v[1];
}

void timer_init_spread(double mine, double out[3])
{
    int n;
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    MPI_Reduce(&mine, &out[0], 1, MPI_DOUBLE, MPI_MIN, 0, MPI_COMM_WORLD);
    MPI_Reduce(&mine, &out[1], 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(&mine, &out[2], 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    out[1] /= n;
    /* under SimGrid's SMPI the monotonic clock times the simulator's own
     * start-up, not the simulated job's (and differs run to run, where
     * every simulated time is the same): not timed */
    if (MPIGAUGE_SMPI)
        out[0] = out[1] = out[2] = NAN;
}
