/* defects.c: what SimGrid's SMPI (make smpi) cannot simulate whatever
 * the call: hwloc and the counters see the machine running the
 * simulation.  A family's own library defects are its skip hook's
 * (kernels/coll_family.c, io_file.c, rma_family.c, objects_calls.c), each
 * entry naming the library, the call and the kind of communicator or
 * datatype that trigger it.  (SMPI 3.32's other gaps: the neighbourhood
 * collectives and MPI-IO in their families' hooks; the dist-graph calls:
 * world/comms.c; MPI_Pcontrol: measure/record_run.c; the persistent
 * collectives are MPI 4 and skipped for every MPI 3.1 library.) */
#include "world/defects.h"

#include <stdio.h>
#include <string.h>
#include "base/smpi.h"
#include "registry/settings.h"

static int hwloc_topology(const struct topology *t)
{
    return strcmp(t->name, "SOCKET") == 0 || strcmp(t->name, "CACHE") == 0;
}

int library_defect(const struct record *r, const struct world *w, char *why, size_t len)
{
    (void)w;
    if (!MPIGAUGE_SMPI)
        return 0;
    if (hwloc_topology(r->topo))
        snprintf(why, len, "%s comes from hwloc, which under SMPI sees the machine "
                 "running the simulation, not the simulated host", r->topo->name);
    else if (record_setting_value(r, "levels"))
        snprintf(why, len, "levels=hw reads hwloc, which under SMPI sees the machine "
                 "running the simulation, not the simulated host");
    return why[0] != 0;
}
