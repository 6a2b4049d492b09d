/* grid.c: every rank's coordinates on the X x Y x Z grid.
 *
 * With a grid of X x Y x Z (MPI_Dims_create or --grid), rank r sits at
 * x = r mod X, y = (r / X) mod Y, z = r / (X Y): x varies fastest, so
 * consecutive ranks (which mpirun usually puts on one node) share a line
 * along x.  --grid hw and --coords place ranks instead. */
#include "world/world.h"

#include <stdlib.h>
#include "base/base.h"

void grid_from_rank(struct world *w)
{
    struct place *p = &w->place;
    p->x = w->rank % w->grid[0];
    p->y = (w->rank / w->grid[0]) % w->grid[1];
    p->z = w->rank / (w->grid[0] * w->grid[1]);
}

/* --grid hw: z = node, y = the package's position among the packages this
 * job uses on the node, x = the rank's position among the ranks on its
 * package, by core and then by rank (so two ranks on one core still get
 * two places). */
void grid_from_hardware(struct world *w)
{
    int me[3] = {w->place.node, w->place.package, w->place.core};
    int *all = xmalloc_array(3 * (size_t)w->size, sizeof *all);
    MPI_Allgather(me, 3, MPI_INT, all, 3, MPI_INT, MPI_COMM_WORLD);
    int x = 0, y = 0, maxx = 0, maxy = 0;
    for (int q = 0; q < w->size; q++) {
        const int *o = &all[3 * q];
        if (o[0] != me[0])
            continue;
        /* a package of this node lower than mine, counted once */
        if (o[1] < me[1]) {
            int first = 1;
            for (int k = 0; k < q && first; k++)
                first = !(all[3 * k] == o[0] && all[3 * k + 1] == o[1]);
            y += first;
        }
        if (o[1] == me[1] && (o[2] < me[2] || (o[2] == me[2] && q < w->rank)))
            x++;
    }
    free(all);
    w->place.x = x;
    w->place.y = y;
    w->place.z = w->place.node;
    MPI_Allreduce(&x, &maxx, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(&y, &maxy, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    w->grid[0] = maxx + 1;
    w->grid[1] = maxy + 1;
    w->grid[2] = w->nodes;
}

void grid_from_coords(struct world *w, const int *xyz)
{
    w->place.x = xyz[3 * w->rank];
    w->place.y = xyz[3 * w->rank + 1];
    w->place.z = xyz[3 * w->rank + 2];
    for (int k = 0; k < 3; k++) {
        w->grid[k] = 1;
        for (int r = 0; r < w->size; r++)
            if (xyz[3 * r + k] + 1 > w->grid[k])
                w->grid[k] = xyz[3 * r + k] + 1;
    }
}

