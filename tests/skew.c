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
 *   MPIGAUGE_SKEW_FREEZE=R[#N] world rank R's clock stops: from its first
 *                              read after MPI_Init (or its N-th read) on
 *                              it returns the same value on every call (a
 *                              stopped clock: the tests of every wait that
 *                              reads MPI_Wtime)
 *   MPIGAUGE_SKEW_JUMP=R#N:J   world rank R's clock jumps by J seconds
 *                              (back where negative) at its N-th read, and
 *                              runs on from there
 * Reads are counted, not seconds, so that where a run meets the stop or
 * the jump does not depend on the machine's speed: mpigauge's timer probe
 * reads the clock 100000 times right after MPI_Init, so a count above
 * that lands in the clock fit or the records.
 * Unset, d_r and o_r are 0 and no clock stops or jumps.  With d_0 = o_0 =
 * 0, rank r's clock is ahead of rank 0's by exactly o_r + d_r T at rank
 * 0's time T: the tests check that --sync window's clock model recovers
 * d_r and that offset, and that what it measures does not move with
 * them, and that a clock that stops or jumps ends no run in a hang. */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>
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
static long reads;                 /* this rank's, after MPI_Init */
static long freeze_at = -1;        /* the read from which the clock stops */
static double frozen;              /* what it reads from then on */
static long jump_at = -1;          /* the read from which jump is added */
static double jump;

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
    int r = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    const char *fz = getenv("MPIGAUGE_SKEW_FREEZE");
    if (fz && *fz && atoi(fz) == r)
        freeze_at = strchr(fz, '#') ? atol(strchr(fz, '#') + 1) : 1;
    const char *jp = getenv("MPIGAUGE_SKEW_JUMP");
    if (jp && *jp && atoi(jp) == r && strchr(jp, '#') && strchr(jp, ':')) {
        jump_at = atol(strchr(jp, '#') + 1);
        jump = atof(strchr(jp, ':') + 1);
    }
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
    double t = monotonic();
    reads++;
    if (jump_at > 0 && reads >= jump_at)
        t += jump;
    if (freeze_at > 0 && reads == freeze_at)
        frozen = t;
    if (freeze_at > 0 && reads >= freeze_at)
        t = frozen;
    return t * rate + offset;
}
