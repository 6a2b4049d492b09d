/* table.c: the topology table.  To add a topology: write its colour
 * function in a file of its own here, declare it in topologies.h and add
 * one line below. */
#include "topologies.h"

static const struct topology topologies[] = {
    {"WORLD", colour_world, "every rank (MPI_COMM_WORLD)"},
    {"NODE", colour_node, "one communicator per node"},
    {"X-LINE", colour_x_line, "lines along x (same y, z)"},
    {"Y-LINE", colour_y_line, "lines along y (same x, z)"},
    {"Z-LINE", colour_z_line, "lines along z (same x, y)"},
    {"XY-PLANE", colour_xy_plane, "planes of equal z"},
    {"YZ-PLANE", colour_yz_plane, "planes of equal x"},
    {"ZX-PLANE", colour_zx_plane, "planes of equal y"},
    {"HOLLOW-CUBE", colour_hollow_cube, "the grid's surface ranks"},
    {"SOCKET", colour_socket, "one communicator per package (socket) of each node"},
};

const struct table topology_table = {
    "topology", topologies, sizeof topologies / sizeof topologies[0],
    sizeof topologies[0], NULL, NULL,
};
