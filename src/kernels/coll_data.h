/* coll_data.h: the data-movement collectives (coll_data.c) */
#ifndef MPIGAUGE_COLLECTIVES_H
#define MPIGAUGE_COLLECTIVES_H

#include "kernels/kernel.h"

void layout_ramp(struct kernel *k);
void layout_alltoallv(struct kernel *k);
void layout_alltoallw(struct kernel *k);

void run_bcast(struct kernel *k, int iters);
void run_gather(struct kernel *k, int iters);
void run_gatherv(struct kernel *k, int iters);
void run_allgather(struct kernel *k, int iters);
void run_allgatherv(struct kernel *k, int iters);
void run_scatter(struct kernel *k, int iters);
void run_scatterv(struct kernel *k, int iters);
void run_alltoall(struct kernel *k, int iters);
void run_alltoallv(struct kernel *k, int iters);
void run_alltoallw(struct kernel *k, int iters);
void check_bcast(struct kernel *k);
void check_gather(struct kernel *k);
void check_gatherv(struct kernel *k);
void check_allgather(struct kernel *k);
void check_allgatherv(struct kernel *k);
void check_scatter(struct kernel *k);
void check_scatterv(struct kernel *k);
void check_alltoall(struct kernel *k);
void check_alltoallv(struct kernel *k);

#endif
