/* launch_check.h: a launch whose ranks did not find each other.  A batch
 * system or launcher says in the environment how many tasks it started;
 * when MPI_COMM_WORLD has fewer, each task is an MPI job of its own (srun
 * without --mpi=pmi2 under MPICH: every task a 1-rank "complete" run) */
#ifndef MPIGAUGE_LAUNCH_CHECK_H
#define MPIGAUGE_LAUNCH_CHECK_H

#include <stddef.h>

/* 0 when no variable of the environment names more tasks than
 * world_size; else 1, with what is wrong and the launch to use in why */
int launch_check(int world_size, char *why, size_t len);

#endif
