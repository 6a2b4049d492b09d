/* defects.c: defects of the MPI libraries in Debian 12 that mpigauge's
 * runs and checks found (where noted, reproduced with a bare MPI program,
 * or matching an upstream report), so that a record that would crash the
 * job or time a call that moves the wrong data is skipped with the reason
 * instead.  Each entry names the library, the call and the shape of
 * communicator or datatype that trigger it.  SimGrid's SMPI (make smpi)
 * has its own list, smpi_lacks: what it does not implement or cannot
 * simulate (checked against SMPI 3.32's source and by runs). */
#include "world/defects.h"

#include <stdio.h>
#include <string.h>
#include "base/smpi.h"

static int is(const struct world *w, const char *library)
{
    return strncmp(w->library, library, strlen(library)) == 0;
}

/* a pair type whose extent is more than its data (DOUBLE_INT: 12 in 16) */
static int padded_pair(const struct datatype *dt)
{
    if (!(dt->cls & TC_PAIR))
        return 0;
    MPI_Aint lb, extent;
    int size;
    MPI_Type_get_extent(dt->handle(), &lb, &extent);
    MPI_Type_size(dt->handle(), &size);
    return extent > size;
}

static int alltoall_vw(const struct call *c)
{
    return strstr(c->name, "ALLTOALLV") || strstr(c->name, "ALLTOALLW");
}

static int hwloc_topology(const struct topology *t)
{
    return strcmp(t->name, "SOCKET") == 0 || strcmp(t->name, "CACHE") == 0;
}

/* SMPI 3.32: the neighbourhood collectives abort ("Not yet implemented");
 * MPI-IO needs disks in the platform, ignores the data it is given (so
 * --check cannot pass) and crashed SimGrid's kernel with one; hwloc and
 * the counters see the machine running the simulation.  (The dist-graph
 * calls: world/comms.c; MPI_Pcontrol: measure/record.c; the persistent
 * collectives are MPI 4 and skipped for every MPI 3.1 library.) */
static int smpi_lacks(const struct record *r, char *why, size_t len)
{
    const struct call *c = r->call;
    if (call_has(c, CALL_NEIGHBORS))
        snprintf(why, len, "SimGrid's SMPI 3.32 does not implement the neighbourhood "
                 "collectives (MPI_Neighbor_*, MPI_Ineighbor_*)");
    else if (c->family == &family_io)
        snprintf(why, len, "SimGrid's SMPI 3.32 simulates MPI-IO on platform disks "
                 "without moving the data, so it is not measured");
    else if (hwloc_topology(r->topo))
        snprintf(why, len, "%s comes from hwloc, which under SMPI sees the machine "
                 "running the simulation, not the simulated host", r->topo->name);
    else if (r->levels)
        snprintf(why, len, "levels=hw reads hwloc, which under SMPI sees the machine "
                 "running the simulation, not the simulated host");
    return why[0] != 0;
}

/* defects that a record's settings or the new object calls meet */
static void settings_defect(const struct record *r, const struct topo_comm *tc,
                            const struct world *w, char *why, size_t len)
{
    const struct call *c = r->call;
    /* MPICH 4.0.2 and 4.1.1 crash in MPI_Reduce with MPI_IN_PLACE at a
     * root other than 0 (reduce_scatter_gather's local copy; from 1024
     * INT on 2 ranks here, pmodels/mpich#6540, fixed in 4.1.2) */
    if (r->inplace && call_has(r->call, CALL_ROOTED) && (r->root || r->root_rotate) &&
        (is(w, "MPICH Version: 4.0") || is(w, "MPICH Version: 4.1.1")))
        snprintf(why, len, "MPICH 4.0 and 4.1.1 crash in MPI_Reduce with "
                 "MPI_IN_PLACE at a root other than 0 (pmodels/mpich#6540); "
                 "inplace=1 with root=0 works");
    /* Open MPI 4.1.4: MPI_Win_create on two disjoint communicators of one
     * host at once (a split of 4 ranks in halves) fails in both with
     * error 53 after "A system call failed during shared memory
     * initialization ... open(2) No such file or directory"; a bare
     * program shows it (docs/objects.md) */
    else if (c->family == &family_objects && strncmp(c->name, "WIN_", 4) == 0 &&
             tc->n > 1 && is(w, "Open MPI v4"))
        snprintf(why, len, "Open MPI 4's MPI_Win_create and MPI_Win_allocate fail "
                 "on several communicators at once (%d %s communicators: its "
                 "shared-memory window cannot open its file); on WORLD they work",
                 tc->n, r->topo->name);
}

