/* io_family.c: the I/O family's row, its plan rule (the skip hook) and
 * its own settings (fsync=, view=, hint=) as rows into struct io_settings
 * (io.h), kept in the record's own storage.  Its calls' kernels are
 * io_file.c and io_file_more.c; hint='s MPI_Info is io_hints.c's. */
#include "kernels/io.h"

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

static const struct setting_pairs hint_pairs = {
    .max = IO_MAX_HINTS, .count = offsetof(struct io_settings, nhints),
    SETTING_PAIRS_OF(struct io_hint, key, value, col), .key_word = "key",
    .example = "an MPI I/O hint and its value, e.g. cb_nodes:2 or romio_cb_write:enable"};

/* as the collectives' tests= row says it, so that a call no row takes
 * is told one reason (input/settings_read.c's refuse_key) */
static const char *not_nonblocking(const struct call *c)
{
    return c->post ? NULL : " is not a non-blocking collective";
}

/* sync= is one-sided's key (a key is one row across every family), so the
 * file's sync is fsync= */
static const struct setting rows[] = {
    /* before recv=, the place it had among the common rows */
    {.owner = &family_io, .key = "tests", .kind = SETTING_COUNT, .store = STORE_INT,
     .offset = offsetof(struct io_settings, tests), .lo = 0, .hi = 1000000,
     .refuse = not_nonblocking, .before = "recv",
     .help = "MPI_Test calls while computing (0)"},
    {.owner = &family_io, .key = "fsync", .kind = SETTING_COUNT, .store = STORE_INT,
     .offset = offsetof(struct io_settings, fsync), .dflt = 0, .lo = 0, .hi = 1,
     .refuse = no_fsync,
     .help = "1: MPI_File_sync (collective) after every call, inside the timing "
             "(the time to storage, not to the page cache)"},
    {.owner = &family_io, .key = "view", .kind = SETTING_WORDS, .store = STORE_INT,
     .offset = offsetof(struct io_settings, view), .dflt = IO_VIEW_NONE,
     .words = view_words, .what = "file view", .refuse = no_view,
     .help = "type: MPI_File_set_view with the record's datatype (a shaped one: "
             "VECTOR:...) as the filetype at the rank's block; none: the default view"},
    {.owner = &family_io, .key = "hint", .kind = SETTING_PAIRS, .store = STORE_NONE,
     .offset = offsetof(struct io_settings, hint), .pairs = &hint_pairs,
     .value_help = "KEY:VALUE", .refuse = not_io,
     .help = "an MPI_Info hint given to MPI_File_open (up to 4), read back with "
             "MPI_File_get_info: what the library kept is in the header and run.json"},
};

/* every rank of the communicator at once, into a file of the scratch
 * directory */
const struct family family_io = {
    .name = "I/O", .way = WAY_COMMUNICATOR, .per = "call",
    .moves_data = 1, .uses_scratch = 1, .bytes_per_us = IO_BYTES_PER_US, .passes = 1,
    .settings = rows, .nsettings = sizeof rows / sizeof rows[0],
    .own_size = OWN_SIZE(struct io_settings),
    .skip = io_skip, .library = io_library};

