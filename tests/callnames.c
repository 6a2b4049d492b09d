/* callnames.c: a PMPI interposer for tests/largecount.sh: which of MPI 4's
 * large-count (_c) functions a run called.  Preloaded with
 * MPIGAUGE_CALL_LOG=FILE, every rank appends to FILE, at MPI_Finalize, one
 * line "RANK NAME" for each _c function it called at least once.  The
 * calls themselves are the library's, unchanged.  Without MPI 4 (Open MPI
 * 4.1) there are no _c functions: the object wraps MPI_Finalize alone and
 * the suite skips by name. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MOST 64
static const char *seen[MOST];
static int nseen;

#if MPI_VERSION >= 4
static void note(const char *name)
{
    for (int i = 0; i < nseen; i++)
        if (seen[i] == name || strcmp(seen[i], name) == 0)
            return;
    if (nseen < MOST)
        seen[nseen++] = name;
}
#endif

int MPI_Finalize(void)
{
    const char *log = getenv("MPIGAUGE_CALL_LOG");
    int me = 0;
    PMPI_Comm_rank(MPI_COMM_WORLD, &me);
    FILE *f = log ? fopen(log, "a") : NULL;
    if (f) {
        for (int i = 0; i < nseen; i++)
            fprintf(f, "%d %s\n", me, seen[i]);
        fclose(f);
    }
    return PMPI_Finalize();
}

#if MPI_VERSION >= 4
/* one wrapper: its parameters and the arguments it passes on */
#define WRAP(name, params, args)                                                  \
    int name params                                                               \
    {                                                                             \
        note(#name);                                                              \
        return P##name args;                                                      \
    }

typedef MPI_Count C;
typedef MPI_Datatype T;
typedef MPI_Comm M;
typedef MPI_Request R;
typedef MPI_Info I;

WRAP(MPI_Send_c, (const void *b, C n, T t, int to, int tag, M c), (b, n, t, to, tag, c))
WRAP(MPI_Ssend_c, (const void *b, C n, T t, int to, int tag, M c), (b, n, t, to, tag, c))
WRAP(MPI_Isend_c, (const void *b, C n, T t, int to, int tag, M c, R *r), (b, n, t, to, tag, c, r))
WRAP(MPI_Issend_c, (const void *b, C n, T t, int to, int tag, M c, R *r), (b, n, t, to, tag, c, r))
WRAP(MPI_Recv_c, (void *b, C n, T t, int from, int tag, M c, MPI_Status *s), (b, n, t, from, tag, c, s))
WRAP(MPI_Irecv_c, (void *b, C n, T t, int from, int tag, M c, R *r), (b, n, t, from, tag, c, r))
WRAP(MPI_Bcast_c, (void *b, C n, T t, int root, M c), (b, n, t, root, c))
WRAP(MPI_Gather_c, (const void *s, C sn, T st, void *r, C rn, T rt, int root, M c),
     (s, sn, st, r, rn, rt, root, c))
WRAP(MPI_Scatter_c, (const void *s, C sn, T st, void *r, C rn, T rt, int root, M c),
     (s, sn, st, r, rn, rt, root, c))
WRAP(MPI_Allgather_c, (const void *s, C sn, T st, void *r, C rn, T rt, M c),
     (s, sn, st, r, rn, rt, c))
WRAP(MPI_Alltoall_c, (const void *s, C sn, T st, void *r, C rn, T rt, M c),
     (s, sn, st, r, rn, rt, c))
WRAP(MPI_Reduce_c, (const void *s, void *r, C n, T t, MPI_Op op, int root, M c),
     (s, r, n, t, op, root, c))
WRAP(MPI_Allreduce_c, (const void *s, void *r, C n, T t, MPI_Op op, M c), (s, r, n, t, op, c))
WRAP(MPI_Reduce_scatter_block_c, (const void *s, void *r, C n, T t, MPI_Op op, M c),
     (s, r, n, t, op, c))
WRAP(MPI_Scan_c, (const void *s, void *r, C n, T t, MPI_Op op, M c), (s, r, n, t, op, c))
WRAP(MPI_Exscan_c, (const void *s, void *r, C n, T t, MPI_Op op, M c), (s, r, n, t, op, c))
WRAP(MPI_Reduce_local_c, (const void *s, void *r, C n, T t, MPI_Op op), (s, r, n, t, op))
WRAP(MPI_Ibcast_c, (void *b, C n, T t, int root, M c, R *q), (b, n, t, root, c, q))
WRAP(MPI_Igather_c, (const void *s, C sn, T st, void *r, C rn, T rt, int root, M c, R *q),
     (s, sn, st, r, rn, rt, root, c, q))
WRAP(MPI_Iscatter_c, (const void *s, C sn, T st, void *r, C rn, T rt, int root, M c, R *q),
     (s, sn, st, r, rn, rt, root, c, q))
WRAP(MPI_Iallgather_c, (const void *s, C sn, T st, void *r, C rn, T rt, M c, R *q),
     (s, sn, st, r, rn, rt, c, q))
WRAP(MPI_Ialltoall_c, (const void *s, C sn, T st, void *r, C rn, T rt, M c, R *q),
     (s, sn, st, r, rn, rt, c, q))
WRAP(MPI_Ireduce_c, (const void *s, void *r, C n, T t, MPI_Op op, int root, M c, R *q),
     (s, r, n, t, op, root, c, q))
WRAP(MPI_Iallreduce_c, (const void *s, void *r, C n, T t, MPI_Op op, M c, R *q),
     (s, r, n, t, op, c, q))
WRAP(MPI_Ireduce_scatter_block_c, (const void *s, void *r, C n, T t, MPI_Op op, M c, R *q),
     (s, r, n, t, op, c, q))
WRAP(MPI_Iscan_c, (const void *s, void *r, C n, T t, MPI_Op op, M c, R *q), (s, r, n, t, op, c, q))
WRAP(MPI_Iexscan_c, (const void *s, void *r, C n, T t, MPI_Op op, M c, R *q),
     (s, r, n, t, op, c, q))
WRAP(MPI_Bcast_init_c, (void *b, C n, T t, int root, M c, I i, R *q), (b, n, t, root, c, i, q))
WRAP(MPI_Gather_init_c,
     (const void *s, C sn, T st, void *r, C rn, T rt, int root, M c, I i, R *q),
     (s, sn, st, r, rn, rt, root, c, i, q))
WRAP(MPI_Scatter_init_c,
     (const void *s, C sn, T st, void *r, C rn, T rt, int root, M c, I i, R *q),
     (s, sn, st, r, rn, rt, root, c, i, q))
WRAP(MPI_Allgather_init_c, (const void *s, C sn, T st, void *r, C rn, T rt, M c, I i, R *q),
     (s, sn, st, r, rn, rt, c, i, q))
WRAP(MPI_Alltoall_init_c, (const void *s, C sn, T st, void *r, C rn, T rt, M c, I i, R *q),
     (s, sn, st, r, rn, rt, c, i, q))
WRAP(MPI_Reduce_init_c, (const void *s, void *r, C n, T t, MPI_Op op, int root, M c, I i, R *q),
     (s, r, n, t, op, root, c, i, q))
WRAP(MPI_Allreduce_init_c, (const void *s, void *r, C n, T t, MPI_Op op, M c, I i, R *q),
     (s, r, n, t, op, c, i, q))
WRAP(MPI_Reduce_scatter_block_init_c,
     (const void *s, void *r, C n, T t, MPI_Op op, M c, I i, R *q), (s, r, n, t, op, c, i, q))
WRAP(MPI_Scan_init_c, (const void *s, void *r, C n, T t, MPI_Op op, M c, I i, R *q),
     (s, r, n, t, op, c, i, q))
WRAP(MPI_Exscan_init_c, (const void *s, void *r, C n, T t, MPI_Op op, M c, I i, R *q),
     (s, r, n, t, op, c, i, q))
#endif
