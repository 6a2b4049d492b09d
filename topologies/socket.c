/* socket.c: the SOCKET topology: ranks on the same package (socket) of
 * the same node, from hwloc */
#include "topologies.h"

int colour_socket(const struct place *p)
{
    return p->node * 4096 + p->package;
}
