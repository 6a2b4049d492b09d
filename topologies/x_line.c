/* x_line.c: the X-LINE topology: ranks that share y and z: a line along x */
#include "topologies.h"

long long colour_x_line(const struct place *p)
{
    return p->y + (long long)p->dy * p->z;
}
