/* corrupt_nbr.c: the fault injector (corrupt.c) for the neighbourhood
 * collectives: each flips the last element of its receive blocks, at once
 * for the blocking forms and at MPI_Wait for the non-blocking ones. */
#include "corrupt.h"

/* how many blocks a rank of comm receives */
static int in_degree(MPI_Comm comm)
{
    int kind, in = 0, out, weighted;
    PMPI_Topo_test(comm, &kind);
    if (kind == MPI_CART) {
        PMPI_Cartdim_get(comm, &in);
        return 2 * in;
    }
    if (kind == MPI_DIST_GRAPH)
        PMPI_Dist_graph_neighbors_count(comm, &in, &out, &weighted);
    return in;
}

/* the last element of blocks at byte displacements, counted in t's extent */
static long last_bytes(const int *counts, const MPI_Aint *bdispls,
                       MPI_Datatype t, int n)
{
    MPI_Aint lb, ext;
    PMPI_Type_get_extent(t, &lb, &ext);
    long last = -1;
    for (int i = 0; i < n; i++)
        if (counts[i] > 0 && bdispls[i] / ext + counts[i] - 1 > last)
            last = (long)(bdispls[i] / ext) + counts[i] - 1;
    return last;
}

int MPI_Neighbor_allgather(const void *sb, int sc, MPI_Datatype st, void *rb,
                           int rc_, MPI_Datatype rt, MPI_Comm comm)
{
    int rc = PMPI_Neighbor_allgather(sb, sc, st, rb, rc_, rt, comm);
    flip(rb, (long)in_degree(comm) * rc_ - 1, rt);
    return rc;
}

int MPI_Neighbor_allgatherv(const void *sb, int sc, MPI_Datatype st, void *rb,
                            const int *rcounts, const int *displs,
                            MPI_Datatype rt, MPI_Comm comm)
{
    int rc = PMPI_Neighbor_allgatherv(sb, sc, st, rb, rcounts, displs, rt, comm);
    flip(rb, last_v(rcounts, displs, in_degree(comm)), rt);
    return rc;
}

int MPI_Neighbor_alltoall(const void *sb, int sc, MPI_Datatype st, void *rb,
                          int rc_, MPI_Datatype rt, MPI_Comm comm)
{
    int rc = PMPI_Neighbor_alltoall(sb, sc, st, rb, rc_, rt, comm);
    flip(rb, (long)in_degree(comm) * rc_ - 1, rt);
    return rc;
}

int MPI_Neighbor_alltoallv(const void *sb, const int *sc, const int *sd,
                           MPI_Datatype st, void *rb, const int *rcounts,
                           const int *rdispls, MPI_Datatype rt, MPI_Comm comm)
{
    int rc = PMPI_Neighbor_alltoallv(sb, sc, sd, st, rb, rcounts, rdispls, rt, comm);
    flip(rb, last_v(rcounts, rdispls, in_degree(comm)), rt);
    return rc;
}

int MPI_Neighbor_alltoallw(const void *sb, const int *sc, const MPI_Aint *sd,
                           const MPI_Datatype *st, void *rb, const int *rcounts,
                           const MPI_Aint *rdispls, const MPI_Datatype *rt,
                           MPI_Comm comm)
{
    int rc = PMPI_Neighbor_alltoallw(sb, sc, sd, st, rb, rcounts, rdispls, rt, comm);
    int n = in_degree(comm);
    if (n > 0)
        flip(rb, last_bytes(rcounts, rdispls, rt[0], n), rt[0]);
    return rc;
}

/* ---- non-blocking -------------------------------------------------------- */
int MPI_Ineighbor_allgather(const void *sb, int sc, MPI_Datatype st, void *rb,
                            int rc_, MPI_Datatype rt, MPI_Comm comm, MPI_Request *req)
{
    int rc = PMPI_Ineighbor_allgather(sb, sc, st, rb, rc_, rt, comm, req);
    remember(*req, rb, (long)in_degree(comm) * rc_ - 1, rt, 0);
    return rc;
}

int MPI_Ineighbor_allgatherv(const void *sb, int sc, MPI_Datatype st, void *rb,
                             const int *rcounts, const int *displs,
                             MPI_Datatype rt, MPI_Comm comm, MPI_Request *req)
{
    int rc = PMPI_Ineighbor_allgatherv(sb, sc, st, rb, rcounts, displs, rt, comm, req);
    remember(*req, rb, last_v(rcounts, displs, in_degree(comm)), rt, 0);
    return rc;
}

int MPI_Ineighbor_alltoall(const void *sb, int sc, MPI_Datatype st, void *rb,
                           int rc_, MPI_Datatype rt, MPI_Comm comm, MPI_Request *req)
{
    int rc = PMPI_Ineighbor_alltoall(sb, sc, st, rb, rc_, rt, comm, req);
    remember(*req, rb, (long)in_degree(comm) * rc_ - 1, rt, 0);
    return rc;
}

int MPI_Ineighbor_alltoallv(const void *sb, const int *sc, const int *sd,
                            MPI_Datatype st, void *rb, const int *rcounts,
                            const int *rdispls, MPI_Datatype rt, MPI_Comm comm,
                            MPI_Request *req)
{
    int rc = PMPI_Ineighbor_alltoallv(sb, sc, sd, st, rb, rcounts, rdispls, rt,
                                      comm, req);
    remember(*req, rb, last_v(rcounts, rdispls, in_degree(comm)), rt, 0);
    return rc;
}

int MPI_Ineighbor_alltoallw(const void *sb, const int *sc, const MPI_Aint *sd,
                            const MPI_Datatype *st, void *rb, const int *rcounts,
                            const MPI_Aint *rdispls, const MPI_Datatype *rt,
                            MPI_Comm comm, MPI_Request *req)
{
    int rc = PMPI_Ineighbor_alltoallw(sb, sc, sd, st, rb, rcounts, rdispls, rt,
                                      comm, req);
    int n = in_degree(comm);
    remember(*req, rb, n > 0 ? last_bytes(rcounts, rdispls, rt[0], n) : -1,
             n > 0 ? rt[0] : MPI_DATATYPE_NULL, 0);
    return rc;
}
