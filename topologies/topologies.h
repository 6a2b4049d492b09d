/* topologies/: one colour function per topology, one file each, and their table; includes only registry/ and base/.
 *
 * topologies.h: the topology functions, one per file in this folder.
 * Each maps a rank's place (grid coordinates, node) to the colour of the
 * communicator it joins, or -1 to sit the record out; a graph-shaped one
 * also has a vtopo function that gives the rank its neighbours. */
#ifndef MPIGAUGE_TOPOLOGIES_H
#define MPIGAUGE_TOPOLOGIES_H

#include "registry/registry.h"

long long colour_world(const struct place *p);
long long colour_node(const struct place *p);
long long colour_x_line(const struct place *p);
long long colour_y_line(const struct place *p);
long long colour_z_line(const struct place *p);
long long colour_xy_plane(const struct place *p);
long long colour_yz_plane(const struct place *p);
long long colour_zx_plane(const struct place *p);
long long colour_hollow_cube(const struct place *p);
long long colour_socket(const struct place *p);
long long colour_cache(const struct place *p);

/* graph-shaped topologies (every rank, colour_world): their vtopo functions */
void vtopo_stencil(const struct place *p, int rank, int size,
                   const struct edges *file, struct vtopo *s);
void vtopo_stencil_open(const struct place *p, int rank, int size,
                        const struct edges *file, struct vtopo *s);
void vtopo_binary_tree(const struct place *p, int rank, int size,
                       const struct edges *file, struct vtopo *s);
void vtopo_graph(const struct place *p, int rank, int size,
                 const struct edges *file, struct vtopo *s);

#endif
