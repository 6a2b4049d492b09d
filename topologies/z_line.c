/* z_line.c: the Z-LINE topology: ranks that share x and y: a line along z */
#include "topologies.h"

long long colour_z_line(const struct place *p)
{
    return p->x + (long long)p->dx * p->y;
}
