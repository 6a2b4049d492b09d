/* large.h: sends and receives of any count: MPI 4's large-count (_c)
 * functions past 2^31-1 elements, the int ones below it (so that the
 * usual sizes time the calls every peer times).  Only the calls with
 * `large` (registry.h) reach the _c path: the parser holds every other
 * call's counts to int. */
#ifndef MPIGAUGE_LARGE_H
#define MPIGAUGE_LARGE_H

#include <limits.h>
#include "kernels/kernel.h"

static inline int send_any(const void *b, MPI_Count n, MPI_Datatype t, int to,
                           int tag, MPI_Comm c)
{
#if HAVE_MPI4
    if (n > INT_MAX)
        return MPI_Send_c(b, n, t, to, tag, c);
#endif
    return MPI_Send(b, (int)n, t, to, tag, c);
}

static inline int ssend_any(const void *b, MPI_Count n, MPI_Datatype t, int to,
                            int tag, MPI_Comm c)
{
#if HAVE_MPI4
    if (n > INT_MAX)
        return MPI_Ssend_c(b, n, t, to, tag, c);
#endif
    return MPI_Ssend(b, (int)n, t, to, tag, c);
}

static inline int isend_any(const void *b, MPI_Count n, MPI_Datatype t, int to,
                            int tag, MPI_Comm c, MPI_Request *r)
{
#if HAVE_MPI4
    if (n > INT_MAX)
        return MPI_Isend_c(b, n, t, to, tag, c, r);
#endif
    return MPI_Isend(b, (int)n, t, to, tag, c, r);
}

static inline int issend_any(const void *b, MPI_Count n, MPI_Datatype t, int to,
                             int tag, MPI_Comm c, MPI_Request *r)
{
#if HAVE_MPI4
    if (n > INT_MAX)
        return MPI_Issend_c(b, n, t, to, tag, c, r);
#endif
    return MPI_Issend(b, (int)n, t, to, tag, c, r);
}

static inline int recv_any(void *b, MPI_Count n, MPI_Datatype t, int from,
                           int tag, MPI_Comm c)
{
#if HAVE_MPI4
    if (n > INT_MAX)
        return MPI_Recv_c(b, n, t, from, tag, c, MPI_STATUS_IGNORE);
#endif
    return MPI_Recv(b, (int)n, t, from, tag, c, MPI_STATUS_IGNORE);
}

static inline int irecv_any(void *b, MPI_Count n, MPI_Datatype t, int from,
                            int tag, MPI_Comm c, MPI_Request *r)
{
#if HAVE_MPI4
    if (n > INT_MAX)
        return MPI_Irecv_c(b, n, t, from, tag, c, r);
#endif
    return MPI_Irecv(b, (int)n, t, from, tag, c, r);
}

static inline int sendrecv_any(const void *sb, void *rb, MPI_Count n, MPI_Datatype t,
                               int peer, int from, int tag, int rtag, MPI_Comm c)
{
#if HAVE_MPI4
    if (n > INT_MAX)
        return MPI_Sendrecv_c(sb, n, t, peer, tag, rb, n, t, from, rtag, c,
                              MPI_STATUS_IGNORE);
#endif
    return MPI_Sendrecv(sb, (int)n, t, peer, tag, rb, (int)n, t, from, rtag, c,
                        MPI_STATUS_IGNORE);
}

#endif
