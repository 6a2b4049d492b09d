/* cache.c: the CACHE topology: ranks sharing a last-level cache of the
 * same node, from hwloc (an unbound rank counts where it last ran) */
#include "topologies.h"

long long colour_cache(const struct place *p)
{
    return (long long)p->node * 65536 + p->llc;
}
