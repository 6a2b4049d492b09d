/* hw.h: where this process runs, from hwloc */
#ifndef MPIGAUGE_HW_H
#define MPIGAUGE_HW_H

struct hw_location {
    int package;               /* package (socket) index within the node */
    int core;                  /* core index within its package */
    int bound;                 /* 1: bound within one core (the core, or
                                * some of its hardware threads); 0: where it
                                * ran last */
    int bound_cpu, bound_cpus;  /* the binding's first CPU (the operating
                                 * system's number; -1 when not bound) and
                                 * how many */
    int llc;                   /* index of its last-level cache within the node */
    /* bytes of that cache, of the memory below its package, of the node */
    unsigned long long llc_bytes, package_bytes, node_bytes;
    char cpu_model[128];       /* hwloc's CPUModel of its package, or "" */
};

/* Returns 0, or -1 when hwloc cannot tell where it runs (then the place
 * and sizes are 0; bound and bound_cpu say what was found, -1 when
 * hwloc could not load at all). */
int hw_locate(struct hw_location *loc);

#endif
