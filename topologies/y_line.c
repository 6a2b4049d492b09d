/* y_line.c: the Y-LINE topology: ranks that share x and z: a line along y */
#include "topologies.h"

long long colour_y_line(const struct place *p)
{
    return p->x + (long long)p->dx * p->z;
}
