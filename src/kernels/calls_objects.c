/* calls_objects.c: the call table's part for the objects family
 * (objects.c, objects_win.c, objects_session.c); it ends the table.
 *
 * Making an object is timed apart from freeing it: a timed COMM_* or
 * WIN_CREATE / WIN_ALLOCATE call makes one, and what a stretch of at most
 * OBJECTS_AT_ONCE calls made is freed outside the clock; WIN_FREE times the
 * free of windows made outside the clock.  SESSION_INIT is the sessions
 * model's whole way in and out, timed as one. */
#include "registry/registry.h"

#include "kernels/calls.h"
#include "kernels/objects.h"
#include "kernels/shapes.h"

#include <stdio.h>
#include <string.h>
#include "registry/record.h"

/* Open MPI 4.1.4: MPI_Win_create on two disjoint communicators of one
 * host at once (a split of 4 ranks in halves) fails in both with error 53
 * after "A system call failed during shared memory initialization ...
 * open(2) No such file or directory"; a bare program shows it
 * (docs/objects.md) */
static int objects_skip(const struct record *r, const struct plan_facts *f, char *why,
                        size_t len)
{
    if (strncmp(r->call->name, "WIN_", 4) == 0 && f->ncomm > 1 &&
        facts_library(f, "Open MPI v4"))
        snprintf(why, len, "Open MPI 4's MPI_Win_create and MPI_Win_allocate fail "
                 "on several communicators at once (%d %s communicators: its "
                 "shared-memory window cannot open its file); on WORLD they work",
                 f->ncomm, r->topo->name);
    return why[0] != 0;
}

/* communicators, windows and sessions made and freed (objects.md): every
 * rank of the communicator at once, and no data moved (a window's size is
 * its memory, not a transfer) */
const struct family family_objects = {
    .name = "objects", .way = WAY_COMMUNICATOR, .per = "call",
    .moves_data = 0, .bytes_per_us = BYTES_PER_US, .passes = 1, .skip = objects_skip};

#define FREED " on the topology's communicator, every rank at once; the new " \
    "communicators are freed (MPI_Comm_free) outside the clock, after every " \
    "stretch of at most 64 timed calls"
#define WFREED "; the windows are freed (MPI_Win_free) outside the clock, after " \
    "every stretch of at most 64 timed calls"

#define OBJ .family = &family_objects, .opk = OPK_NONE, .layout = layout_objects

/* a stretch's objects freed between stretches, and --validate's guess of
 * one call's cost, us */
static const struct stretches comm_20 = {objects_between, OBJECTS_AT_ONCE, 20};
static const struct stretches comm_30 = {objects_between, OBJECTS_AT_ONCE, 30};
static const struct stretches win_40 = {objects_between, OBJECTS_AT_ONCE, 40};
static const struct stretches win_500 = {objects_between, OBJECTS_AT_ONCE, 500};
static const struct stretches session_50 = {NULL, 0, 50};

static const struct call calls[] = {
    {.name = "COMM_DUP", OBJ, .caps = CALL_SIZELESS, .stretch = &comm_20,
     .buffers = bufs_n_0, .loop = run_comm_dup, .check = check_comm_dup,
     .timing = "time per MPI_Comm_dup" FREED},
    {.name = "COMM_SPLIT", OBJ, .caps = CALL_SIZELESS, .stretch = &comm_30,
     .buffers = bufs_n_0, .loop = run_comm_split, .check = check_comm_split,
     .timing = "time per MPI_Comm_split into two colours (the rank's parity, "
               "key the rank)" FREED},
    {.name = "COMM_SPLIT_TYPE", OBJ, .caps = CALL_SIZELESS, .stretch = &comm_30,
     .buffers = bufs_n_0, .loop = run_comm_split_type,
     .check = check_comm_split_type,
     .timing = "time per MPI_Comm_split_type(MPI_COMM_TYPE_SHARED, key the "
               "rank)" FREED},
    {.name = "COMM_CREATE_GROUP", OBJ, .caps = CALL_SIZELESS, .stretch = &comm_20,
     .buffers = bufs_n_0, .loop = run_comm_create_group,
     .check = check_comm_create_group,
     .timing = "time per MPI_Comm_create_group of the communicator's whole group "
               "(MPI_Comm_group once per size, untimed)" FREED},
    {.name = "WIN_CREATE", OBJ, .stretch = &win_40,
     .buffers = bufs_n_0, .loop = run_win_create, .check = check_win_create,
     .timing = "time per MPI_Win_create of a window of the size's bytes (count x "
               "the datatype's size; displacement unit 1, MPI_INFO_NULL) on the send "
               "buffer, every rank at once" WFREED},
    {.name = "WIN_ALLOCATE", OBJ, .stretch = &win_500,
     .buffers = bufs_n_0, .loop = run_win_allocate, .check = check_win_allocate,
     .timing = "time per MPI_Win_allocate of the size's bytes (count x the "
               "datatype's size; displacement unit 1, MPI_INFO_NULL), every rank at "
               "once" WFREED},
    {.name = "WIN_FREE", OBJ, .stretch = &win_40,
     .buffers = bufs_n_0, .loop = run_win_free, .check = check_win_free,
     .timing = "time per MPI_Win_free of a window of the size's bytes that "
               "MPI_Win_create made outside the clock (before every stretch of at "
               "most 64 timed calls), every rank at once"},
    {.name = "SESSION_INIT", .family = &family_objects, .caps = CALL_SIZELESS, .opk = OPK_NONE,
     .layout = layout_objects, .stretch = &session_50,
     .unavailable = session_missing,
     .buffers = bufs_n_0, .loop = run_session_init, .check = check_session_init,
     .timing = "time per MPI_Session_init + MPI_Group_from_session_pset(\"mpi://WORLD\") "
               "+ MPI_Group_incl of the communicator's ranks + "
               "MPI_Comm_create_from_group + MPI_Comm_free + MPI_Group_free (both) + "
               "MPI_Session_finalize: the sessions model's whole way in and out, "
               "timed as one"},
};

const struct table objects_calls = {
    "call", calls, sizeof calls / sizeof calls[0], sizeof calls[0], NULL, NULL,
};
