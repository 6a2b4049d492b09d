/* coll_nonblocking.h: the non-blocking collectives (coll_nonblocking.c) and the
 * persistent ones (coll_persistent.c) */
#ifndef MPIGAUGE_NONBLOCKING_H
#define MPIGAUGE_NONBLOCKING_H

#include "kernels/kernel.h"

/* post, then MPI_Wait, iters times */
void run_posted(struct kernel *k, int iters);
void post_ibarrier(struct kernel *k);
void post_ibcast(struct kernel *k);
void post_igather(struct kernel *k);
void post_igatherv(struct kernel *k);
void post_iscatter(struct kernel *k);
void post_iscatterv(struct kernel *k);
void post_iallgather(struct kernel *k);
void post_iallgatherv(struct kernel *k);
void post_ialltoall(struct kernel *k);
void post_ialltoallv(struct kernel *k);
void post_ialltoallw(struct kernel *k);
void post_ireduce(struct kernel *k);
void post_iallreduce(struct kernel *k);
void post_ireduce_scatter(struct kernel *k);
void post_ireduce_scatter_block(struct kernel *k);
void post_iscan(struct kernel *k);
void post_iexscan(struct kernel *k);

/* coll_persistent.c: NULL when this build's MPI has persistent collectives
 * (MPI 4.0, or Open MPI's MPIX_ extension), else why not; MPI_Start then
 * MPI_Wait, iters times */
const char *persistent_missing(void);
/* ... and MPICH 4.0's broken scatter, gather and allgather */
const char *scatter_init_missing(void);
const char *gather_init_missing(void);
const char *allgather_init_missing(void);
void run_started(struct kernel *k, int iters);
void init_barrier(struct kernel *k);
void init_bcast(struct kernel *k);
void init_gather(struct kernel *k);
void init_gatherv(struct kernel *k);
void init_scatter(struct kernel *k);
void init_scatterv(struct kernel *k);
void init_allgather(struct kernel *k);
void init_allgatherv(struct kernel *k);
void init_alltoall(struct kernel *k);
void init_alltoallv(struct kernel *k);
void init_alltoallw(struct kernel *k);
void init_reduce(struct kernel *k);
void init_allreduce(struct kernel *k);
void init_reduce_scatter(struct kernel *k);
void init_reduce_scatter_block(struct kernel *k);
void init_scan(struct kernel *k);
void init_exscan(struct kernel *k);

#endif
