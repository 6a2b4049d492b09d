/* topologies.h: the topologies: a rank's place, a communicator's virtual topology (vtopo) and edges, the topology rows (topologies/table.c); a part of registry.h, the registry's main header */
#ifndef MPIGAUGE_REGISTRY_TOPOLOGIES_H
#define MPIGAUGE_REGISTRY_TOPOLOGIES_H

#include <mpi.h>
#include <stddef.h>
#include "registry/table.h"

/* ---- topologies ------------------------------------------------------------
 * A topology maps a rank's place to a communicator colour, or -1 when the
 * rank takes no part.  Ranks with the same colour form one communicator.
 * Colours are 64-bit, computed from coordinates that may be large; the
 * world numbers them densely before MPI_Comm_split's int sees them. */
struct place {
    int rank;                  /* in MPI_COMM_WORLD */
    int x, y, z;               /* grid coordinates */
    int dx, dy, dz;            /* grid dimensions */
    int node;                  /* index of this rank's node, 0.. */
    int package, core;         /* hwloc: package in node, core in package */
    int llc;                   /* hwloc: its last-level cache in the node */
    /* hwloc: bytes of that cache, below its package, in its node */
    unsigned long long llc_bytes, package_bytes, node_bytes;
};

/* A graph-shaped topology makes the communicator its colour gives into a
 * Cartesian or distributed-graph one, for the neighbourhood collectives.
 * Its vtopo function fills, for one rank of that plain communicator (rank
 * of size), either the grid (cart = 1) or the rank's neighbours. */
struct vtopo {
    int cart;                  /* 1: MPI_Cart_create, 0: distributed graph */
    int ndims;                 /* cart: dimensions, slowest first */
    int dims[3], periods[3];
    long long key;             /* cart: this rank's row-major grid position */
    int nsrc, ndst;            /* graph: in- and out-neighbours ... */
    int *src, *dst;            /* ... as ranks of the plain communicator
                                * (xmalloc'd by the vtopo function) */
};

/* a GRAPH:path edge-list file: edge i goes from from[i] to to[i] */
struct edges {
    int n;
    int *from, *to;
};

struct topology {
    const char *name;
    long long (*colour)(const struct place *p);   /* 64 bits: no overflow */
    const char *desc;
    /* graph-shaped topologies only (NULL: a plain communicator); file is
     * the record's edge list where the topology takes one, else NULL */
    void (*vtopo)(const struct place *p, int rank, int size,
                  const struct edges *file, struct vtopo *s);
    int takes_file;            /* written NAME:path (GRAPH:graphs/ring.txt) */
};

extern const struct table topology_table;   /* topologies/table.c */

#endif
