/* objects_calls.c: the call table's part for the objects family (its
 * row: objects_family.c; its loops: objects.c, objects_win.c,
 * objects_session.c).
 *
 * Making an object is timed apart from freeing it: a timed COMM_* or
 * WIN_CREATE / WIN_ALLOCATE call makes one, and what a stretch of at most
 * OBJECTS_AT_ONCE calls made is freed outside the clock; WIN_FREE times the
 * free of windows made outside the clock.  SESSION_INIT is the sessions
 * model's whole way in and out, timed as one. */
#include "registry/registry.h"

#include "kernels/calls.h"
#include "kernels/objects.h"
#include "kernels/buf_sizes.h"

#include "registry/record.h"

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
