/* objects.c: the objects family's state (a pool of handles per size) and
 * its communicator calls: MPI_Comm_dup, MPI_Comm_split (two colours: the
 * rank's parity), MPI_Comm_split_type (MPI_COMM_TYPE_SHARED) and
 * MPI_Comm_create_group (the whole communicator's group).  Only the
 * making is timed; the communicators are freed outside the clock
 * (objects.h). */
#include "kernels/objects.h"

#include <stdio.h>
#include <stdlib.h>
#include "base/base.h"

static int makes_windows(const struct call *c)
{
    return c->loop == run_win_create || c->loop == run_win_allocate ||
           c->loop == run_win_free;
}

/* frees what is alive: what the timed calls made (0 .. used), or
 * WIN_FREE's windows the timed calls have not freed (used .. ready) */
static void free_alive(struct kernel *k, struct objects *o)
{
    int wins = makes_windows(k->rec->call);
    long lo = o->ready ? o->used : 0, hi = o->ready ? o->ready : o->used;
    for (long i = lo; i < hi; i++) {
        if (wins)
            MPI_Win_free(&o->win[i]);
        else
            MPI_Comm_free(&o->comm[i]);
    }
    o->used = o->ready = 0;
}

static void finish_objects(struct kernel *k)
{
    struct objects *o = k->priv;
    if (!o)
        return;
    free_alive(k, o);
    if (o->group != MPI_GROUP_NULL)
        MPI_Group_free(&o->group);
    free(o->comm);
    free(o->win);
    free(o->world_ranks);
    free(o);
    k->priv = NULL;
}

void layout_objects(struct kernel *k)
{
    struct objects *o = xcalloc(1, sizeof *o);
    o->group = MPI_GROUP_NULL;
    objects_grow(o, OBJECTS_AT_ONCE);
    const struct call *c = k->rec->call;
    if (c->loop == run_comm_create_group)
        MPI_Comm_group(k->comm, &o->group);
    if (c->loop == run_session_init) {
        /* the communicator's ranks in the session's mpi://WORLD (the
         * ranks of MPI_COMM_WORLD), and a tag its first rank names, so
         * that the topology's communicators make theirs apart */
        o->world_ranks = xmalloc_array((size_t)k->size, sizeof *o->world_ranks);
        MPI_Allgather(&k->world_rank, 1, MPI_INT, o->world_ranks, 1, MPI_INT, k->comm);
        snprintf(o->tag, sizeof o->tag, "mpigauge.objects.%d", o->world_ranks[0]);
    }
    k->priv = o;
    k->finish = finish_objects;
}

void objects_between(struct kernel *k, long n)
{
    struct objects *o = k->priv;
    free_alive(k, o);
    objects_grow(o, n);
    if (k->rec->call->loop == run_win_free)
        objects_make_windows(k, n);
}

void run_comm_dup(struct kernel *k, int iters)
{
    struct objects *o = k->priv;
    for (int i = 0; i < iters; i++)
        MPI_Comm_dup(k->comm, &o->comm[objects_next(o)]);
}

void run_comm_split(struct kernel *k, int iters)
{
    struct objects *o = k->priv;
    for (int i = 0; i < iters; i++)
        MPI_Comm_split(k->comm, k->rank % 2, k->rank, &o->comm[objects_next(o)]);
}

void run_comm_split_type(struct kernel *k, int iters)
{
    struct objects *o = k->priv;
    for (int i = 0; i < iters; i++)
        MPI_Comm_split_type(k->comm, MPI_COMM_TYPE_SHARED, k->rank, MPI_INFO_NULL,
                            &o->comm[objects_next(o)]);
}

void run_comm_create_group(struct kernel *k, int iters)
{
    struct objects *o = k->priv;
    for (int i = 0; i < iters; i++)
        MPI_Comm_create_group(k->comm, o->group, TAG_OBJECTS, &o->comm[objects_next(o)]);
}
