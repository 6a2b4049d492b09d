/* corrupt_nbc.c: the fault injector (corrupt.c) for the non-blocking and
 * persistent collectives, MPI_Alltoallw and MPI_Reduce_local.  Each
 * remembers the last element its result holds, and MPI_Wait flips it
 * when the request completes (every completion, for persistent ones). */
#include "corrupt.h"

#include <signal.h>
#include <stdlib.h>
#if MPI_VERSION < 4 && defined(__has_include)
#if __has_include(<mpi-ext.h>)
#include <mpi-ext.h>
#endif
#endif

/* the last element an alltoallw fills, as an element of type t counted
 * from buf (its byte displacements are multiples of t's extent here) */
static long last_w(const int *counts, const int *bdispls, MPI_Datatype t, int p)
{
    MPI_Aint lb, ext;
    MPI_Type_get_extent(t, &lb, &ext);
    long last = -1;
    for (int r = 0; r < p; r++)
        if (counts[r] > 0 && bdispls[r] / ext + counts[r] - 1 > last)
            last = bdispls[r] / ext + counts[r] - 1;
    return last;
}

int MPI_Alltoallw(const void *sb, const int *sc, const int *sd,
                  const MPI_Datatype *st, void *rb, const int *rcounts,
                  const int *rdispls, const MPI_Datatype *rt, MPI_Comm comm)
{
    int rc = PMPI_Alltoallw(sb, sc, sd, st, rb, rcounts, rdispls, rt, comm);
    flip(rb, last_w(rcounts, rdispls, rt[0], size_of(comm)), rt[0]);
    return rc;
}

int MPI_Reduce_local(const void *in, void *inout, int count, MPI_Datatype t,
                     MPI_Op op)
{
    int rc = PMPI_Reduce_local(in, inout, count, t, op);
    flip(inout, count - 1, t);
    return rc;
}

/* ---- non-blocking -------------------------------------------------------- */
int MPI_Ibcast(void *buf, int count, MPI_Datatype t, int root, MPI_Comm comm,
               MPI_Request *req)
{
    int rc = PMPI_Ibcast(buf, count, t, root, comm, req);
    remember(*req, buf, rank_of(comm) != root ? count - 1 : -1, t, 0);
    return rc;
}

int MPI_Igather(const void *sb, int sc, MPI_Datatype st, void *rb, int rcount,
                MPI_Datatype rt, int root, MPI_Comm comm, MPI_Request *req)
{
    int rc = PMPI_Igather(sb, sc, st, rb, rcount, rt, root, comm, req);
    remember(*req, rb, rank_of(comm) == root ? (long)size_of(comm) * rcount - 1 : -1,
             rt, 0);
    return rc;
}

int MPI_Igatherv(const void *sb, int sc, MPI_Datatype st, void *rb,
                 const int *rcounts, const int *displs, MPI_Datatype rt, int root,
                 MPI_Comm comm, MPI_Request *req)
{
    int rc = PMPI_Igatherv(sb, sc, st, rb, rcounts, displs, rt, root, comm, req);
    remember(*req, rb, rank_of(comm) == root ? last_v(rcounts, displs, size_of(comm))
             : -1, rt, 0);
    return rc;
}

int MPI_Iscatter(const void *sb, int sc, MPI_Datatype st, void *rb, int rcount,
                 MPI_Datatype rt, int root, MPI_Comm comm, MPI_Request *req)
{
    int rc = PMPI_Iscatter(sb, sc, st, rb, rcount, rt, root, comm, req);
    remember(*req, rb, rcount - 1, rt, 0);
    return rc;
}

int MPI_Iscatterv(const void *sb, const int *scounts, const int *displs,
                  MPI_Datatype st, void *rb, int rcount, MPI_Datatype rt, int root,
                  MPI_Comm comm, MPI_Request *req)
{
    int rc = PMPI_Iscatterv(sb, scounts, displs, st, rb, rcount, rt, root, comm, req);
    remember(*req, rb, rcount - 1, rt, 0);
    return rc;
}

