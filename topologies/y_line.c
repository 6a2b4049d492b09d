/* y_line.c: the Y-LINE topology: ranks that share x and z: a line along y */
#include "topologies.h"

int colour_y_line(const struct place *p)
{
    return p->x + p->dx * p->z;
}
