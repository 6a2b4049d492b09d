/* zx_plane.c: the ZX-PLANE topology: ranks that share y: a plane spanned by z and x */
#include "topologies.h"

long long colour_zx_plane(const struct place *p)
{
    return p->y;
}
