/* hw.h: where this process runs, from hwloc */
#ifndef MPIGAUGE_HW_H
#define MPIGAUGE_HW_H

struct hw_location {
    int package;               /* package (socket) index within the node */
    int core;                  /* core index within its package */
    int bound;                 /* 1: bound to one core; 0: where it ran last */
    int bound_core;            /* that core's logical index on the node, -1
                                * when not bound to one */
    int llc;                   /* index of its last-level cache within the node */
    /* bytes of that cache, of the memory below its package, of the node */
    unsigned long long llc_bytes, package_bytes, node_bytes;
    char cpu_model[128];       /* hwloc's CPUModel of its package, or "" */
};

/* Returns 0, or -1 when hwloc cannot tell (then all fields are 0 but
 * bound_core, -1). */
int hw_locate(struct hw_location *loc);

#endif
