/* coll_calls_nbr.c: the call table, continued: the neighbourhood collectives,
 * blocking and non-blocking, which run on the communicators of the
 * graph-shaped topologies (STENCIL, STENCIL-OPEN, BINARY-TREE, GRAPH:path)
 * and are skipped with the reason on the others. */
#include "kernels/calls.h"

#include "kernels/coll_neighbors.h"
#include "kernels/coll_nonblocking.h"

#define NB "; overlap columns: the same with a computation as long as the pure time between post and wait"
#define GV "; rank r gives floor(2n(r+1)/(p+1)) elements"
#define AV "; rank r sends floor(2n(k+1)/(p+1)) elements in its block j, k = (r+j) mod p"

static const struct call calls[] = {
    {.name = "NEIGHBOR_ALLGATHER", .family = &family_coll, .caps = CALL_DEVICE | CALL_NEIGHBORS, .opk = OPK_NONE,
     .buffers = bufs_nbr_gather, .layout = layout_neighbors,
     .loop = run_neighbor_allgather, .check = check_neighbor_allgather,
     .timing = "time per MPI_Neighbor_allgather: n elements to every out-neighbour, "
               "n from every in-neighbour"},
    {.name = "NEIGHBOR_ALLGATHERV", .family = &family_coll, .caps = CALL_DEVICE | CALL_NEIGHBORS, .opk = OPK_NONE,
     .buffers = bufs_nbr_gatherv, .layout = layout_neighbors_gv,
     .loop = run_neighbor_allgatherv, .check = check_neighbor_allgather,
     .timing = "time per MPI_Neighbor_allgatherv" GV},
    {.name = "NEIGHBOR_ALLTOALL", .family = &family_coll, .caps = CALL_DEVICE | CALL_NEIGHBORS, .opk = OPK_NONE,
     .buffers = bufs_nbr_a2a, .layout = layout_neighbors,
     .loop = run_neighbor_alltoall, .check = check_neighbor_alltoall,
     .timing = "time per MPI_Neighbor_alltoall: a block of n elements of its own "
               "to every out-neighbour"},
    {.name = "NEIGHBOR_ALLTOALLV", .family = &family_coll, .caps = CALL_DEVICE | CALL_NEIGHBORS, .opk = OPK_NONE,
     .buffers = bufs_nbr_a2av, .layout = layout_neighbors_v,
     .loop = run_neighbor_alltoallv, .check = check_neighbor_alltoall,
     .timing = "time per MPI_Neighbor_alltoallv" AV},
    {.name = "NEIGHBOR_ALLTOALLW", .family = &family_coll, .caps = CALL_DEVICE | CALL_NEIGHBORS, .opk = OPK_NONE,
     .buffers = bufs_nbr_a2av, .layout = layout_neighbors_v,
     .loop = run_neighbor_alltoallw, .check = check_neighbor_alltoall,
     .timing = "time per MPI_Neighbor_alltoallw with NEIGHBOR_ALLTOALLV's counts, "
               "byte displacements and a type per neighbour"},
    {.name = "INEIGHBOR_ALLGATHER", .family = &family_coll, .caps = CALL_DEVICE | CALL_NEIGHBORS, .opk = OPK_NONE,
     .mode = MODE_NONBLOCKING,
     .buffers = bufs_nbr_gather, .layout = layout_neighbors,
     .post = post_ineighbor_allgather, .loop = run_posted,
     .check = check_neighbor_allgather,
     .timing = "time per MPI_Ineighbor_allgather + MPI_Wait, nothing in between" NB},
    {.name = "INEIGHBOR_ALLGATHERV", .family = &family_coll, .caps = CALL_DEVICE | CALL_NEIGHBORS, .opk = OPK_NONE,
     .mode = MODE_NONBLOCKING,
     .buffers = bufs_nbr_gatherv, .layout = layout_neighbors_gv,
     .post = post_ineighbor_allgatherv, .loop = run_posted,
     .check = check_neighbor_allgather,
     .timing = "time per MPI_Ineighbor_allgatherv + MPI_Wait" GV NB},
    {.name = "INEIGHBOR_ALLTOALL", .family = &family_coll, .caps = CALL_DEVICE | CALL_NEIGHBORS, .opk = OPK_NONE,
     .mode = MODE_NONBLOCKING,
     .buffers = bufs_nbr_a2a, .layout = layout_neighbors,
     .post = post_ineighbor_alltoall, .loop = run_posted,
     .check = check_neighbor_alltoall,
     .timing = "time per MPI_Ineighbor_alltoall + MPI_Wait, nothing in between" NB},
    {.name = "INEIGHBOR_ALLTOALLV", .family = &family_coll, .caps = CALL_DEVICE | CALL_NEIGHBORS, .opk = OPK_NONE,
     .mode = MODE_NONBLOCKING,
     .buffers = bufs_nbr_a2av, .layout = layout_neighbors_v,
     .post = post_ineighbor_alltoallv, .loop = run_posted,
     .check = check_neighbor_alltoall,
     .timing = "time per MPI_Ineighbor_alltoallv + MPI_Wait" AV NB},
    {.name = "INEIGHBOR_ALLTOALLW", .family = &family_coll, .caps = CALL_DEVICE | CALL_NEIGHBORS, .opk = OPK_NONE,
     .mode = MODE_NONBLOCKING,
     .buffers = bufs_nbr_a2av, .layout = layout_neighbors_v,
     .post = post_ineighbor_alltoallw, .loop = run_posted,
     .check = check_neighbor_alltoall,
     .timing = "time per MPI_Ineighbor_alltoallw + MPI_Wait" AV NB},
};

const struct table coll_nbr_calls = {
    "call", calls, sizeof calls / sizeof calls[0], sizeof calls[0], NULL, NULL,
};
