/* objects_pool.c: the objects family's handles (struct objects): room
 * for them, and the next one a timed call makes */
#include "kernels/objects.h"

#include "base/base.h"

void objects_grow(struct objects *o, long n)
{
    if (n <= o->cap)
        return;
    o->comm = xrealloc(o->comm, (size_t)n * sizeof *o->comm);
    o->win = xrealloc(o->win, (size_t)n * sizeof *o->win);
    o->cap = n;
}

/* the stretch is at most cap calls (measure/block.c), so growing here
 * (inside the clock) is only a guard */
long objects_next(struct objects *o)
{
    if (o->used == o->cap)
        objects_grow(o, 2 * o->cap);
    return o->used++;
}
