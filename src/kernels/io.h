/* io.h: the MPI I/O calls (io_file.c: the blocking ones, the family's
 * row, settings and rules; io_file_more.c: the non-blocking, shared,
 * ordered and open/close calls; io_hints.c: hint= and its read-back) */
#ifndef MPIGAUGE_IO_H
#define MPIGAUGE_IO_H

#include "base/base.h"
#include "kernels/kernel.h"

/* MPI I/O's own state for a size (k->priv, made by the layout and freed
 * when the size is done): the communicator's file, where this rank's
 * bytes start (in the view's units: 0 under view=type, whose
 * displacement holds the rank's place), and the file's name */
struct io_file {
    MPI_File fh;
    MPI_Offset offset;
    char path[PATH_BYTES];
};

static inline struct io_file *io_of(const struct kernel *k)
{
    return k->priv;
}

/* the family's own settings (the record's `own` storage) */
/* hint=KEY:VALUE: an MPI_Info hint given to MPI_File_open (io_hints.c),
 * up to IO_MAX_HINTS, each part shorter than HINT_TEXT */
enum { IO_MAX_HINTS = 4, HINT_TEXT = 64 };
struct io_hint {
    char key[HINT_TEXT];
    char value[HINT_TEXT];
    int col;                    /* the setting's column */
};
struct io_settings {
    int fsync;                  /* fsync=1: MPI_File_sync after every call, timed */
    int view;                   /* view=type: the record's datatype as the filetype */
    struct io_hint hint[IO_MAX_HINTS];
    int nhints;
    int tests;                  /* tests=: the non-blocking calls' MPI_Test calls (0) */
};
enum { IO_VIEW_NONE = 0, IO_VIEW_TYPE = 1 };

static inline const struct io_settings *io_settings(const struct record *r)
{
    return (const struct io_settings *)(const void *)r->own.bytes;
}

/* fsync=1: the call's MPI_File_sync (collective), inside the timing */
static inline void io_synced(const struct kernel *k)
{
    if (io_settings(k->rec)->fsync)
        MPI_File_sync(io_of(k)->fh);
}

void io_open(struct kernel *k, int prefill);
void settle(struct kernel *k);
/* hint=: the record's hints as an MPI_Info (MPI_INFO_NULL without); the
 * family's library hook (the hints given, none read back yet), and what
 * the library kept of them, from MPI_File_get_info, said again in the
 * record's facts (io_hints.c) */
MPI_Info io_hints(const struct record *r);
void io_library(const struct record *r, struct facts *f);
void io_hints_read_back(struct kernel *k, MPI_File fh);

void layout_file_write(struct kernel *k);
void layout_file_read(struct kernel *k);

void run_file_write(struct kernel *k, int iters);
void run_file_read(struct kernel *k, int iters);
void run_file_write_at(struct kernel *k, int iters);
void run_file_read_at(struct kernel *k, int iters);
void run_file_write_all(struct kernel *k, int iters);
void run_file_read_all(struct kernel *k, int iters);
void run_file_write_at_all(struct kernel *k, int iters);
void run_file_read_at_all(struct kernel *k, int iters);
void check_file_write(struct kernel *k);
void check_file_read(struct kernel *k);

/* io_file_more.c */
void post_file_iwrite(struct kernel *k);
void post_file_iread(struct kernel *k);
void post_file_iwrite_at(struct kernel *k);
void post_file_iread_at(struct kernel *k);
void post_file_iwrite_all(struct kernel *k);
void post_file_iread_all(struct kernel *k);
void post_file_iwrite_at_all(struct kernel *k);
void post_file_iread_at_all(struct kernel *k);
void run_file_posted(struct kernel *k, int iters);
void run_file_write_shared(struct kernel *k, int iters);
void run_file_read_shared(struct kernel *k, int iters);
void run_file_write_ordered(struct kernel *k, int iters);
void run_file_read_ordered(struct kernel *k, int iters);
void check_file_write_shared(struct kernel *k);
void check_file_read_shared(struct kernel *k);
void layout_file_open(struct kernel *k);
void run_file_open(struct kernel *k, int iters);
void check_file_open(struct kernel *k);

#endif
