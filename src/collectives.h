/* collectives.h: data-movement collectives (collectives.c), reductions
 * (reductions.c) and synchronisation (barrier.c) */
#ifndef MPIGAUGE_COLLECTIVES_H
#define MPIGAUGE_COLLECTIVES_H

#include "bench.h"

void bufs_n_0(int p, size_t n, size_t *send, size_t *recv);
void bufs_n_n(int p, size_t n, size_t *send, size_t *recv);
void bufs_n_pn(int p, size_t n, size_t *send, size_t *recv);
void bufs_2n_pn(int p, size_t n, size_t *send, size_t *recv);
void bufs_pn_n(int p, size_t n, size_t *send, size_t *recv);
void bufs_pn_2n(int p, size_t n, size_t *send, size_t *recv);
void bufs_pn_pn(int p, size_t n, size_t *send, size_t *recv);
void bufs_none(int p, size_t n, size_t *send, size_t *recv);

void layout_ramp(struct bench *b);
void layout_alltoallv(struct bench *b);

void run_bcast(struct bench *b, int iters);
void run_gather(struct bench *b, int iters);
void run_gatherv(struct bench *b, int iters);
void run_allgather(struct bench *b, int iters);
void run_allgatherv(struct bench *b, int iters);
void run_scatter(struct bench *b, int iters);
void run_scatterv(struct bench *b, int iters);
void run_alltoall(struct bench *b, int iters);
void run_alltoallv(struct bench *b, int iters);
void check_bcast(struct bench *b);
void check_gather(struct bench *b);
void check_gatherv(struct bench *b);
void check_allgather(struct bench *b);
void check_allgatherv(struct bench *b);
void check_scatter(struct bench *b);
void check_scatterv(struct bench *b);
void check_alltoall(struct bench *b);
void check_alltoallv(struct bench *b);

void run_reduce(struct bench *b, int iters);
void run_allreduce(struct bench *b, int iters);
void run_reduce_scatter(struct bench *b, int iters);
void run_reduce_scatter_block(struct bench *b, int iters);
void run_scan(struct bench *b, int iters);
void run_exscan(struct bench *b, int iters);
void check_reduce(struct bench *b);
void check_allreduce(struct bench *b);
void check_reduce_scatter(struct bench *b);
void check_reduce_scatter_block(struct bench *b);
void check_scan(struct bench *b);
void check_exscan(struct bench *b);

void run_barrier(struct bench *b, int iters);

#endif