int MPI_Iallgather(const void *sb, int sc, MPI_Datatype st, void *rb, int rcount,
                   MPI_Datatype rt, MPI_Comm comm, MPI_Request *req)
{
    int rc = PMPI_Iallgather(sb, sc, st, rb, rcount, rt, comm, req);
    remember(*req, rb, (long)size_of(comm) * rcount - 1, rt, 0);
    return rc;
}

int MPI_Iallgatherv(const void *sb, int sc, MPI_Datatype st, void *rb,
                    const int *rcounts, const int *displs, MPI_Datatype rt,
                    MPI_Comm comm, MPI_Request *req)
{
    int rc = PMPI_Iallgatherv(sb, sc, st, rb, rcounts, displs, rt, comm, req);
    remember(*req, rb, last_v(rcounts, displs, size_of(comm)), rt, 0);
    return rc;
}

int MPI_Ialltoall(const void *sb, int sc, MPI_Datatype st, void *rb, int rcount,
                  MPI_Datatype rt, MPI_Comm comm, MPI_Request *req)
{
    int rc = PMPI_Ialltoall(sb, sc, st, rb, rcount, rt, comm, req);
    remember(*req, rb, (long)size_of(comm) * rcount - 1, rt, 0);
    return rc;
}

int MPI_Ialltoallv(const void *sb, const int *sc, const int *sd, MPI_Datatype st,
                   void *rb, const int *rcounts, const int *rdispls,
                   MPI_Datatype rt, MPI_Comm comm, MPI_Request *req)
{
    int rc = PMPI_Ialltoallv(sb, sc, sd, st, rb, rcounts, rdispls, rt, comm, req);
    remember(*req, rb, last_v(rcounts, rdispls, size_of(comm)), rt, 0);
    return rc;
}

int MPI_Ialltoallw(const void *sb, const int *sc, const int *sd,
                   const MPI_Datatype *st, void *rb, const int *rcounts,
                   const int *rdispls, const MPI_Datatype *rt, MPI_Comm comm,
                   MPI_Request *req)
{
    int rc = PMPI_Ialltoallw(sb, sc, sd, st, rb, rcounts, rdispls, rt, comm, req);
    remember(*req, rb, last_w(rcounts, rdispls, rt[0], size_of(comm)), rt[0], 0);
    return rc;
}

int MPI_Ireduce(const void *sb, void *rb, int count, MPI_Datatype t, MPI_Op op,
                int root, MPI_Comm comm, MPI_Request *req)
{
    int rc = PMPI_Ireduce(sb, rb, count, t, op, root, comm, req);
    remember(*req, rb, rank_of(comm) == root ? count - 1 : -1, t, 0);
    return rc;
}

/* MPIGAUGE_RAISE_AT=N: world rank 0 sends itself SIGINT in its N-th
 * MPI_Iallreduce of one MPI_INT under MPI_MAX, which only mpigauge's
 * quiet_agree makes: between the steps of its long phases (the pairwise
 * parameters, --loggp, HYBRID's comparison barriers).  A signal that
 * lands inside such a phase, on one rank, at a known step. */
static void maybe_raise(int count, MPI_Datatype t, MPI_Op op)
{
    static long calls;
    const char *n = getenv("MPIGAUGE_RAISE_AT");
    if (!n || count != 1 || t != MPI_INT || op != MPI_MAX)
        return;
    int me;
    PMPI_Comm_rank(MPI_COMM_WORLD, &me);
    if (me == 0 && ++calls == atol(n))
        raise(SIGINT);
}

int MPI_Iallreduce(const void *sb, void *rb, int count, MPI_Datatype t, MPI_Op op,
                   MPI_Comm comm, MPI_Request *req)
{
    maybe_raise(count, t, op);
    int rc = PMPI_Iallreduce(sb, rb, count, t, op, comm, req);
    remember(*req, rb, count - 1, t, 0);
    return rc;
}

int MPI_Ireduce_scatter(const void *sb, void *rb, const int *rcounts,
                        MPI_Datatype t, MPI_Op op, MPI_Comm comm, MPI_Request *req)
{
    int rc = PMPI_Ireduce_scatter(sb, rb, rcounts, t, op, comm, req);
    remember(*req, rb, rcounts[rank_of(comm)] - 1, t, 0);
    return rc;
}

