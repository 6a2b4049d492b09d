/* stencil.c: the STENCIL topologies: every rank of the grid in one
 * Cartesian communicator whose neighbours are the grid's (a 7-point
 * stencil: 2 per dimension longer than 1, so 6 on a 3-D grid).  STENCIL
 * wraps around at the edges (a torus, every rank has all its neighbours);
 * STENCIL-OPEN does not, and a rank at an edge has MPI_PROC_NULL there.
 *
 * Dimensions of length 1 are left out, so a 4x4x1 grid is a 2-D stencil
 * with 4 neighbours a rank, not 6 of which 2 are the rank itself.  The
 * dimensions go slowest first (z, y, x) so that MPI's row-major rank
 * order is the grid's x-fastest order. */
#include "topologies.h"

static void grid_vtopo(const struct place *p, int periodic, struct vtopo *s)
{
    int len[3] = {p->dz, p->dy, p->dx};
    s->cart = 1;
    s->ndims = 0;
    for (int d = 0; d < 3; d++)
        if (len[d] > 1) {
            s->dims[s->ndims] = len[d];
            s->periods[s->ndims++] = periodic;
        }
    if (s->ndims == 0) {        /* one rank: a ring of one */
        s->dims[0] = 1;
        s->periods[0] = periodic;
        s->ndims = 1;
    }
    s->key = (long long)p->x + (long long)p->dx * ((long long)p->y +
                                                   (long long)p->dy * p->z);
}

void vtopo_stencil(const struct place *p, int rank, int size,
                   const struct edges *file, struct vtopo *s)
{
    (void)rank, (void)size, (void)file;
    grid_vtopo(p, 1, s);
}

void vtopo_stencil_open(const struct place *p, int rank, int size,
                        const struct edges *file, struct vtopo *s)
{
    (void)rank, (void)size, (void)file;
    grid_vtopo(p, 0, s);
}
