/* mpierr.c: a communicator error handler that records and returns.
 *
 * The benchmark's communicators use it instead of MPI_ERRORS_ARE_FATAL, so
 * a library bug in one record (MPICH 4.0.2 truncates MPI_Sendrecv_replace
 * of non-contiguous types, for one) ends that record with the library's
 * own message, and the run goes on.  The timed loops stay free of return
 * code checks: the handler notes the first error, the runner asks after
 * each size. */
#include "lifecycle/mpierr.h"

#include <stdio.h>
#include <string.h>

static char first[MPI_MAX_ERROR_STRING];
static int seen;

void mpierr_note(int code)
{
    if (seen++)
        return;
    int len;
    if (MPI_Error_string(code, first, &len) != MPI_SUCCESS)
        snprintf(first, sizeof first, "MPI error code %d", code);
    for (char *c = first; *c; c++)      /* MPICH's stack: one line */
        if (*c == '\n')
            *c = ' ';
}

static void record(MPI_Comm *comm, int *code, ...)
{
    (void)comm;
    mpierr_note(*code);
}

static void record_file(MPI_File *fh, int *code, ...)
{
    (void)fh;
    mpierr_note(*code);
}

void mpierr_attach_file(MPI_File fh)
{
    static MPI_Errhandler h = MPI_ERRHANDLER_NULL;
    if (h == MPI_ERRHANDLER_NULL)
        MPI_File_create_errhandler(record_file, &h);
    MPI_File_set_errhandler(fh, h);
}

static void record_win(MPI_Win *win, int *code, ...)
{
    (void)win;
    mpierr_note(*code);
}

void mpierr_attach_win(MPI_Win win)
{
    static MPI_Errhandler h = MPI_ERRHANDLER_NULL;
    if (h == MPI_ERRHANDLER_NULL)
        MPI_Win_create_errhandler(record_win, &h);
    MPI_Win_set_errhandler(win, h);
}

void mpierr_attach(MPI_Comm comm)
{
    static MPI_Errhandler h = MPI_ERRHANDLER_NULL;
    if (h == MPI_ERRHANDLER_NULL)
        MPI_Comm_create_errhandler(record, &h);
    MPI_Comm_set_errhandler(comm, h);
}

int mpierr_collect(char *msg, size_t len)
{
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int mine = seen ? rank : size, who;
    MPI_Allreduce(&mine, &who, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (who == size)
        return 0;
    char buf[MPI_MAX_ERROR_STRING + 32];
    snprintf(buf, sizeof buf, "rank %d: %s", who, first);
    MPI_Bcast(buf, (int)sizeof buf, MPI_CHAR, who, MPI_COMM_WORLD);
    snprintf(msg, len, "%s", buf);
    seen = 0;
    return 1;
}
