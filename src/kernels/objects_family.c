/* objects_family.c: the objects family's row and its plan rule; its
 * calls are objects_calls.c's */
#include "registry/registry.h"

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
