/* objects_win.c: the objects family's window calls.  A window is the
 * size's bytes (count x the datatype's size), displacement unit 1, no
 * info: WIN_CREATE exposes the send buffer (MPI_Win_create, as IMB-EXT's
 * Window), WIN_ALLOCATE has MPI allocate it (MPI_Win_allocate), and
 * WIN_FREE frees windows that MPI_Win_create made outside the clock. */
#include "kernels/objects.h"

MPI_Aint objects_win_bytes(const struct kernel *k)
{
    return (MPI_Aint)k->count * k->type_size;
}

static void create(struct kernel *k, MPI_Win *win)
{
    MPI_Win_create(k->sbuf, objects_win_bytes(k), 1, MPI_INFO_NULL, k->comm, win);
}

void run_win_create(struct kernel *k, int iters)
{
    struct objects *o = k->priv;
    for (int i = 0; i < iters; i++)
        create(k, &o->win[objects_next(o)]);
}

void run_win_allocate(struct kernel *k, int iters)
{
    struct objects *o = k->priv;
    void *base;
    for (int i = 0; i < iters; i++)
        MPI_Win_allocate(objects_win_bytes(k), 1, MPI_INFO_NULL, k->comm, &base,
                         &o->win[objects_next(o)]);
}

/* outside the clock, before a stretch of n timed frees */
void objects_make_windows(struct kernel *k, long n)
{
    struct objects *o = k->priv;
    for (long i = 0; i < n; i++)
        create(k, &o->win[i]);
    o->ready = n;
    o->used = 0;
}

void run_win_free(struct kernel *k, int iters)
{
    struct objects *o = k->priv;
    for (int i = 0; i < iters && o->used < o->ready; i++)
        MPI_Win_free(&o->win[o->used++]);
}
