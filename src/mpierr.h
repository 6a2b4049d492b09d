/* mpierr.h: MPI errors in a benchmark are reported, not fatal */
#ifndef MPIGAUGE_MPIERR_H
#define MPIGAUGE_MPIERR_H

#include <mpi.h>
#include <stddef.h>

/* Installs the recording error handler on comm. */
void mpierr_attach(MPI_Comm comm);

/* Collective over MPI_COMM_WORLD: 1 when any rank saw an MPI error since
 * the last call; then msg holds the error of the lowest such rank. */
int mpierr_collect(char *msg, size_t len);

#endif
