/* llc_size.c: the last-level cache's size, from hwloc */
#include "world/llc_size.h"

#include <hwloc.h>

uint64_t cache_llc_bytes(void)
{
    static uint64_t known;
    if (known)
        return known;
    uint64_t best = 0;
    hwloc_topology_t topo;
    if (hwloc_topology_init(&topo) == 0 && hwloc_topology_load(topo) == 0) {
        for (int t = HWLOC_OBJ_L1CACHE; t <= HWLOC_OBJ_L5CACHE; t++) {
            hwloc_obj_t c = NULL;
            while ((c = hwloc_get_next_obj_by_type(topo, (hwloc_obj_type_t)t, c)))
                if (c->attr && c->attr->cache.type != HWLOC_OBJ_CACHE_INSTRUCTION &&
                    c->attr->cache.size > best)
                    best = c->attr->cache.size;
        }
        hwloc_topology_destroy(topo);
    }
    known = best ? best : UINT64_C(32) << 20;
    return known;
}

int cache_copies(uint64_t copy_bytes)
{
    if (copy_bytes == 0)
        copy_bytes = 1;
    uint64_t n = (2 * cache_llc_bytes() + copy_bytes - 1) / copy_bytes + 1;
    return n < 2 ? 2 : n > 1000000 ? 1000000 : (int)n;
}
