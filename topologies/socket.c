/* socket.c: the SOCKET topology: ranks on the same package (socket) of
 * the same node, from hwloc */
#include "topologies.h"

long long colour_socket(const struct place *p)
{
    return (long long)p->node * 4096 + p->package;
}
