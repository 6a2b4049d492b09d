/* node.c: the NODE topology: one communicator per node (ranks sharing memory) */
#include "topologies.h"

long long colour_node(const struct place *p)
{
    return p->node;
}
