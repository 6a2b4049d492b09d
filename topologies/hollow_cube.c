/* hollow_cube.c: the HOLLOW-CUBE topology: the ranks on the surface of the grid; interior ranks sit out */
#include "topologies.h"

long long colour_hollow_cube(const struct place *p)
{
    int surface = p->x == 0 || p->x == p->dx - 1 || p->y == 0 ||
                  p->y == p->dy - 1 || p->z == 0 || p->z == p->dz - 1;
    return surface ? 0 : -1;
}
