/* file_io.c: the MPI I/O calls.
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
#include "kernels/file_io.h"

#include <stdio.h>
#include "registry/record.h"

/* --validate's transfer speed to a file system (world/estimate.c) */
#define IO_BYTES_PER_US 500.0

/* SMPI 3.32 simulates MPI-IO on platform disks, ignores the data it is
 * given (so --check cannot pass) and crashed SimGrid's kernel with one;
 * ROMIO (MPICH 4.0.2) aborts the whole job when it flattens a named pair
 * type (MPI_Type_get_contents on MPI_DOUBLE_INT) */
static int io_skip(const struct record *r, const struct plan_facts *f, char *why,
                   size_t len)
{
    if (f->smpi)
        snprintf(why, len, "SimGrid's SMPI 3.32 simulates MPI-IO on platform disks "
                 "without moving the data, so it is not measured");
    else if ((r->dt->cls & TC_PAIR) && facts_library(f, "MPICH"))
        snprintf(why, len, "MPICH's ROMIO aborts on the pair type %s in MPI I/O "
                 "(MPI_Type_get_contents on a named type); use STRUCT or a plain "
                 "type", r->dt->name);
    return why[0] != 0;
}

/* every rank of the communicator at once, into a file of the scratch
 * directory */
const struct family family_io = {
    .name = "I/O", .way = WAY_COMMUNICATOR, .per = "call",
    .moves_data = 1, .uses_scratch = 1, .bytes_per_us = IO_BYTES_PER_US, .passes = 1,
    .skip = io_skip};

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"

/* MPI I/O's own state for a size (k->priv, made by the layout and freed
 * when the size is done): the communicator's file, where this rank's
 * bytes start, and the file's name */
struct io_file {
    MPI_File fh;
    MPI_Offset offset;
    char path[4200];
};

static struct io_file *io_of(const struct kernel *k)
{
    return k->priv;
}

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
static void settle(struct kernel *k)
{
    MPI_File_sync(io_of(k)->fh);
    MPI_Barrier(k->comm);
    MPI_File_sync(io_of(k)->fh);
}

/* opens the communicator's file; with prefill, writes every rank's block
 * of --check data there first (untimed) */
static void io_open(struct kernel *k, int prefill)
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
    int rc = MPI_File_open(k->comm, io_of(k)->path, MPI_MODE_CREATE | MPI_MODE_RDWR,
                           MPI_INFO_NULL, &io_of(k)->fh);
    if (rc != MPI_SUCCESS)
        io_of(k)->fh = MPI_FILE_NULL;
    if (k->file_opened)
        k->file_opened(io_of(k)->fh, rc);
    io_of(k)->offset = (MPI_Offset)k->rank * k->count * k->type_size;
    k->finish = io_close;
    if (prefill) {
        fill_block(k, k->sbuf, (size_t)k->count, k->rank, 0);
        MPI_File_write_at_all(io_of(k)->fh, io_of(k)->offset, k->sbuf, k->count, k->type,
                              MPI_STATUS_IGNORE);
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
    }
}

void run_file_read(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++) {
        MPI_File_seek(io_of(k)->fh, io_of(k)->offset, MPI_SEEK_SET);
        MPI_File_read(io_of(k)->fh, k->rbuf, k->count, k->type, MPI_STATUS_IGNORE);
    }
}

void run_file_write_at(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_File_write_at(io_of(k)->fh, io_of(k)->offset, k->sbuf, k->count, k->type,
                          MPI_STATUS_IGNORE);
}

void run_file_read_at(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_File_read_at(io_of(k)->fh, io_of(k)->offset, k->rbuf, k->count, k->type,
                         MPI_STATUS_IGNORE);
}

void run_file_write_all(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++) {
        MPI_File_seek(io_of(k)->fh, io_of(k)->offset, MPI_SEEK_SET);
        MPI_File_write_all(io_of(k)->fh, k->sbuf, k->count, k->type, MPI_STATUS_IGNORE);
    }
}

void run_file_read_all(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++) {
        MPI_File_seek(io_of(k)->fh, io_of(k)->offset, MPI_SEEK_SET);
        MPI_File_read_all(io_of(k)->fh, k->rbuf, k->count, k->type, MPI_STATUS_IGNORE);
    }
}

void run_file_write_at_all(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_File_write_at_all(io_of(k)->fh, io_of(k)->offset, k->sbuf, k->count, k->type,
                              MPI_STATUS_IGNORE);
}

void run_file_read_at_all(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++)
        MPI_File_read_at_all(io_of(k)->fh, io_of(k)->offset, k->rbuf, k->count, k->type,
                             MPI_STATUS_IGNORE);
}

/* Writes this rank's block with the call under test, then reads the
 * whole file back (every rank's block, so a write that landed at the
 * wrong offset is found too) and compares. */
void check_file_write(struct kernel *k)
{
    size_t n = (size_t)k->count;
    fill_block(k, k->sbuf, n, k->rank, 0);
    k->rec->call->loop(k, 1);
    settle(k);
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
    k->rec->call->loop(k, 1);
    expect_block(k, k->rbuf, n, k->rank, 0, 0);
}
