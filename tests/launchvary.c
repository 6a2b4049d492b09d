/* launchvary.c: a PMPI interposer for the launch-set tests
 * (tests/launches.sh): launches that differ on purpose.
 *
 * MPIGAUGE_SLOW_PCT=P: on world rank 0, every MPI_Exscan (or the call
 * MPIGAUGE_SLOW_CALL names: MPI_Send, MPI_Allreduce or MPI_Exscan) made
 * while measuring (between MPI_Pcontrol(1) and MPI_Pcontrol(0)) is
 * followed by a spin of P percent of its own duration: that record
 * slowed, nothing else.  The slowdown a run sees is not P% exactly (a rank's call time
 * holds its wait for the other, and MPICH's launches here switch between
 * a fast and a slow mode): the comparison's ratio says what it was.
 *
 * MPIGAUGE_JITTER_PCT=J: each launch draws a factor f from [0, J] percent
 * (from its process id and the time), and every MPI_Send, MPI_Allreduce
 * and MPI_Exscan made while measuring spins f percent of its duration:
 * launches that differ from one another by up to J%, as launches on a
 * shared machine do. */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int measuring;

int MPI_Pcontrol(const int level, ...)
{
    measuring = level != 0;
    return MPI_SUCCESS;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double percent(const char *name)
{
    const char *s = getenv(name);
    return s ? atof(s) : 0;
}

/* this launch's jitter, drawn once */
static double jitter(void)
{
    static double f = -1;
    if (f < 0) {
        srand((unsigned)getpid() ^ (unsigned)time(NULL));
        f = percent("MPIGAUGE_JITTER_PCT") * ((double)rand() / RAND_MAX);
    }
    return f;
}

/* the calls the wrappers know, and each one's slowdown on this rank:
 * MPIGAUGE_SLOW_PCT on world rank 0 for the call MPIGAUGE_SLOW_CALL names
 * (MPI_Exscan by default), read once, so that every wrapped call costs
 * the same whichever is slowed (a getenv per call cost ALLREDUCE about
 * 10% at 1 element here, which the comparison duly called slower) */
enum { C_SEND, C_ALLREDUCE, C_EXSCAN, NCALLS };
static const char *const call_name[NCALLS] = {"MPI_Send", "MPI_Allreduce", "MPI_Exscan"};

static double slowed(int call)
{
    static double pct[NCALLS];
    static int ready;
    if (!ready) {
        const char *which = getenv("MPIGAUGE_SLOW_CALL");
        int rank;
        PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
        for (int c = 0; c < NCALLS; c++)
            pct[c] = rank == 0 && strcmp(which && *which ? which : "MPI_Exscan",
                                         call_name[c]) == 0 ? percent("MPIGAUGE_SLOW_PCT") : 0;
        ready = 1;
    }
    return pct[call];
}

/* after a call that took `took` seconds: spin pct percent of it */
static void stretch(double took, double pct)
{
    if (!measuring || pct <= 0)
        return;
    double until = now() + took * pct / 100;
    while (now() < until)
        ;
}

int MPI_Send(const void *buf, int count, MPI_Datatype t, int dst, int tag, MPI_Comm comm)
{
    double t0 = now();
    int rc = PMPI_Send(buf, count, t, dst, tag, comm);
    stretch(now() - t0, jitter() + slowed(C_SEND));
    return rc;
}

int MPI_Allreduce(const void *sb, void *rb, int count, MPI_Datatype t, MPI_Op op,
                  MPI_Comm comm)
{
    double t0 = now();
    int rc = PMPI_Allreduce(sb, rb, count, t, op, comm);
    stretch(now() - t0, jitter() + slowed(C_ALLREDUCE));
    return rc;
}

int MPI_Exscan(const void *sb, void *rb, int count, MPI_Datatype t, MPI_Op op,
               MPI_Comm comm)
{
    double t0 = now();
    int rc = PMPI_Exscan(sb, rb, count, t, op, comm);
    stretch(now() - t0, jitter() + slowed(C_EXSCAN));
    return rc;
}
