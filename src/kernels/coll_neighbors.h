/* coll_neighbors.h: the neighbourhood collectives on Cartesian and distributed-
 * graph communicators, blocking and non-blocking (coll_neighbors.c) */
#ifndef MPIGAUGE_NEIGHBORS_H
#define MPIGAUGE_NEIGHBORS_H

#include "kernels/kernel.h"

/* this rank's neighbours and the layout of its blocks at one size */
struct neighbors {
    int cart;                  /* Cartesian: block i of the receive buffer
                                * is the sender's block i^1 (MPI 4.1 §8.6) */
    int in, out;               /* in- and out-degree */
    int *src, *dst;            /* ranks; MPI_PROC_NULL beyond an open edge */
    int *slot;                 /* per source: which of its blocks is ours */
    int ramp;                  /* counts of the v-variants (else all n) */
    int mine;                  /* allgatherv: the elements this rank gives */
    int *rcounts, *rdispls, *scounts, *sdispls;
    MPI_Aint *rbytes, *sbytes; /* alltoallw: displacements in bytes */
    MPI_Datatype *types;       /* alltoallw: the record's type for each */
    size_t rtotal, stotal;     /* elements of the receive and send blocks */
};

/* the neighbours, with n elements a block or (_v) the ramp of vcount();
 * the kernel's finish callback frees them */
void layout_neighbors(struct kernel *k);
void layout_neighbors_v(struct kernel *k);
/* allgatherv: rank r gives vcount(n, r, p) elements */
void layout_neighbors_gv(struct kernel *k);
/* elements rank `from` sends in its block j (the alltoall forms) */
int nbr_edge_count(const struct kernel *k, const struct neighbors *nb,
                   int from, int j);

/* send and receive buffers for p ranks: a rank has at most max(p, 2)
 * neighbours each way (module comment of coll_neighbors.c) */
void bufs_nbr_gather(int p, size_t n, size_t *send, size_t *recv);
void bufs_nbr_gatherv(int p, size_t n, size_t *send, size_t *recv);
void bufs_nbr_a2a(int p, size_t n, size_t *send, size_t *recv);
void bufs_nbr_a2av(int p, size_t n, size_t *send, size_t *recv);

void run_neighbor_allgather(struct kernel *k, int iters);
void run_neighbor_allgatherv(struct kernel *k, int iters);
void run_neighbor_alltoall(struct kernel *k, int iters);
void run_neighbor_alltoallv(struct kernel *k, int iters);
void run_neighbor_alltoallw(struct kernel *k, int iters);
void post_ineighbor_allgather(struct kernel *k);
void post_ineighbor_allgatherv(struct kernel *k);
void post_ineighbor_alltoall(struct kernel *k);
void post_ineighbor_alltoallv(struct kernel *k);
void post_ineighbor_alltoallw(struct kernel *k);

void check_neighbor_allgather(struct kernel *k);
void check_neighbor_alltoall(struct kernel *k);

#endif
