/* hw.c: where this process runs, from hwloc.
 *
 * A process bound to one core (mpirun -bind-to core) has a fixed place.
 * An unbound one is placed where it last ran, which the scheduler may
 * change; --grid hw breaks ties by rank, so coordinates stay unique. */
#include "world/hw.h"

#include <hwloc.h>
#include <stdio.h>
#include <string.h>

static int index_in_package(hwloc_topology_t topo, hwloc_obj_t pkg, hwloc_obj_t core)
{
    if (!core)
        return 0;
    if (!pkg)
        return (int)core->logical_index;
    hwloc_obj_t first = hwloc_get_next_obj_inside_cpuset_by_type(
        topo, pkg->cpuset, HWLOC_OBJ_CORE, NULL);
    return first ? (int)(core->logical_index - first->logical_index) : 0;
}

/* the outermost cache above pu (the last level), or NULL */
static hwloc_obj_t last_cache(hwloc_obj_t pu)
{
    hwloc_obj_t llc = NULL;
    for (hwloc_obj_t o = pu ? pu->parent : NULL; o; o = o->parent)
        if (hwloc_obj_type_is_cache(o->type))
            llc = o;
    return llc;
}

/* the levels' sizes: the last-level cache, the package's memory, the node's */
static void level_sizes(hwloc_topology_t topo, hwloc_obj_t pu, hwloc_obj_t pkg,
                        struct hw_location *loc)
{
    hwloc_obj_t llc = last_cache(pu);
    loc->llc = llc ? (int)llc->logical_index : 0;
    loc->llc_bytes = llc && llc->attr ? llc->attr->cache.size : 0;
    loc->package_bytes = pkg ? pkg->total_memory : 0;
    hwloc_obj_t root = hwloc_get_root_obj(topo);
    loc->node_bytes = root ? root->total_memory : 0;
    if (!loc->package_bytes)   /* memory hangs off the machine, not the package */
        loc->package_bytes = loc->node_bytes;
}

/* bound: the binding lies within one core (the whole core, or some of its
 * hardware threads, as MPICH's -bind-to user:N binds one) and is not
 * all this process may use (a machine or cgroup of one core binds
 * nothing); its first CPU by the operating system's number, the same for
 * every process of the machine, and how many */
static void bound_within_core(hwloc_topology_t topo, hwloc_const_bitmap_t set,
                              struct hw_location *loc)
{
    hwloc_obj_t o = hwloc_bitmap_iszero(set) ? NULL : hwloc_get_obj_covering_cpuset(topo, set);
    if (!o || (o->type != HWLOC_OBJ_CORE && o->type != HWLOC_OBJ_PU)
        || hwloc_bitmap_isequal(set, hwloc_topology_get_allowed_cpuset(topo)))
        return;
    loc->bound = 1;
    loc->bound_cpu = hwloc_bitmap_first(set);
    loc->bound_cpus = hwloc_bitmap_weight(set);
}

int hw_locate(struct hw_location *loc)
{
    memset(loc, 0, sizeof *loc);
    loc->bound_cpu = -1;
    hwloc_topology_t topo;
    if (hwloc_topology_init(&topo))
        return -1;
    if (hwloc_topology_load(topo)) {
        hwloc_topology_destroy(topo);
        return -1;
    }
    hwloc_bitmap_t set = hwloc_bitmap_alloc();
    if (hwloc_get_cpubind(topo, set, HWLOC_CPUBIND_PROCESS) == 0)
        bound_within_core(topo, set, loc);
    if (!loc->bound)
        hwloc_get_last_cpu_location(topo, set, HWLOC_CPUBIND_PROCESS);
    int rc = -1;
    int os = hwloc_bitmap_first(set);
    hwloc_obj_t pu = os >= 0 ? hwloc_get_pu_obj_by_os_index(topo, (unsigned)os) : NULL;
    if (pu) {
        hwloc_obj_t pkg = hwloc_get_ancestor_obj_by_type(topo, HWLOC_OBJ_PACKAGE, pu);
        hwloc_obj_t core = hwloc_get_ancestor_obj_by_type(topo, HWLOC_OBJ_CORE, pu);
        loc->package = pkg ? (int)pkg->logical_index : 0;
        loc->core = index_in_package(topo, pkg, core);
        const char *model = hwloc_obj_get_info_by_name(
            pkg ? pkg : hwloc_get_root_obj(topo), "CPUModel");
        snprintf(loc->cpu_model, sizeof loc->cpu_model, "%s", model ? model : "");
        level_sizes(topo, pu, pkg, loc);
        rc = 0;
    }
    hwloc_bitmap_free(set);
    hwloc_topology_destroy(topo);
    return rc;
}
