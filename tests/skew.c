/* skew.c: a PMPI interposer for the tests: clocks that disagree on
 * purpose.  Preloaded (LD_PRELOAD=tests/skew.so), it makes world rank r
 * of P read MPI_Wtime as
 *     t' = t0 + (t - t0)(1 + d_r) + o_r
 * where t is the library's own time (PMPI_Wtime), t0 the rank's first
 * read, and
 *   MPIGAUGE_SKEW_PPM=D        d_r = D 1e-6 r / (P - 1): rank 0 keeps time,
 *                              the last rank runs D ppm fast; or a list
 *                              D0,D1,... (ppm), one per rank (the last
 *                              repeated for ranks past its end)
 *   MPIGAUGE_SKEW_OFFSET_US=O  o_r = O 1e-6 r
 * Unset, both are 0 and the clock is the library's.  The tests check
 * that --sync window's clock model recovers d_r and o_r, and that what
 * it measures does not move with them. */
#include <mpi.h>
#include <stdlib.h>

static int ready;
static double t0, rate = 1, offset;

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
static void setup(void)
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
    rate = 1 + d * 1e-6;
    offset = off ? atof(off) * 1e-6 * r : 0;
    t0 = PMPI_Wtime();
    ready = 1;
}

double MPI_Wtime(void)
{
    int init = 0;
    if (!ready) {
        /* before MPI_Init the rank is not known: the library's time */
        MPI_Initialized(&init);
        if (!init)
            return PMPI_Wtime();
        setup();
    }
    return t0 + (PMPI_Wtime() - t0) * rate + offset;
}
