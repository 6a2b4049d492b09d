/* memory.c: the bytes a record's buffers take, and what one rank may use */
#include "world/plan.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "base/base.h"

uint64_t record_memory(const struct call *c, int p, uint64_t max_elems,
                       uint64_t extent, uint64_t stride, uint64_t pack_size,
                       int copies)
{
    size_t s, r;
    c->buffers(p, (size_t)max_elems, &s, &r);
    uint64_t bytes = ((uint64_t)s + (uint64_t)r) * extent * (uint64_t)copies + 2 * stride;
    if (call_has(c, CALL_BSEND))
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

/* the room left under one cgroup's limit: max - used, UINT64_MAX if none */
static uint64_t room_in(const char *dir, const char *max_file, const char *used_file)
{
    char a[PATH_BYTES + 200], b[PATH_BYTES + 200];
    snprintf(a, sizeof a, "%s/%s", dir, max_file);
    snprintf(b, sizeof b, "%s/%s", dir, used_file);
    uint64_t max = number_in(a), used = number_in(b);
    if (max == UINT64_MAX || used == UINT64_MAX)
        return UINT64_MAX;
    return used < max ? max - used : 0;
}

/* The least room of this process's memory cgroup and its ancestors (a
 * parent's limit binds too).  The cgroup is found in /proc/self/cgroup:
 * "0::/path" (v2, under /sys/fs/cgroup) or "N:...memory...:/path" (v1,
 * under /sys/fs/cgroup/memory).  Inside a container whose cgroup is the
 * mount's root, path is "/" and the root's files are read. */
static uint64_t cgroup_room(void)
{
    FILE *f = fopen("/proc/self/cgroup", "r");
    char line[4096], dir[PATH_BYTES];
    uint64_t room = UINT64_MAX;
    while (f && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        char *ctl = strchr(line, ':'), *path = ctl ? strchr(ctl + 1, ':') : NULL;
        if (!path)
            continue;
        *path++ = 0;
        int v2 = strcmp(ctl + 1, "") == 0, v1 = strstr(ctl + 1, "memory") != NULL;
        if (!v1 && !v2)
            continue;
        for (;;) {             /* the path, then each ancestor up to the root */
            snprintf(dir, sizeof dir, "%s%s", v2 ? "/sys/fs/cgroup" : "/sys/fs/cgroup/memory",
                     strcmp(path, "/") ? path : "");
            uint64_t r = v2 ? room_in(dir, "memory.max", "memory.current")
                            : room_in(dir, "memory.limit_in_bytes", "memory.usage_in_bytes");
            room = r < room ? r : room;
            char *slash = strrchr(path, '/');
            if (!slash || slash == path)
                break;
            *slash = 0;
        }
    }
    if (f)
        fclose(f);
    return room;
}

uint64_t memory_share(uint64_t have, int ranks_on_node)
{
    if (have == UINT64_MAX)
        return UINT64_MAX;
    return have / (uint64_t)(ranks_on_node > 0 ? ranks_on_node : 1);
}

uint64_t memory_per_rank(int ranks_on_node)
{
    /* a memory cgroup may allow less than the node has: a rank past it is
     * killed, not refused */
    uint64_t have = node_available(), room = cgroup_room();
    if (room < have)
        have = room;
    return memory_share(have, ranks_on_node);
}
