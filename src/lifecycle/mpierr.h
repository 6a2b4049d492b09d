/* mpierr.h: MPI errors in a benchmark are reported, not fatal */
#ifndef MPIGAUGE_MPIERR_H
#define MPIGAUGE_MPIERR_H

#include <mpi.h>
#include <stddef.h>

/* Installs the recording error handler on comm. */
void mpierr_attach(MPI_Comm comm);

/* The same for an open file.  (Not on MPI_FILE_NULL: MPICH 4.0.2's ROMIO
 * then fails an assertion on the handler's reference count in
 * MPI_File_close.) */
void mpierr_attach_file(MPI_File fh);

/* The same for a one-sided window. */
void mpierr_attach_win(MPI_Win win);

/* Notes an error code returned, not handled (MPI_File_open's). */
void mpierr_note(int code);

/* Collective over MPI_COMM_WORLD: 1 when any rank saw an MPI error since
 * the last call; then msg holds the error of the lowest such rank. */
int mpierr_collect(char *msg, size_t len);

#endif
