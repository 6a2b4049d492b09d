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

#include <stddef.h>
#include <stdio.h>
#include "registry/record.h"
#include "registry/settings.h"

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

_Static_assert(sizeof(struct io_settings) <= sizeof(union record_own),
               "the I/O family's settings do not fit a record's own storage");

/* the shared and ordered calls move the shared file pointer, which MPI
 * defines only where every rank has the same view; FILE_OPEN times no
 * data call */
static int io_shared(const struct call *c)
{
    return c->loop == run_file_write_shared || c->loop == run_file_read_shared ||
           c->loop == run_file_write_ordered || c->loop == run_file_read_ordered;
}

static const char *not_io(const struct call *c)
{
    return c->family == &family_io ? NULL : " is not an I/O call";
}

static const char *no_view(const struct call *c)
{
    if (not_io(c))
        return not_io(c);
    if (io_shared(c))
        return " moves the shared file pointer, which needs one view on every rank";
    return c->loop == run_file_open ? " moves no data" : NULL;
}

static const char *no_fsync(const struct call *c)
{
    if (not_io(c))
        return not_io(c);
    return c->loop == run_file_open ? " moves no data" : NULL;
}

static const char *const view_words[] = {"none", "type", NULL};

/* sync= is one-sided's key (a key is one row across every family), so the
 * file's sync is fsync= */
static const struct setting rows[] = {
    {.owner = &family_io, .key = "fsync", .kind = SETTING_COUNT, .store = STORE_INT,
     .offset = offsetof(struct io_settings, fsync), .dflt = 0, .lo = 0, .hi = 1,
     .refuse = no_fsync, .applies = "the I/O calls but FILE_OPEN",
     .help = "1: MPI_File_sync (collective) after every call, inside the timing "
             "(the time to storage, not to the page cache)"},
    {.owner = &family_io, .key = "view", .kind = SETTING_WORDS, .store = STORE_INT,
     .offset = offsetof(struct io_settings, view), .dflt = IO_VIEW_NONE,
     .words = view_words, .what = "file view", .refuse = no_view,
     .applies = "the individual and collective I/O calls with their own offsets",
     .help = "type: MPI_File_set_view with the record's datatype (a shaped one: "
             "VECTOR:...) as the filetype at the rank's block; none: the default view"},
    {.owner = &family_io, .key = "hint", .kind = SETTING_CUSTOM, .store = STORE_NONE,
     .repeats = 1, .value_help = "KEY:VALUE", .refuse = not_io,
     .applies = "the I/O calls",
     .help = "an MPI_Info hint given to MPI_File_open (up to 4), read back with "
             "MPI_File_get_info: what the library kept is in the header and run.json"},
};

/* every rank of the communicator at once, into a file of the scratch
 * directory */
const struct family family_io = {
    .name = "I/O", .way = WAY_COMMUNICATOR, .per = "call",
    .moves_data = 1, .uses_scratch = 1, .bytes_per_us = IO_BYTES_PER_US, .passes = 1,
    .settings = rows, .nsettings = sizeof rows / sizeof rows[0], .skip = io_skip};

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

void io_set_view(struct kernel *k)
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
    k->rec->call->loop(k, 1);
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
    k->rec->call->loop(k, 1);
    expect_block(k, k->rbuf, n, k->rank, 0, 0);
}
