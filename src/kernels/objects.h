/* objects.h: the objects family (objects.c, objects_pool.c,
 * objects_win.c, objects_session.c, objects_check.c): communicators, windows and
 * sessions made and freed, every rank of the communicator at once.
 *
 * A timed call makes one object (COMM_*, WIN_CREATE, WIN_ALLOCATE) or
 * frees one made outside the clock (WIN_FREE); the objects a stretch of
 * timed calls made are freed by the call row's between hook, outside the
 * clock, before the next stretch (measure/block.c), and the last ones by
 * the size's finish.  SESSION_INIT is whole in each call. */
#ifndef MPIGAUGE_OBJECTS_H
#define MPIGAUGE_OBJECTS_H

#include "kernels/kernel.h"

/* objects alive at once: a timed stretch makes at most this many */
enum { OBJECTS_AT_ONCE = 64 };

/* the family's state for one size (k->priv) */
struct objects {
    long cap, used;            /* handles made by the timed calls */
    MPI_Comm *comm;
    MPI_Win *win;
    long ready;                /* WIN_FREE: windows made for the stretch */
    MPI_Group group;           /* COMM_CREATE_GROUP: the communicator's */
    int *world_ranks;          /* SESSION_INIT: the communicator's ranks */
    char tag[64];              /* SESSION_INIT: its string tag */
};

/* layout: the state, and finish to free it and what is left */
void layout_objects(struct kernel *k);
void objects_between(struct kernel *k, long n);
/* objects_pool.c: room for n handles; the index of the next handle a
 * timed call makes */
void objects_grow(struct objects *o, long n);
long objects_next(struct objects *o);

void run_comm_dup(struct kernel *k, int iters);
void run_comm_split(struct kernel *k, int iters);
void run_comm_split_type(struct kernel *k, int iters);
void run_comm_create_group(struct kernel *k, int iters);
void run_win_create(struct kernel *k, int iters);
void run_win_allocate(struct kernel *k, int iters);
void run_win_free(struct kernel *k, int iters);
void run_session_init(struct kernel *k, int iters);

/* objects_win.c: the window bytes of this size; WIN_FREE's windows */
MPI_Aint objects_win_bytes(const struct kernel *k);
void objects_make_windows(struct kernel *k, long n);

/* objects_session.c: NULL where this MPI has sessions (MPI 4) */
const char *session_missing(void);

/* objects_check.c */
void check_comm_dup(struct kernel *k);
void check_comm_split(struct kernel *k);
void check_comm_split_type(struct kernel *k);
void check_comm_create_group(struct kernel *k);
void check_win_create(struct kernel *k);
void check_win_allocate(struct kernel *k);
void check_win_free(struct kernel *k);
void check_session_init(struct kernel *k);
/* the one check failure's message, counted in k->mismatches */
void objects_failed(struct kernel *k, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