int MPI_Ireduce_scatter_block(const void *sb, void *rb, int count, MPI_Datatype t,
                              MPI_Op op, MPI_Comm comm, MPI_Request *req)
{
    int rc = PMPI_Ireduce_scatter_block(sb, rb, count, t, op, comm, req);
    remember(*req, rb, count - 1, t, 0);
    return rc;
}

int MPI_Iscan(const void *sb, void *rb, int count, MPI_Datatype t, MPI_Op op,
              MPI_Comm comm, MPI_Request *req)
{
    int rc = PMPI_Iscan(sb, rb, count, t, op, comm, req);
    remember(*req, rb, count - 1, t, 0);
    return rc;
}

int MPI_Iexscan(const void *sb, void *rb, int count, MPI_Datatype t, MPI_Op op,
                MPI_Comm comm, MPI_Request *req)
{
    int rc = PMPI_Iexscan(sb, rb, count, t, op, comm, req);
    remember(*req, rb, rank_of(comm) > 0 ? count - 1 : -1, t, 0);
    return rc;
}

/* ---- persistent: MPI 4.0's names, or Open MPI 4.1's MPIX_ ones ----------- */
#if MPI_VERSION >= 4
#define INIT(f) MPI_##f##_init
#define PINIT(f) PMPI_##f##_init
#elif defined(OMPI_HAVE_MPI_EXT_PCOLLREQ) && OMPI_HAVE_MPI_EXT_PCOLLREQ
#define INIT(f) MPIX_##f##_init
#define PINIT(f) PMPIX_##f##_init
#endif

#ifdef INIT
int INIT(Bcast)(void *buf, int count, MPI_Datatype t, int root, MPI_Comm comm,
                MPI_Info info, MPI_Request *req)
{
    int rc = PINIT(Bcast)(buf, count, t, root, comm, info, req);
    remember(*req, buf, rank_of(comm) != root ? count - 1 : -1, t, 1);
    return rc;
}

int INIT(Gather)(const void *sb, int sc, MPI_Datatype st, void *rb, int rcount,
                 MPI_Datatype rt, int root, MPI_Comm comm, MPI_Info info,
                 MPI_Request *req)
{
    int rc = PINIT(Gather)(sb, sc, st, rb, rcount, rt, root, comm, info, req);
    remember(*req, rb, rank_of(comm) == root ? (long)size_of(comm) * rcount - 1 : -1,
             rt, 1);
    return rc;
}

int INIT(Gatherv)(const void *sb, int sc, MPI_Datatype st, void *rb,
                  const int *rcounts, const int *displs, MPI_Datatype rt, int root,
                  MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
    int rc = PINIT(Gatherv)(sb, sc, st, rb, rcounts, displs, rt, root, comm, info, req);
    remember(*req, rb, rank_of(comm) == root ? last_v(rcounts, displs, size_of(comm))
             : -1, rt, 1);
    return rc;
}

int INIT(Scatter)(const void *sb, int sc, MPI_Datatype st, void *rb, int rcount,
                  MPI_Datatype rt, int root, MPI_Comm comm, MPI_Info info,
                  MPI_Request *req)
{
    int rc = PINIT(Scatter)(sb, sc, st, rb, rcount, rt, root, comm, info, req);
    remember(*req, rb, rcount - 1, rt, 1);
    return rc;
}

int INIT(Scatterv)(const void *sb, const int *scounts, const int *displs,
                   MPI_Datatype st, void *rb, int rcount, MPI_Datatype rt, int root,
                   MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
    int rc = PINIT(Scatterv)(sb, scounts, displs, st, rb, rcount, rt, root, comm,
                             info, req);
    remember(*req, rb, rcount - 1, rt, 1);
    return rc;
}

int INIT(Allgather)(const void *sb, int sc, MPI_Datatype st, void *rb, int rcount,
                    MPI_Datatype rt, MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
    int rc = PINIT(Allgather)(sb, sc, st, rb, rcount, rt, comm, info, req);
    remember(*req, rb, (long)size_of(comm) * rcount - 1, rt, 1);
    return rc;
}