int library_defect(const struct record *r, const struct topo_comm *tc,
                   const struct world *w, char *why, size_t len)
{
    const struct call *c = r->call;
    if (MPIGAUGE_SMPI && smpi_lacks(r, why, len))
        return 1;
    /* ROMIO (MPICH 4.0.2) aborts the whole job when it flattens a named
     * pair type (MPI_Type_get_contents on MPI_DOUBLE_INT) */
    if (c->family == &family_io && (r->dt->cls & TC_PAIR) && is(w, "MPICH"))
        snprintf(why, len, "MPICH's ROMIO aborts on the pair type %s in MPI I/O "
                 "(MPI_Type_get_contents on a named type); use STRUCT or a plain "
                 "type", r->dt->name);
    /* Open MPI 4.1.4's one-sided accumulates crash or compute wrong values
     * on pair types with padding: a bare MPI_Accumulate of MPI_DOUBLE_INT
     * with MPI_MAXLOC under fences segfaults (FLOAT_INT and 2INT work) */
    else if (c->family == &family_rma && r->op && padded_pair(r->dt) && is(w, "Open MPI"))
        snprintf(why, len, "Open MPI's one-sided accumulates break on the padded "
                 "pair type %s (a bare MPI_Accumulate of DOUBLE_INT with MAXLOC "
                 "crashes); FLOAT_INT and 2INT work", r->dt->name);
    /* MPICH 4.0.2's MPI_(I)neighbor_alltoallw on a distributed graph whose
     * ranks' in- and out-degrees differ leaves blocks unreceived, without
     * an error; a bare program shows it after zeroed memory was freed, as
     * if counts were read past the end of their array */
    else if (call_has(c, CALL_NEIGHBORS) && strstr(c->name, "ALLTOALLW") && tc->uneven &&
             is(w, "MPICH Version: 4.0"))
        snprintf(why, len, "MPICH 4.0's MPI_Neighbor_alltoallw leaves blocks "
                 "unreceived on a graph whose in- and out-degrees differ; "
                 "NEIGHBOR_ALLTOALLV moves the same data");
    /* A periodic dimension of length 1 or 2 gives a rank the same neighbour
     * both ways; MPI-4.1 section 8.6 then wants block i from the
     * neighbour's block i^1.  MPICH 4.0.2's alltoallv/w forms pair them
     * the other way (pmodels/mpich#2194, fixed after 4.0); Open MPI 4.1's
     * non-blocking forms (libnbc) do too, and abort with MPI_ERR_TRUNCATE
     * when the two blocks differ in size (open-mpi/ompi#14416). */
    else if (call_has(c, CALL_NEIGHBORS) && tc->twice && alltoall_vw(c) && is(w, "MPICH Version: 4.0"))
        snprintf(why, len, "MPICH 4.0's %s swaps the two blocks of a periodic "
                 "dimension of length 1 or 2 (MPI-4.1 section 8.6); STENCIL-OPEN, "
                 "or a grid 3 or more long in every dimension, avoids it", c->name);
    else if (call_has(c, CALL_NEIGHBORS) && tc->twice && c->post && strstr(c->name, "ALLTOALL") &&
             is(w, "Open MPI v4"))
        snprintf(why, len, "Open MPI 4's %s swaps the two blocks of a periodic "
                 "dimension of length 1 or 2 (MPI-4.1 section 8.6) and aborts when "
                 "their sizes differ; STENCIL-OPEN, or a grid 3 or more long in "
                 "every dimension, avoids it", c->name);
    if (!why[0])
        settings_defect(r, tc, w, why, len);
    return why[0] != 0;
}
