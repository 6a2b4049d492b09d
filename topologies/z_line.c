/* z_line.c: the Z-LINE topology: ranks that share x and y: a line along z */
#include "topologies.h"

int colour_z_line(const struct place *p)
{
    return p->x + p->dx * p->y;
}
