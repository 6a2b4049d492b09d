/* io_file.c: the MPI I/O calls.
 *
 * At each size every communicator opens its own file in the run's scratch
 * folder (MPI_File_open on the communicator); rank r of the communicator
 * owns the n elements at byte r x n x (data bytes of one element).  The
 * individual-pointer calls seek there before every call (MPI_File_seek is
 * local and cheap; it keeps the file from growing with the iterations),
 * the _AT calls name the offset.  Reads find what the layout wrote before
 * the timing.  The file is closed and deleted after the size.  Without
 * MPI_File_sync in the loop (fsync=1 puts it there, timed), writes
 * measure the path to the operating system's page cache, as IMB-IO's
 * non-synchronised modes do.  The family's row, plan rule and settings
 * are io_family.c's. */
#include "kernels/io.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"

static void io_close(struct kernel *k)
{
    MPI_File_close(&io_of(k)->fh);
    MPI_Barrier(k->comm);
    if (k->rank == 0)
        MPI_File_delete(io_of(k)->path, MPI_INFO_NULL);
    free(k->priv);
    k->priv = NULL;
}

/* makes every rank's writes visible to every rank (MPI's sync-barrier-sync) */
void settle(struct kernel *k)
{
    MPI_File_sync(io_of(k)->fh);
    MPI_Barrier(k->comm);
    MPI_File_sync(io_of(k)->fh);
}

/* view=type: MPI_File_set_view at the rank's place (and the offset 0) */
static void io_set_view(struct kernel *k)
{
    struct io_file *io = io_of(k);
    MPI_Offset place = (MPI_Offset)k->rank * k->count;
    if (io_settings(k->rec)->view != IO_VIEW_TYPE) {
        io->offset = place * k->type_size;
        return;
    }
    io->offset = 0;
    MPI_File_set_view(io->fh, place * k->extent, MPI_BYTE, k->type, "native",
                      MPI_INFO_NULL);
}

/* opens the communicator's file; with prefill, writes every rank's block
 * of --check data there first (untimed) */
void io_open(struct kernel *k, int prefill)
{
    k->priv = xcalloc(1, sizeof(struct io_file));
    /* named after the world rank of the communicator's rank 0, found
     * locally (no message a PMPI tool could touch) */
    MPI_Group g, world;
    int zero = 0, lead;
    MPI_Comm_group(k->comm, &g);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_translate_ranks(g, 1, &zero, world, &lead);
    MPI_Group_free(&g);
    MPI_Group_free(&world);
    snprintf(io_of(k)->path, sizeof io_of(k)->path, "%s/r%02d-c%d.dat", k->scratch, k->index, lead);
    /* MPI_FILE_NULL's handler returns error codes: this one is noted */
    MPI_Info info = io_hints(k->rec);
    int rc = MPI_File_open(k->comm, io_of(k)->path, MPI_MODE_CREATE | MPI_MODE_RDWR,
                           info, &io_of(k)->fh);
    if (info != MPI_INFO_NULL)
        MPI_Info_free(&info);
    if (rc != MPI_SUCCESS)
        io_of(k)->fh = MPI_FILE_NULL;
    if (k->file_opened)
        k->file_opened(io_of(k)->fh, rc);
    if (rc == MPI_SUCCESS)
        io_hints_read_back(k, io_of(k)->fh);
    k->finish = io_close;
    io_set_view(k);
    if (prefill) {
        fill_block(k, k->sbuf, (size_t)k->count, k->rank, 0);
        MPI_File_write_at_all(io_of(k)->fh, io_of(k)->offset, k->sbuf, k->count, k->type,
                              MPI_STATUS_IGNORE);
        io_synced(k);
        settle(k);
    }
}


/* the data to write is defined (valgrind flags a write(2) of
 * uninitialised bytes, and a file of garbage helps nobody) */
void layout_file_write(struct kernel *k)
{
    io_open(k, 0);
    fill_block(k, k->sbuf, (size_t)k->count, k->rank, 0);
}

void layout_file_read(struct kernel *k)
{
    io_open(k, 1);
}

void run_file_write(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++) {
        MPI_File_seek(io_of(k)->fh, io_of(k)->offset, MPI_SEEK_SET);
        MPI_File_write(io_of(k)->fh, k->sbuf, k->count, k->type, MPI_STATUS_IGNORE);
        io_synced(k);
    }
}

void run_file_read(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++) {
        MPI_File_seek(io_of(k)->fh, io_of(k)->offset, MPI_SEEK_SET);
        MPI_File_read(io_of(k)->fh, k->rbuf, k->count, k->type, MPI_STATUS_IGNORE);
        io_synced(k);
    }
}

void run_file_write_at(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++) {
        MPI_File_write_at(io_of(k)->fh, io_of(k)->offset, k->sbuf, k->count, k->type,
                          MPI_STATUS_IGNORE);
        io_synced(k);
    }
}

void run_file_read_at(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++) {
        MPI_File_read_at(io_of(k)->fh, io_of(k)->offset, k->rbuf, k->count, k->type,
                         MPI_STATUS_IGNORE);
        io_synced(k);
    }
}

void run_file_write_all(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++) {
        MPI_File_seek(io_of(k)->fh, io_of(k)->offset, MPI_SEEK_SET);
        MPI_File_write_all(io_of(k)->fh, k->sbuf, k->count, k->type, MPI_STATUS_IGNORE);
        io_synced(k);
    }
}

void run_file_read_all(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++) {
        MPI_File_seek(io_of(k)->fh, io_of(k)->offset, MPI_SEEK_SET);
        MPI_File_read_all(io_of(k)->fh, k->rbuf, k->count, k->type, MPI_STATUS_IGNORE);
        io_synced(k);
    }
}

void run_file_write_at_all(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++) {
        MPI_File_write_at_all(io_of(k)->fh, io_of(k)->offset, k->sbuf, k->count,
                              k->type, MPI_STATUS_IGNORE);
        io_synced(k);
    }
}

void run_file_read_at_all(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++) {
        MPI_File_read_at_all(io_of(k)->fh, io_of(k)->offset, k->rbuf, k->count,
                             k->type, MPI_STATUS_IGNORE);
        io_synced(k);
    }
}

/* Writes this rank's block with the call under test, then reads the
 * whole file back (every rank's block, so a write that landed at the
 * wrong offset is found too) and compares.  Under view=type each rank
 * reads its own block back through its view (the file's holes are the
 * filetype's, and another rank's view is not this one's). */
void check_file_write(struct kernel *k)
{
    size_t n = (size_t)k->count;
    fill_block(k, k->sbuf, n, k->rank, 0);
    check_run(k);
    settle(k);
    if (io_settings(k->rec)->view == IO_VIEW_TYPE) {
        clear_block(k, k->rbuf, n);
        MPI_File_read_at(io_of(k)->fh, 0, k->rbuf, k->count, k->type, MPI_STATUS_IGNORE);
        expect_block(k, k->rbuf, n, k->rank, 0, 0);
        return;
    }
    for (int r = 0; r < k->size; r++) {
        clear_block(k, k->rbuf, n);
        MPI_File_read_at(io_of(k)->fh, (MPI_Offset)r * k->count * k->type_size, k->rbuf,
                         k->count, k->type, MPI_STATUS_IGNORE);
        expect_block(k, k->rbuf, n, r, 0, 0);
    }
}

/* the layout wrote this rank's block; the call under test reads it */
void check_file_read(struct kernel *k)
{
    size_t n = (size_t)k->count;
    clear_block(k, k->rbuf, n);
    check_run(k);
    expect_block(k, k->rbuf, n, k->rank, 0, 0);
}
