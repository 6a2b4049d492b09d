/* node.c: the NODE topology: one communicator per node (ranks sharing memory) */
#include "topologies.h"

int colour_node(const struct place *p)
{
    return p->node;
}
