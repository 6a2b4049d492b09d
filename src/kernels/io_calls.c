/* io_calls.c: the call table's part for MPI I/O (io_file.c); listed in
 * kernels/calls.c's call_parts, right after one-sided's.  Every
 * call works on the communicator's file of the size (the layout opens it
 * in the run's scratch folder), each rank at its own block.  The
 * non-blocking, shared, ordered and open calls' kernels are in
 * io_file_more.c. */
#include "registry/registry.h"

#include "kernels/calls.h"
#include "kernels/io.h"
#include "kernels/buf_sizes.h"

/* the non-blocking calls' overlap, as the non-blocking collectives' */
#define NB_IO "; then post, computation as long as the call, MPI_Wait: overlap_pct " \
    "(OSU's formula, as the non-blocking collectives)"

static const struct call calls[] = {
    {.name = "FILE_WRITE", .caps = CALL_DEVICE | CALL_DEVICE_STAGED, .family = &family_io, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_write, .loop = run_file_write,
     .check = check_file_write,
     .timing = "time per MPI_File_seek to this rank's block of the communicator's file + MPI_File_write of n elements"},
    {.name = "FILE_READ", .caps = CALL_DEVICE | CALL_DEVICE_STAGED, .family = &family_io, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_read, .loop = run_file_read,
     .check = check_file_read,
     .timing = "time per MPI_File_seek to this rank's block + MPI_File_read of n elements"},
    {.name = "FILE_WRITE_AT", .caps = CALL_DEVICE | CALL_DEVICE_STAGED, .family = &family_io, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_write, .loop = run_file_write_at,
     .check = check_file_write,
     .timing = "time per MPI_File_write_at of n elements at this rank's block of the communicator's file"},
    {.name = "FILE_READ_AT", .caps = CALL_DEVICE | CALL_DEVICE_STAGED, .family = &family_io, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_read, .loop = run_file_read_at,
     .check = check_file_read,
     .timing = "time per MPI_File_read_at of n elements at this rank's block"},
    {.name = "FILE_WRITE_ALL", .caps = CALL_DEVICE | CALL_DEVICE_STAGED, .family = &family_io, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_write, .loop = run_file_write_all,
     .check = check_file_write,
     .timing = "time per MPI_File_seek + collective MPI_File_write_all of n elements, every rank its own block"},
    {.name = "FILE_READ_ALL", .caps = CALL_DEVICE | CALL_DEVICE_STAGED, .family = &family_io, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_read, .loop = run_file_read_all,
     .check = check_file_read,
     .timing = "time per MPI_File_seek + collective MPI_File_read_all of n elements"},
    {.name = "FILE_WRITE_AT_ALL", .caps = CALL_DEVICE | CALL_DEVICE_STAGED, .family = &family_io, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_write, .loop = run_file_write_at_all,
     .check = check_file_write,
     .timing = "time per collective MPI_File_write_at_all of n elements at this rank's block"},
    {.name = "FILE_READ_AT_ALL", .caps = CALL_DEVICE | CALL_DEVICE_STAGED, .family = &family_io, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_read, .loop = run_file_read_at_all,
     .check = check_file_read,
     .timing = "time per collective MPI_File_read_at_all of n elements at this rank's block"},
    {.name = "FILE_IWRITE", .caps = CALL_DEVICE | CALL_DEVICE_STAGED, .family = &family_io, .opk = OPK_NONE, .mode = MODE_NONBLOCKING,
     .buffers = bufs_n_n, .layout = layout_file_write, .post = post_file_iwrite, .loop = run_file_posted,
     .check = check_file_write,
     .timing = "time per MPI_File_seek to this rank's block + MPI_File_iwrite of n elements + MPI_Wait" NB_IO},
    {.name = "FILE_IREAD", .caps = CALL_DEVICE | CALL_DEVICE_STAGED, .family = &family_io, .opk = OPK_NONE, .mode = MODE_NONBLOCKING,
     .buffers = bufs_n_n, .layout = layout_file_read, .post = post_file_iread, .loop = run_file_posted,
     .check = check_file_read,
     .timing = "time per MPI_File_seek to this rank's block + MPI_File_iread of n elements + MPI_Wait" NB_IO},
    {.name = "FILE_IWRITE_AT", .caps = CALL_DEVICE | CALL_DEVICE_STAGED, .family = &family_io, .opk = OPK_NONE, .mode = MODE_NONBLOCKING,
     .buffers = bufs_n_n, .layout = layout_file_write, .post = post_file_iwrite_at, .loop = run_file_posted,
     .check = check_file_write,
     .timing = "time per MPI_File_iwrite_at of n elements at this rank's block + MPI_Wait" NB_IO},
    {.name = "FILE_IREAD_AT", .caps = CALL_DEVICE | CALL_DEVICE_STAGED, .family = &family_io, .opk = OPK_NONE, .mode = MODE_NONBLOCKING,
     .buffers = bufs_n_n, .layout = layout_file_read, .post = post_file_iread_at, .loop = run_file_posted,
     .check = check_file_read,
     .timing = "time per MPI_File_iread_at of n elements at this rank's block + MPI_Wait" NB_IO},
    {.name = "FILE_IWRITE_ALL", .caps = CALL_DEVICE | CALL_DEVICE_STAGED, .family = &family_io, .opk = OPK_NONE, .mode = MODE_NONBLOCKING,
     .buffers = bufs_n_n, .layout = layout_file_write, .post = post_file_iwrite_all, .loop = run_file_posted,
     .check = check_file_write,
     .timing = "time per MPI_File_seek + collective MPI_File_iwrite_all of n elements + MPI_Wait, every rank its own block" NB_IO},
    {.name = "FILE_IREAD_ALL", .caps = CALL_DEVICE | CALL_DEVICE_STAGED, .family = &family_io, .opk = OPK_NONE, .mode = MODE_NONBLOCKING,
     .buffers = bufs_n_n, .layout = layout_file_read, .post = post_file_iread_all, .loop = run_file_posted,
     .check = check_file_read,
     .timing = "time per MPI_File_seek + collective MPI_File_iread_all of n elements + MPI_Wait" NB_IO},
    {.name = "FILE_IWRITE_AT_ALL", .caps = CALL_DEVICE | CALL_DEVICE_STAGED, .family = &family_io, .opk = OPK_NONE, .mode = MODE_NONBLOCKING,
     .buffers = bufs_n_n, .layout = layout_file_write, .post = post_file_iwrite_at_all, .loop = run_file_posted,
     .check = check_file_write,
     .timing = "time per collective MPI_File_iwrite_at_all of n elements at this rank's block + MPI_Wait" NB_IO},
    {.name = "FILE_IREAD_AT_ALL", .caps = CALL_DEVICE | CALL_DEVICE_STAGED, .family = &family_io, .opk = OPK_NONE, .mode = MODE_NONBLOCKING,
     .buffers = bufs_n_n, .layout = layout_file_read, .post = post_file_iread_at_all, .loop = run_file_posted,
     .check = check_file_read,
     .timing = "time per collective MPI_File_iread_at_all of n elements at this rank's block + MPI_Wait" NB_IO},
    {.name = "FILE_WRITE_SHARED", .caps = CALL_DEVICE | CALL_DEVICE_STAGED, .family = &family_io, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_write, .loop = run_file_write_shared,
     .check = check_file_write_shared,
     .timing = "time per collective MPI_File_seek_shared to 0 + MPI_File_write_shared of n elements (the blocks in the order the ranks reach the shared pointer)"},
    {.name = "FILE_READ_SHARED", .caps = CALL_DEVICE | CALL_DEVICE_STAGED, .family = &family_io, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_read, .loop = run_file_read_shared,
     .check = check_file_read_shared,
     .timing = "time per collective MPI_File_seek_shared to 0 + MPI_File_read_shared of n elements (whichever rank's block the shared pointer is at)"},
    {.name = "FILE_WRITE_ORDERED", .caps = CALL_DEVICE | CALL_DEVICE_STAGED, .family = &family_io, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_write, .loop = run_file_write_ordered,
     .check = check_file_write,
     .timing = "time per collective MPI_File_seek_shared to 0 + collective MPI_File_write_ordered of n elements (rank order)"},
    {.name = "FILE_READ_ORDERED", .caps = CALL_DEVICE | CALL_DEVICE_STAGED, .family = &family_io, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_read, .loop = run_file_read_ordered,
     .check = check_file_read,
     .timing = "time per collective MPI_File_seek_shared to 0 + collective MPI_File_read_ordered of n elements (rank order)"},
    {.name = "FILE_OPEN", .family = &family_io, .opk = OPK_NONE,
     .buffers = bufs_n_n, .layout = layout_file_open, .loop = run_file_open,
     .check = check_file_open,
     .timing = "time per collective MPI_File_open + MPI_File_close of the communicator's file, which holds n elements of every rank (written before; the bytes are the file's share of this rank, not moved)"},
};

const struct table io_calls = {
    "call", calls, sizeof calls / sizeof calls[0], sizeof calls[0], NULL, NULL,
};
