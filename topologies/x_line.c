/* x_line.c: the X-LINE topology: ranks that share y and z: a line along x */
#include "topologies.h"

int colour_x_line(const struct place *p)
{
    return p->y + p->dy * p->z;
}
