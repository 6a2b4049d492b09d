/* io_file_more.c: the rest of the MPI I/O calls, on io_file.c's file of
 * the size (its layouts open it, its checks compare it):
 *  - non-blocking individual and collective calls (FILE_IWRITE ...
 *    FILE_IREAD_AT_ALL): a post hook (MPI_File_i... into k->req) timed
 *    with MPI_Wait, so measure/overlap.c adds its overlap columns as for
 *    the non-blocking collectives;
 *  - the shared file pointer (FILE_WRITE_SHARED, FILE_READ_SHARED) and
 *    the ordered collective calls on it (FILE_WRITE_ORDERED,
 *    FILE_READ_ORDERED): every call starts from MPI_File_seek_shared to 0
 *    (collective; it keeps the file from growing with the iterations);
 *  - FILE_OPEN: MPI_File_open + MPI_File_close of the size's file (every
 *    rank's n elements written there before the timing).
 * fsync=1 adds MPI_File_sync after every call (after its MPI_Wait),
 * inside the timing; the overlap loop times post + MPI_Wait alone. */
#include "kernels/io.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"

#define IO_POST(name, call, buf)                                               \
    void post_file_##name(struct kernel *k)                                    \
    {                                                                          \
        MPI_File_seek(io_of(k)->fh, io_of(k)->offset, MPI_SEEK_SET);           \
        call(io_of(k)->fh, buf, (int)k->count, k->type, &k->req);              \
    }
#define IO_POST_AT(name, call, buf)                                            \
    void post_file_##name(struct kernel *k)                                    \
    {                                                                          \
        call(io_of(k)->fh, io_of(k)->offset, buf, (int)k->count, k->type,      \
             &k->req);                                                         \
    }

IO_POST(iwrite, MPI_File_iwrite, k->sbuf)
IO_POST(iread, MPI_File_iread, k->rbuf)
IO_POST(iwrite_all, MPI_File_iwrite_all, k->sbuf)
IO_POST(iread_all, MPI_File_iread_all, k->rbuf)
IO_POST_AT(iwrite_at, MPI_File_iwrite_at, k->sbuf)
IO_POST_AT(iread_at, MPI_File_iread_at, k->rbuf)
IO_POST_AT(iwrite_at_all, MPI_File_iwrite_at_all, k->sbuf)
IO_POST_AT(iread_at_all, MPI_File_iread_at_all, k->rbuf)

/* post, then MPI_Wait (and fsync=1's MPI_File_sync), iters times */
void run_file_posted(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++) {
        k->rec->call->post(k);
        MPI_Wait(&k->req, MPI_STATUS_IGNORE);
        io_synced(k);
    }
}

void run_file_write_shared(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++) {
        MPI_File_seek_shared(io_of(k)->fh, 0, MPI_SEEK_SET);
        MPI_File_write_shared(io_of(k)->fh, k->sbuf, (int)k->count, k->type,
                              MPI_STATUS_IGNORE);
        io_synced(k);
    }
}

void run_file_read_shared(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++) {
        MPI_File_seek_shared(io_of(k)->fh, 0, MPI_SEEK_SET);
        MPI_File_read_shared(io_of(k)->fh, k->rbuf, (int)k->count, k->type,
                             MPI_STATUS_IGNORE);
        io_synced(k);
    }
}

void run_file_write_ordered(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++) {
        MPI_File_seek_shared(io_of(k)->fh, 0, MPI_SEEK_SET);
        MPI_File_write_ordered(io_of(k)->fh, k->sbuf, (int)k->count, k->type,
                               MPI_STATUS_IGNORE);
        io_synced(k);
    }
}

void run_file_read_ordered(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++) {
        MPI_File_seek_shared(io_of(k)->fh, 0, MPI_SEEK_SET);
        MPI_File_read_ordered(io_of(k)->fh, k->rbuf, (int)k->count, k->type,
                              MPI_STATUS_IGNORE);
        io_synced(k);
    }
}

