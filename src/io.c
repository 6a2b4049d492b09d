/* io.c: the MPI I/O calls.
 *
 * At each size every communicator opens its own file in the run's scratch
 * folder (MPI_File_open on the communicator); rank r of the communicator
 * owns the n elements at byte r x n x (data bytes of one element).  The
 * individual-pointer calls seek there before every call (MPI_File_seek is
 * local and cheap; it keeps the file from growing with the iterations),
 * the _AT calls name the offset.  Reads find what the layout wrote before
 * the timing.  The file is closed and deleted after the size.  Without
 * MPI_File_sync in the loop, writes measure the path to the operating
 * system's page cache, as IMB-IO's non-synchronised modes do. */
#include "io.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "mpierr.h"

void io_buffers(int p, size_t n, size_t *send, size_t *recv)
{
    (void)p;
    *send = n;
    *recv = n;
}

static void io_close(struct bench *b)
{
    MPI_File_close(&b->fh);
    MPI_Barrier(b->comm);
    if (b->rank == 0)
        MPI_File_delete(b->path, MPI_INFO_NULL);
}

/* makes every rank's writes visible to every rank (MPI's sync-barrier-sync) */
static void settle(struct bench *b)
{
    MPI_File_sync(b->fh);
    MPI_Barrier(b->comm);
    MPI_File_sync(b->fh);
}

/* opens the communicator's file; with prefill, writes every rank's block
 * of --check data there first (untimed) */
static void io_open(struct bench *b, int prefill)
{
    /* named after the world rank of the communicator's rank 0, found
     * locally (no message a PMPI tool could touch) */
    MPI_Group g, world;
    int zero = 0, lead;
    MPI_Comm_group(b->comm, &g);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_translate_ranks(g, 1, &zero, world, &lead);
    MPI_Group_free(&g);
    MPI_Group_free(&world);
    snprintf(b->path, sizeof b->path, "%s/r%02d-c%d.dat", b->scratch, b->index, lead);
    /* MPI_FILE_NULL's handler returns error codes: this one is noted */
    int rc = MPI_File_open(b->comm, b->path, MPI_MODE_CREATE | MPI_MODE_RDWR,
                           MPI_INFO_NULL, &b->fh);
    if (rc != MPI_SUCCESS) {
        mpierr_note(rc);
        b->fh = MPI_FILE_NULL;
    } else {
        mpierr_attach_file(b->fh);
    }
    b->offset = (MPI_Offset)b->rank * b->count * b->type_size;
    b->finish = io_close;
    if (prefill) {
        fill_block(b, b->sbuf, (size_t)b->count, b->rank, 0);
        MPI_File_write_at_all(b->fh, b->offset, b->sbuf, b->count, b->type,
                              MPI_STATUS_IGNORE);
        settle(b);
    }
}

/* the data to write is defined (valgrind flags a write(2) of
 * uninitialised bytes, and a file of garbage helps nobody) */
void layout_file_write(struct bench *b)
{
    io_open(b, 0);
    fill_block(b, b->sbuf, (size_t)b->count, b->rank, 0);
}

void layout_file_read(struct bench *b)
{
    io_open(b, 1);
}

void run_file_write(struct bench *b, int iters)
{
    for (int i = 0; i < iters; i++) {
        MPI_File_seek(b->fh, b->offset, MPI_SEEK_SET);
        MPI_File_write(b->fh, b->sbuf, b->count, b->type, MPI_STATUS_IGNORE);
    }
}

void run_file_read(struct bench *b, int iters)
{
    for (int i = 0; i < iters; i++) {
        MPI_File_seek(b->fh, b->offset, MPI_SEEK_SET);
        MPI_File_read(b->fh, b->rbuf, b->count, b->type, MPI_STATUS_IGNORE);
    }
}

void run_file_write_at(struct bench *b, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_File_write_at(b->fh, b->offset, b->sbuf, b->count, b->type,
                          MPI_STATUS_IGNORE);
}

void run_file_read_at(struct bench *b, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_File_read_at(b->fh, b->offset, b->rbuf, b->count, b->type,
                         MPI_STATUS_IGNORE);
}

void run_file_write_all(struct bench *b, int iters)
{
    for (int i = 0; i < iters; i++) {
        MPI_File_seek(b->fh, b->offset, MPI_SEEK_SET);
        MPI_File_write_all(b->fh, b->sbuf, b->count, b->type, MPI_STATUS_IGNORE);
    }
}

void run_file_read_all(struct bench *b, int iters)
{
    for (int i = 0; i < iters; i++) {
        MPI_File_seek(b->fh, b->offset, MPI_SEEK_SET);
        MPI_File_read_all(b->fh, b->rbuf, b->count, b->type, MPI_STATUS_IGNORE);
    }
}

void run_file_write_at_all(struct bench *b, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_File_write_at_all(b->fh, b->offset, b->sbuf, b->count, b->type,
                              MPI_STATUS_IGNORE);
}

void run_file_read_at_all(struct bench *b, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_File_read_at_all(b->fh, b->offset, b->rbuf, b->count, b->type,
                             MPI_STATUS_IGNORE);
}

/* Writes this rank's block with the call under test, then reads the
 * whole file back (every rank's block, so a write that landed at the
 * wrong offset is found too) and compares. */
void check_file_write(struct bench *b)
{
    size_t n = (size_t)b->count;
    fill_block(b, b->sbuf, n, b->rank, 0);
    b->rec->call->run(b, 1);
    settle(b);
    for (int r = 0; r < b->size; r++) {
        clear_block(b, b->rbuf, n);
        MPI_File_read_at(b->fh, (MPI_Offset)r * b->count * b->type_size, b->rbuf,
                         b->count, b->type, MPI_STATUS_IGNORE);
        expect_block(b, b->rbuf, n, r, 0, 0);
    }
}

/* the layout wrote this rank's block; the call under test reads it */
void check_file_read(struct bench *b)
{
    size_t n = (size_t)b->count;
    clear_block(b, b->rbuf, n);
    b->rec->call->run(b, 1);
    expect_block(b, b->rbuf, n, b->rank, 0, 0);
}

int io_scratch_make(const char *dir, char *out, size_t len)
{
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char path[4200] = "";
    if (rank == 0) {
        snprintf(path, sizeof path, "%s/mpigauge-scratch-XXXXXX", dir);
        if (!mkdtemp(path)) {
            fprintf(stderr, "mpigauge: cannot create a scratch folder in %s: %s\n",
                    dir, strerror(errno));
            path[0] = 0;
        }
    }
    MPI_Bcast(path, (int)sizeof path, MPI_CHAR, 0, MPI_COMM_WORLD);
    snprintf(out, len, "%s", path);
    return path[0] ? 0 : -1;
}

void io_scratch_remove(const char *path)
{
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0 && path[0] && rmdir(path) != 0)
        fprintf(stderr, "mpigauge: warning: cannot remove the scratch folder "
                "%s: %s\n", path, strerror(errno));
}
