/* memory.c: the bytes a record's buffers take, and what one rank may use */
#include "world/plan.h"

#include <stdio.h>
#include <unistd.h>

uint64_t record_memory(const struct call *c, int p, uint64_t max_elems,
                       uint64_t extent, uint64_t stride, uint64_t pack_size,
                       int window)
{
    size_t s, r;
    c->buffers(p, (size_t)max_elems, &s, &r);
    uint64_t bytes = ((uint64_t)s + (uint64_t)r) * extent * (uint64_t)window + 2 * stride;
    if (c->bsend)
        bytes += 2 * (pack_size + MPI_BSEND_OVERHEAD);
    return bytes;
}

/* the first number in a file (a cgroup's memory.max, ...), or UINT64_MAX
 * when there is none ("max", no such file) */
static uint64_t number_in(const char *path)
{
    FILE *f = fopen(path, "r");
    unsigned long long v;
    int ok = f && fscanf(f, "%llu", &v) == 1;
    if (f)
        fclose(f);
    return ok ? v : UINT64_MAX;
}

/* the node's memory still free for use: MemAvailable of /proc/meminfo
 * (what the kernel can give without swapping), else the physical memory */
static uint64_t node_available(void)
{
    FILE *f = fopen("/proc/meminfo", "r");
    char line[256];
    unsigned long long kib;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "MemAvailable: %llu kB", &kib) == 1) {
            fclose(f);
            return (uint64_t)kib * 1024;
        }
    if (f)
        fclose(f);
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page : UINT64_MAX;
}

uint64_t memory_per_rank(int ranks_on_node)
{
    /* a memory cgroup (cgroup v2, then v1) may allow less than the node
     * has: a rank past it is killed, not refused */
    uint64_t have = node_available();
    uint64_t max = number_in("/sys/fs/cgroup/memory.max");
    uint64_t used = number_in("/sys/fs/cgroup/memory.current");
    if (max == UINT64_MAX) {
        max = number_in("/sys/fs/cgroup/memory/memory.limit_in_bytes");
        used = number_in("/sys/fs/cgroup/memory/memory.usage_in_bytes");
    }
    if (max != UINT64_MAX && used != UINT64_MAX && used < max && max - used < have)
        have = max - used;
    if (have == UINT64_MAX)
        return UINT64_MAX;
    return have / (uint64_t)(ranks_on_node > 0 ? ranks_on_node : 1);
}
