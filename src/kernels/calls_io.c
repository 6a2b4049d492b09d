/* calls_io.c: the call table's part for MPI I/O (file_io.c); listed in
 * kernels/calls.c's call_parts, right after calls.c's own rows.  Every
 * call works on the communicator's file of the size (the layout opens it
 * in the run's scratch folder), each rank at its own block. */
#include "registry/registry.h"

#include "kernels/calls.h"
#include "kernels/file_io.h"
#include "kernels/shapes.h"

static const struct call calls[] = {
    {.name = "FILE_WRITE", .family = &family_io, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_write, .loop = run_file_write,
     .check = check_file_write,
     .timing = "time per MPI_File_seek to this rank's block of the communicator's file + MPI_File_write of n elements"},
    {.name = "FILE_READ", .family = &family_io, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_read, .loop = run_file_read,
     .check = check_file_read,
     .timing = "time per MPI_File_seek to this rank's block + MPI_File_read of n elements"},
    {.name = "FILE_WRITE_AT", .family = &family_io, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_write, .loop = run_file_write_at,
     .check = check_file_write,
     .timing = "time per MPI_File_write_at of n elements at this rank's block of the communicator's file"},
    {.name = "FILE_READ_AT", .family = &family_io, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_read, .loop = run_file_read_at,
     .check = check_file_read,
     .timing = "time per MPI_File_read_at of n elements at this rank's block"},
    {.name = "FILE_WRITE_ALL", .family = &family_io, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_write, .loop = run_file_write_all,
     .check = check_file_write,
     .timing = "time per MPI_File_seek + collective MPI_File_write_all of n elements, every rank its own block"},
    {.name = "FILE_READ_ALL", .family = &family_io, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_read, .loop = run_file_read_all,
     .check = check_file_read,
     .timing = "time per MPI_File_seek + collective MPI_File_read_all of n elements"},
    {.name = "FILE_WRITE_AT_ALL", .family = &family_io, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_write, .loop = run_file_write_at_all,
     .check = check_file_write,
     .timing = "time per collective MPI_File_write_at_all of n elements at this rank's block"},
    {.name = "FILE_READ_AT_ALL", .family = &family_io, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_read, .loop = run_file_read_at_all,
     .check = check_file_read,
     .timing = "time per collective MPI_File_read_at_all of n elements at this rank's block"},
};

const struct table io_calls = {
    "call", calls, sizeof calls / sizeof calls[0], sizeof calls[0], NULL, NULL,
};