int INIT(Allgatherv)(const void *sb, int sc, MPI_Datatype st, void *rb,
                     const int *rcounts, const int *displs, MPI_Datatype rt,
                     MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
    int rc = PINIT(Allgatherv)(sb, sc, st, rb, rcounts, displs, rt, comm, info, req);
    remember(*req, rb, last_v(rcounts, displs, size_of(comm)), rt, 1);
    return rc;
}

int INIT(Alltoall)(const void *sb, int sc, MPI_Datatype st, void *rb, int rcount,
                   MPI_Datatype rt, MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
    int rc = PINIT(Alltoall)(sb, sc, st, rb, rcount, rt, comm, info, req);
    remember(*req, rb, (long)size_of(comm) * rcount - 1, rt, 1);
    return rc;
}

int INIT(Alltoallv)(const void *sb, const int *sc, const int *sd, MPI_Datatype st,
                    void *rb, const int *rcounts, const int *rdispls,
                    MPI_Datatype rt, MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
    int rc = PINIT(Alltoallv)(sb, sc, sd, st, rb, rcounts, rdispls, rt, comm, info,
                              req);
    remember(*req, rb, last_v(rcounts, rdispls, size_of(comm)), rt, 1);
    return rc;
}

int INIT(Alltoallw)(const void *sb, const int *sc, const int *sd,
                    const MPI_Datatype *st, void *rb, const int *rcounts,
                    const int *rdispls, const MPI_Datatype *rt, MPI_Comm comm,
                    MPI_Info info, MPI_Request *req)
{
    int rc = PINIT(Alltoallw)(sb, sc, sd, st, rb, rcounts, rdispls, rt, comm, info,
                              req);
    remember(*req, rb, last_w(rcounts, rdispls, rt[0], size_of(comm)), rt[0], 1);
    return rc;
}

int INIT(Reduce)(const void *sb, void *rb, int count, MPI_Datatype t, MPI_Op op,
                 int root, MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
    int rc = PINIT(Reduce)(sb, rb, count, t, op, root, comm, info, req);
    remember(*req, rb, rank_of(comm) == root ? count - 1 : -1, t, 1);
    return rc;
}

int INIT(Allreduce)(const void *sb, void *rb, int count, MPI_Datatype t, MPI_Op op,
                    MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
    int rc = PINIT(Allreduce)(sb, rb, count, t, op, comm, info, req);
    remember(*req, rb, count - 1, t, 1);
    return rc;
}

int INIT(Reduce_scatter)(const void *sb, void *rb, const int *rcounts,
                         MPI_Datatype t, MPI_Op op, MPI_Comm comm, MPI_Info info,
                         MPI_Request *req)
{
    int rc = PINIT(Reduce_scatter)(sb, rb, rcounts, t, op, comm, info, req);
    remember(*req, rb, rcounts[rank_of(comm)] - 1, t, 1);
    return rc;
}

int INIT(Reduce_scatter_block)(const void *sb, void *rb, int count, MPI_Datatype t,
                               MPI_Op op, MPI_Comm comm, MPI_Info info,
                               MPI_Request *req)
{
    int rc = PINIT(Reduce_scatter_block)(sb, rb, count, t, op, comm, info, req);
    remember(*req, rb, count - 1, t, 1);
    return rc;
}

int INIT(Scan)(const void *sb, void *rb, int count, MPI_Datatype t, MPI_Op op,
               MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
    int rc = PINIT(Scan)(sb, rb, count, t, op, comm, info, req);
    remember(*req, rb, count - 1, t, 1);
    return rc;
}

int INIT(Exscan)(const void *sb, void *rb, int count, MPI_Datatype t, MPI_Op op,
                 MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
    int rc = PINIT(Exscan)(sb, rb, count, t, op, comm, info, req);
    remember(*req, rb, rank_of(comm) > 0 ? count - 1 : -1, t, 1);
    return rc;
}
#endif