/* which rank's --check block buf holds (n elements), or -1: compared
 * with each rank's block made in a zeroed buffer of the same span (the
 * gaps of a shaped type stay zero in both) */
static int whose_block(const struct kernel *k, const char *buf, size_t n)
{
    size_t span = n * (size_t)k->extent;
    char *want = xcalloc(1, span + 1);
    int who = -1;
    for (int s = 0; s < k->size && who < 0; s++) {
        memset(want, 0, span + 1);
        fill_block(k, want, n, s, 0);
        if (memcmp(want, buf, span) == 0)
            who = s;
    }
    free(want);
    return who;
}

/* one block of the file (default view) into a zeroed rbuf */
static void read_block(struct kernel *k, int j, size_t n)
{
    memset(k->rbuf, 0, n * (size_t)k->extent);
    MPI_File_read_at(io_of(k)->fh, (MPI_Offset)j * k->count * k->type_size, k->rbuf,
                     k->count, k->type, MPI_STATUS_IGNORE);
}

/* MPI_File_write_shared puts the blocks in the order the ranks reached
 * the pointer: the file's P blocks must hold this rank's block exactly
 * once (and every block one rank's) */
void check_file_write_shared(struct kernel *k)
{
    size_t n = (size_t)k->count;
    int mine = 0, strangers = 0;
    fill_block(k, k->sbuf, n, k->rank, 0);
    check_run(k);
    settle(k);
    for (int j = 0; j < k->size; j++) {
        read_block(k, j, n);
        int who = whose_block(k, k->rbuf, n);
        mine += who == k->rank;
        strangers += who < 0;
    }
    if (mine != 1 || strangers) {
        k->mismatches++;
        fprintf(stderr, "mpigauge: %s: %d elements: rank %d's block is %d times in the "
                "shared file (once expected), %d blocks are no rank's\n",
                k->where ? k->where : "I/O", (int)n, k->rank, mine, strangers);
    }
}

/* the layout wrote every rank's block in rank order; MPI_File_read_shared
 * reads whichever block the pointer was at, which must be one rank's
 * whole block */
void check_file_read_shared(struct kernel *k)
{
    size_t n = (size_t)k->count;
    memset(k->rbuf, 0, n * (size_t)k->extent);
    check_run(k);
    if (whose_block(k, k->rbuf, n) < 0) {
        k->mismatches++;
        fprintf(stderr, "mpigauge: %s: %d elements: the block MPI_File_read_shared "
                "gave rank %d is no rank's block\n", k->where ? k->where : "I/O",
                (int)n, k->rank);
    }
}

/* FILE_OPEN: the size's file holds every rank's n elements (written
 * before the timing); the loop opens it a second time and closes it */
void layout_file_open(struct kernel *k)
{
    io_open(k, 1);
}

static MPI_File open_again(struct kernel *k)
{
    MPI_File fh;
    MPI_Info info = io_hints(k->rec);
    if (MPI_File_open(k->comm, io_of(k)->path, MPI_MODE_RDWR, info, &fh) != MPI_SUCCESS)
        fh = MPI_FILE_NULL;
    if (info != MPI_INFO_NULL)
        MPI_Info_free(&info);
    return fh;
}

void run_file_open(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++) {
        MPI_File fh = open_again(k);
        if (fh != MPI_FILE_NULL)
            MPI_File_close(&fh);
    }
}

/* the file opened as the loop opens it reads this rank's block back */
void check_file_open(struct kernel *k)
{
    size_t n = (size_t)k->count;
    MPI_File fh = open_again(k);
    clear_block(k, k->rbuf, n);
    if (fh != MPI_FILE_NULL) {
        MPI_File_read_at(fh, io_of(k)->offset, k->rbuf, k->count, k->type,
                         MPI_STATUS_IGNORE);
        MPI_File_close(&fh);
    }
    expect_block(k, k->rbuf, n, k->rank, 0, 0);
}
