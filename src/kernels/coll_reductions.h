/* coll_reductions.h: the reduction collectives (coll_reductions.c) */
#ifndef MPIGAUGE_REDUCTIONS_H
#define MPIGAUGE_REDUCTIONS_H

#include "kernels/kernel.h"

void run_reduce(struct kernel *k, int iters);
void run_allreduce(struct kernel *k, int iters);
void run_reduce_scatter(struct kernel *k, int iters);
void run_reduce_scatter_block(struct kernel *k, int iters);
void run_scan(struct kernel *k, int iters);
void run_exscan(struct kernel *k, int iters);
void run_reduce_local(struct kernel *k, int iters);
void check_reduce_local(struct kernel *k);
void check_reduce(struct kernel *k);
void check_allreduce(struct kernel *k);
void check_reduce_scatter(struct kernel *k);
void check_reduce_scatter_block(struct kernel *k);
void check_scan(struct kernel *k);
void check_exscan(struct kernel *k);

#endif
