/* table.c: the topology table.  To add a topology: write its colour
 * function (and, for a graph-shaped one, its vtopo function) in a file of
 * its own here, declare it in topologies.h and add one line below. */
#include "topologies.h"

static const struct topology topologies[] = {
    {.name = "WORLD", .colour = colour_world, .desc = "every rank (MPI_COMM_WORLD)"},
    {.name = "NODE", .colour = colour_node, .desc = "one communicator per node"},
    {.name = "X-LINE", .colour = colour_x_line, .desc = "lines along x (same y, z)"},
    {.name = "Y-LINE", .colour = colour_y_line, .desc = "lines along y (same x, z)"},
    {.name = "Z-LINE", .colour = colour_z_line, .desc = "lines along z (same x, y)"},
    {.name = "XY-PLANE", .colour = colour_xy_plane, .desc = "planes of equal z"},
    {.name = "YZ-PLANE", .colour = colour_yz_plane, .desc = "planes of equal x"},
    {.name = "ZX-PLANE", .colour = colour_zx_plane, .desc = "planes of equal y"},
    {.name = "HOLLOW-CUBE", .colour = colour_hollow_cube, .desc = "the grid's surface ranks"},
    {.name = "SOCKET", .colour = colour_socket,
     .desc = "one communicator per package (socket) of each node"},
    {.name = "CACHE", .colour = colour_cache,
     .desc = "one communicator per last-level cache of each node"},
    {.name = "STENCIL", .colour = colour_world, .vtopo = vtopo_stencil,
     .desc = "the grid as a periodic Cartesian communicator (MPI_Cart_create): 2 "
             "neighbours per dimension longer than 1"},
    {.name = "STENCIL-OPEN", .colour = colour_world, .vtopo = vtopo_stencil_open,
     .desc = "the grid as a Cartesian communicator without wrap-around: MPI_PROC_NULL "
             "beyond the edges"},
    {.name = "BINARY-TREE", .colour = colour_world, .vtopo = vtopo_binary_tree,
     .desc = "a binary tree over the ranks in rank order (MPI_Dist_graph_create_adjacent), "
             "edges both ways"},
    {.name = "GRAPH", .colour = colour_world, .vtopo = vtopo_graph, .takes_file = 1,
     .desc = "GRAPH:path, a distributed graph from an edge-list file, one 'from to' edge "
             "a line"},
};

const struct table topology_table = {
    .what = "topology", .rows = topologies,
    .n = sizeof topologies / sizeof topologies[0], .size = sizeof topologies[0],
};
