/* corrupt_io.c: the fault injector (corrupt.c) for the MPI I/O calls of
 * io_file_more.c: the shared and ordered reads flip their last element
 * at once, the non-blocking reads at the MPI_Wait that completes them
 * (corrupt_nbc.c's remember).  The writes are checked by reading them
 * back with MPI_File_read_at, which corrupt.c flips already. */
#include "corrupt.h"

#define FLIP_READ(name, pname)                                                   \
    int name(MPI_File fh, void *buf, int count, MPI_Datatype t, MPI_Status *st) \
    {                                                                            \
        int rc = pname(fh, buf, count, t, st);                                   \
        flip(buf, count - 1, t);                                                 \
        return rc;                                                               \
    }

FLIP_READ(MPI_File_read_shared, PMPI_File_read_shared)
FLIP_READ(MPI_File_read_ordered, PMPI_File_read_ordered)

#define IREAD(name, pname)                                                       \
    int name(MPI_File fh, void *buf, int count, MPI_Datatype t, MPI_Request *req) \
    {                                                                            \
        int rc = pname(fh, buf, count, t, req);                                  \
        remember(*req, buf, count - 1, t, 0);                                    \
        return rc;                                                               \
    }
#define IREAD_AT(name, pname)                                                    \
    int name(MPI_File fh, MPI_Offset off, void *buf, int count, MPI_Datatype t,  \
             MPI_Request *req)                                                   \
    {                                                                            \
        int rc = pname(fh, off, buf, count, t, req);                             \
        remember(*req, buf, count - 1, t, 0);                                    \
        return rc;                                                               \
    }

IREAD(MPI_File_iread, PMPI_File_iread)
IREAD(MPI_File_iread_all, PMPI_File_iread_all)
IREAD_AT(MPI_File_iread_at, PMPI_File_iread_at)
IREAD_AT(MPI_File_iread_at_all, PMPI_File_iread_at_all)
