/* table.c: the topology table.  To add a topology: write its colour
 * function (and, for a graph-shaped one, its shape function) in a file of
 * its own here, declare it in topologies.h and add one line below. */
#include "topologies.h"

static const struct topology topologies[] = {
    {"WORLD", colour_world, "every rank (MPI_COMM_WORLD)", NULL, 0},
    {"NODE", colour_node, "one communicator per node", NULL, 0},
    {"X-LINE", colour_x_line, "lines along x (same y, z)", NULL, 0},
    {"Y-LINE", colour_y_line, "lines along y (same x, z)", NULL, 0},
    {"Z-LINE", colour_z_line, "lines along z (same x, y)", NULL, 0},
    {"XY-PLANE", colour_xy_plane, "planes of equal z", NULL, 0},
    {"YZ-PLANE", colour_yz_plane, "planes of equal x", NULL, 0},
    {"ZX-PLANE", colour_zx_plane, "planes of equal y", NULL, 0},
    {"HOLLOW-CUBE", colour_hollow_cube, "the grid's surface ranks", NULL, 0},
    {"SOCKET", colour_socket, "one communicator per package (socket) of each node", NULL, 0},
    {"CACHE", colour_cache, "one communicator per last-level cache of each node", NULL, 0},
    {"STENCIL", colour_world, "the grid as a periodic Cartesian communicator "
     "(MPI_Cart_create): 2 neighbours per dimension longer than 1", shape_stencil, 0},
    {"STENCIL-OPEN", colour_world, "the grid as a Cartesian communicator without "
     "wrap-around: MPI_PROC_NULL beyond the edges", shape_stencil_open, 0},
    {"BINARY-TREE", colour_world, "a binary tree over the ranks in rank order "
     "(MPI_Dist_graph_create_adjacent), edges both ways", shape_binary_tree, 0},
    {"GRAPH", colour_world, "GRAPH:path, a distributed graph from an edge-list "
     "file, one 'from to' edge a line", shape_graph, 1},
};

const struct table topology_table = {
    "topology", topologies, sizeof topologies / sizeof topologies[0],
    sizeof topologies[0], NULL, NULL,
};
