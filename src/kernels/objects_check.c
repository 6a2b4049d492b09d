/* objects_check.c: --check for the objects family: each call's object
 * made once more after the size's timing and asked what it is.
 * Communicators: MPI_Comm_compare says MPI_CONGRUENT with the parent
 * (COMM_DUP, COMM_CREATE_GROUP), a split has the size and rank its colour
 * gives, a shared-memory split keeps the parent's order on one host.
 * Windows: MPI_WIN_SIZE (and WIN_CREATE's MPI_WIN_BASE) are what was
 * asked for, and a byte put into the next rank's window under fences is
 * read back there; a freed window is MPI_WIN_NULL. */
#include "kernels/objects.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"

enum { REPORT_MAX = 5 };       /* failures printed per rank and size */
enum { WIN_ALLOCATE_PUT_MIN = 16 };   /* see check_win_allocate */

void objects_failed(struct kernel *k, const char *fmt, ...)
{
    k->mismatches++;
    if (k->mismatches > REPORT_MAX)
        return;
    char what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    fprintf(stderr, "check failed: %s, %lld elements, rank %d: %s\n", k->where,
            (long long)k->count,
            k->world_rank, what);
}

static void expect_congruent(struct kernel *k, MPI_Comm made, const char *how)
{
    int res;
    MPI_Comm_compare(made, k->comm, &res);
    if (res != MPI_CONGRUENT)
        objects_failed(k, "%s: MPI_Comm_compare with the parent gives %d, not "
                       "MPI_CONGRUENT (%d)", how, res, MPI_CONGRUENT);
    MPI_Comm_free(&made);
}

void check_comm_dup(struct kernel *k)
{
    MPI_Comm made;
    MPI_Comm_dup(k->comm, &made);
    expect_congruent(k, made, "MPI_Comm_dup");
}

void check_comm_create_group(struct kernel *k)
{
    struct objects *o = k->priv;
    MPI_Comm made;
    MPI_Comm_create_group(k->comm, o->group, TAG_OBJECTS, &made);
    expect_congruent(k, made, "MPI_Comm_create_group");
}

/* colour rank % 2, key rank: the even ranks, then the odd ones */
void check_comm_split(struct kernel *k)
{
    MPI_Comm made;
    int colour = k->rank % 2, size, rank;
    MPI_Comm_split(k->comm, colour, k->rank, &made);
    MPI_Comm_size(made, &size);
    MPI_Comm_rank(made, &rank);
    int want = colour ? k->size / 2 : (k->size + 1) / 2;
    if (size != want || rank != k->rank / 2)
        objects_failed(k, "MPI_Comm_split by parity: size %d, rank %d; expected "
                       "%d, %d", size, rank, want, k->rank / 2);
    MPI_Comm_free(&made);
}

/* the shared-memory split: its ranks in the parent's order (key rank),
 * every one on this rank's host */
void check_comm_split_type(struct kernel *k)
{
    MPI_Comm made;
    int size, len;
    MPI_Comm_split_type(k->comm, MPI_COMM_TYPE_SHARED, k->rank, MPI_INFO_NULL, &made);
    MPI_Comm_size(made, &size);
    int *parent = xmalloc_array((size_t)size, sizeof *parent);
    MPI_Allgather(&k->rank, 1, MPI_INT, parent, 1, MPI_INT, made);
    for (int i = 1; i < size; i++)
        if (parent[i] <= parent[i - 1])
            objects_failed(k, "MPI_Comm_split_type: rank %d of the new communicator "
                           "is parent rank %d, after %d", i, parent[i], parent[i - 1]);
    char host[MPI_MAX_PROCESSOR_NAME], first[MPI_MAX_PROCESSOR_NAME];
    memset(host, 0, sizeof host);
    MPI_Get_processor_name(host, &len);
    memcpy(first, host, sizeof first);
    MPI_Bcast(first, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, 0, made);
    if (strcmp(host, first) != 0)
        objects_failed(k, "MPI_Comm_split_type(MPI_COMM_TYPE_SHARED) put host %s "
                       "with host %s", host, first);
    if (size > k->size)
        objects_failed(k, "MPI_Comm_split_type: %d ranks from %d", size, k->size);
    free(parent);
    MPI_Comm_free(&made);
}

static unsigned char mark(int rank)
{
    return (unsigned char)(rank * 37 + 11);
}

/* the attributes, then a byte from each rank into the last byte of the
 * next rank's window (of put_min bytes or more) */
static void expect_window(struct kernel *k, MPI_Win win, char *base, int own_base,
                          MPI_Aint put_min)
{
    MPI_Aint bytes = objects_win_bytes(k), *size, **where;
    int flag;
    MPI_Win_get_attr(win, MPI_WIN_SIZE, &size, &flag);
    if (!flag || *size != bytes)
        objects_failed(k, "MPI_WIN_SIZE is %ld, asked for %ld bytes",
                       flag ? (long)*size : -1L, (long)bytes);
    MPI_Win_get_attr(win, MPI_WIN_BASE, &where, &flag);
    if (own_base && bytes > 0 && (!flag || (char *)where != base))
        objects_failed(k, "MPI_WIN_BASE is not the memory given to MPI_Win_create");
    if (bytes < put_min)
        return;
    unsigned char mine = mark(k->rank);
    base[bytes - 1] = 0;
    MPI_Win_fence(0, win);
    MPI_Put(&mine, 1, MPI_BYTE, (k->rank + 1) % k->size, bytes - 1, 1, MPI_BYTE, win);
    MPI_Win_fence(0, win);
    unsigned char got = (unsigned char)base[bytes - 1],
                  want = mark((k->rank + k->size - 1) % k->size);
    if (got != want)
        objects_failed(k, "the byte put into this window is %u, expected %u", got,
                       want);
}

void check_win_create(struct kernel *k)
{
    MPI_Win win;
    MPI_Win_create(k->sbuf, objects_win_bytes(k), 1, MPI_INFO_NULL, k->comm, &win);
    expect_window(k, win, k->sbuf, 1, 1);
    MPI_Win_free(&win);
}

void check_win_allocate(struct kernel *k)
{
    MPI_Win win;
    char *base;
    MPI_Win_allocate(objects_win_bytes(k), 1, MPI_INFO_NULL, k->comm, &base, &win);
    /* MPICH 4.0.2 (ch4, ranks of one host): a put into a window
     * MPI_Win_allocate made of 1 to 15 bytes lands elsewhere (the next
     * rank's base is the segment + its bytes, unaligned; a bare program
     * shows it: 16 bytes and more are right); so only the size attribute
     * is asked of those (docs/objects.md) */
    expect_window(k, win, base, 0, WIN_ALLOCATE_PUT_MIN);
    MPI_Win_free(&win);
}

void check_win_free(struct kernel *k)
{
    MPI_Win win;
    MPI_Win_create(k->sbuf, objects_win_bytes(k), 1, MPI_INFO_NULL, k->comm, &win);
    expect_window(k, win, k->sbuf, 1, 1);
    MPI_Win_free(&win);
    if (win != MPI_WIN_NULL)
        objects_failed(k, "MPI_Win_free left the handle other than MPI_WIN_NULL");
}
