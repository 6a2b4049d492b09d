/* sync_calls.c: the synchronisation family's part of the call table
 * (declared in kernels/calls.h): BARRIER, its patterns and MPI_Barrier
 * (loops: sync_barrier.c; the family's row: sync_family.c).  A barrier
 * record's timing is measure/barrier_time.c's, not a loop of the row's. */
#include "registry/registry.h"

#include "kernels/calls.h"
#include "kernels/buf_sizes.h"

static const struct call calls[] = {
    {.name = "BARRIER", .family = &family_sync, .opk = OPK_PATTERN,
     .buffers = bufs_n_pn,
     .timing = "time per barrier (the pattern's stages, MPI_Startall + MPI_Waitall each, or MPI_Barrier) in a timed loop; then each barrier timed on its own for the slowest rank's view (with --sync window: each barrier alone, from a common start)"},
};

const struct table sync_calls = {
    "call", calls, sizeof calls / sizeof calls[0], sizeof calls[0], NULL, NULL,
};
