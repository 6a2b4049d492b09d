/* skew.c: an MPI_Wtime interposer for the tests: clocks that disagree on
 * purpose.  Preloaded (LD_PRELOAD=tests/skew.so), it makes world rank r
 * of P read MPI_Wtime as
 *     t' = t (1 + d_r) + o_r
 * where t is the node's CLOCK_MONOTONIC (one clock for every rank of a
 * node, where Open MPI's own MPI_Wtime counts from each rank's MPI_Init,
 * milliseconds apart), and
 *   MPIGAUGE_SKEW_PPM=D        d_r = D 1e-6 r / (P - 1): rank 0 keeps time,
 *                              the last rank runs D ppm fast; or a list
 *                              D0,D1,... (ppm), one per rank (the last
 *                              repeated for ranks past its end)
 *   MPIGAUGE_SKEW_OFFSET_US=O  o_r = O 1e-6 r
 * Unset, both are 0.  With d_0 = o_0 = 0, rank r's clock is then ahead
 * of rank 0's by exactly o_r + d_r T at rank 0's time T: the tests check
 * that --sync window's clock model recovers d_r and that offset, and that
 * what it measures does not move with them. */
#include <mpi.h>
#include <stdlib.h>
#include <time.h>

/* Built with smpicc (tests/skew-smpi.so), it skews SimGrid's simulated
 * clock instead, for scripts/simulate.sh runs: the ranks are threads of
 * one process there, so nothing is kept between calls (each call works
 * out its rank's rate and offset), and t is PMPI_Wtime's simulated time:
 * a fit in simulated time sees the skew and nothing else, run after run
 * the same (tests/clock.sh). */
#ifdef SMPI_H
#define SKEW_SIMULATED 1
#else
#define SKEW_SIMULATED 0
#endif

static int ready;
static double rate = 1, offset;

static double monotonic(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* d_r in ppm from the list "D0,D1,...": the r-th, or the last */
static double listed(const char *s, int r)
{
    char *end;
    double v = strtod(s, &end);
    for (int i = 0; i < r && *end == ','; i++)
        v = strtod(end + 1, &end);
    return v;
}

/* the rank's rate and offset, from the environment */
static void skew_of(double *r_rate, double *r_offset)
{
    const char *ppm = getenv("MPIGAUGE_SKEW_PPM"), *off = getenv("MPIGAUGE_SKEW_OFFSET_US");
    int r = 0, p = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    double d = 0;
    if (ppm && *ppm) {
        int list = 0;
        for (const char *c = ppm; *c; c++)
            list |= *c == ',';
        d = list ? listed(ppm, r) : p > 1 ? atof(ppm) * r / (p - 1) : 0;
    }
    *r_rate = 1 + d * 1e-6;
    *r_offset = off ? atof(off) * 1e-6 * r : 0;
}

static void setup(void)
{
    skew_of(&rate, &offset);
    ready = 1;
}

double MPI_Wtime(void)
{
    int init = 0;
    if (SKEW_SIMULATED) {
        /* locals only: another rank's thread runs whenever this one
         * waits in the simulator (PMPI_Wtime may be one such wait) */
        double r, o;
        MPI_Initialized(&init);
        if (!init)
            return PMPI_Wtime();
        skew_of(&r, &o);
        return PMPI_Wtime() * r + o;
    }
    if (!ready) {
        /* before MPI_Init the rank is not known: no skew */
        MPI_Initialized(&init);
        if (!init)
            return monotonic();
        setup();
    }
    return monotonic() * rate + offset;
}
