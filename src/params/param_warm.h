/* param_warm.h: every pair's path warmed before any parameter is timed */
#ifndef MPIGAUGE_PARAM_WARM_H
#define MPIGAUGE_PARAM_WARM_H

#include <mpi.h>

/* the round trips of 0 bytes each pair makes, then one of buf's bytes */
#define PARAM_WARM_TRIPS 20

/* Collective over comm: every pair of its ranks, in the rounds of
 * disjoint pairs (models/schedule.h), makes PARAM_WARM_TRIPS round trips
 * of 0 bytes and one of bytes from buf, untimed; nothing under SMPI.
 * Returns 1 when it ran. */
int params_warm(MPI_Comm comm, char *buf, int bytes);

#endif
