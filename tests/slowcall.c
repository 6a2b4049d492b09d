/* slowcall.c: a PMPI interposer for tests/compose.sh: one collective
 * slowed on purpose.  Preloaded with MPIGAUGE_SLOW_CALL=NAME (MPI_Allreduce,
 * MPI_Bcast or MPI_Reduce) and MPIGAUGE_SLOW_US=N, every call of NAME made
 * while measuring (between MPI_Pcontrol(1) and MPI_Pcontrol(0)) first spins
 * N microseconds on every rank: a call forced slower than its mock-ups, or
 * a mock-up forced slower than its call.  Nothing else changes. */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

static int measuring;

int MPI_Pcontrol(const int level, ...)
{
    measuring = level != 0;
    return MPI_SUCCESS;
}

static void maybe_slow(const char *name)
{
    const char *call = getenv("MPIGAUGE_SLOW_CALL"), *us = getenv("MPIGAUGE_SLOW_US");
    if (!measuring || !call || !us || strcmp(call, name) != 0)
        return;
    double end = PMPI_Wtime() + atof(us) * 1e-6;
    while (PMPI_Wtime() < end)
        ;
}

int MPI_Allreduce(const void *sb, void *rb, int count, MPI_Datatype t, MPI_Op op,
                  MPI_Comm comm)
{
    maybe_slow("MPI_Allreduce");
    return PMPI_Allreduce(sb, rb, count, t, op, comm);
}

int MPI_Bcast(void *buf, int count, MPI_Datatype t, int root, MPI_Comm comm)
{
    maybe_slow("MPI_Bcast");
    return PMPI_Bcast(buf, count, t, root, comm);
}

int MPI_Reduce(const void *sb, void *rb, int count, MPI_Datatype t, MPI_Op op,
               int root, MPI_Comm comm)
{
    maybe_slow("MPI_Reduce");
    return PMPI_Reduce(sb, rb, count, t, op, root, comm);
}
