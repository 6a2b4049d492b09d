/* large.h: calls of any count: MPI 4's large-count (_c) functions past
 * 2^31-1 elements, the int ones below it (so that the usual sizes time the
 * calls every peer times): the sends and receives here, and LARGE_OR_INT
 * for the collectives of one count (coll_data.c, coll_reductions.c,
 * coll_nonblocking.c, coll_persistent.c).  Only the calls with `large` (registry.h)
 * reach the _c path: the parser holds every other call's counts to int. */
#ifndef MPIGAUGE_LARGE_H
#define MPIGAUGE_LARGE_H

#include <limits.h>
#include "kernels/kernel.h"

/* The count from which the _c functions are called: 2^31 (the first count
 * an int cannot hold), or lower where the tests' MPIGAUGE_TEST_LARGE_FROM=N
 * says (read once by large_from_env, kernels/large.c): tests/largecount.sh
 * proves with small counts that every large call takes its _c path and
 * passes --check there, since a run of 2^31 elements takes minutes and GiBs
 * (docs/input.md, "Large counts"). */
extern MPI_Count large_from;
int large_from_env(void);
/* the _c function call's counts past int need, named for the parser's
 * error where the MPI lacks MPI 4.0 (large.c) */
const char *large_function(const char *call, char *buf, size_t len);

static inline int large_count(MPI_Count n)
{
    return n >= large_from;
}

/* (large) where this build has MPI 4's _c functions and n reaches
 * large_from, else (small): the int call, which the usual sizes time as
 * every peer does.  Without MPI 4 the _c call is not even compiled. */
#if HAVE_MPI4
#define LARGE_OR_INT(n, large, small) (large_count(n) ? (large) : (small))
#else
#define LARGE_OR_INT(n, large, small) (small)
#endif

static inline int send_any(const void *b, MPI_Count n, MPI_Datatype t, int to,
                           int tag, MPI_Comm c)
{
#if HAVE_MPI4
    if (large_count(n))
        return MPI_Send_c(b, n, t, to, tag, c);
#endif
    return MPI_Send(b, (int)n, t, to, tag, c);
}

static inline int ssend_any(const void *b, MPI_Count n, MPI_Datatype t, int to,
                            int tag, MPI_Comm c)
{
#if HAVE_MPI4
    if (large_count(n))
        return MPI_Ssend_c(b, n, t, to, tag, c);
#endif
    return MPI_Ssend(b, (int)n, t, to, tag, c);
}

static inline int isend_any(const void *b, MPI_Count n, MPI_Datatype t, int to,
                            int tag, MPI_Comm c, MPI_Request *r)
{
#if HAVE_MPI4
    if (large_count(n))
        return MPI_Isend_c(b, n, t, to, tag, c, r);
#endif
    return MPI_Isend(b, (int)n, t, to, tag, c, r);
}

static inline int issend_any(const void *b, MPI_Count n, MPI_Datatype t, int to,
                             int tag, MPI_Comm c, MPI_Request *r)
{
#if HAVE_MPI4
    if (large_count(n))
        return MPI_Issend_c(b, n, t, to, tag, c, r);
#endif
    return MPI_Issend(b, (int)n, t, to, tag, c, r);
}

static inline int recv_any(void *b, MPI_Count n, MPI_Datatype t, int from,
                           int tag, MPI_Comm c)
{
#if HAVE_MPI4
    if (large_count(n))
        return MPI_Recv_c(b, n, t, from, tag, c, MPI_STATUS_IGNORE);
#endif
    return MPI_Recv(b, (int)n, t, from, tag, c, MPI_STATUS_IGNORE);
}

static inline int irecv_any(void *b, MPI_Count n, MPI_Datatype t, int from,
                            int tag, MPI_Comm c, MPI_Request *r)
{
#if HAVE_MPI4
    if (large_count(n))
        return MPI_Irecv_c(b, n, t, from, tag, c, r);
#endif
    return MPI_Irecv(b, (int)n, t, from, tag, c, r);
}

static inline int sendrecv_any(const void *sb, void *rb, MPI_Count n, MPI_Datatype t,
                               int peer, int from, int tag, int rtag, MPI_Comm c)
{
#if HAVE_MPI4
    if (large_count(n))
        return MPI_Sendrecv_c(sb, n, t, peer, tag, rb, n, t, from, rtag, c,
                              MPI_STATUS_IGNORE);
#endif
    return MPI_Sendrecv(sb, (int)n, t, peer, tag, rb, (int)n, t, from, rtag, c,
                        MPI_STATUS_IGNORE);
}

#endif
