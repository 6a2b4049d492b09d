/* pair_log.h: values of p x p matrices measured on a rank other than its
 * communicator's rank 0, held as (matrix, cell, value) until they are
 * gathered there: only rank 0 holds the matrices, so a rank's memory for
 * them grows with the pairs it is in (about 2 p), not with p^2. */
#ifndef MPIGAUGE_PAIR_LOG_H
#define MPIGAUGE_PAIR_LOG_H

#include <mpi.h>
#include <stddef.h>

struct logged {
    int m;                     /* the caller's matrix number */
    size_t at;                 /* its cell */
    double v;
};

struct pair_log {
    size_t n, cap;
    struct logged *e;
};

void pair_log_put(struct pair_log *l, int m, size_t at, double v);

/* Collective over comm: every rank's logged values of matrix m into
 * dst[cell] on rank 0 (an array of floats where floats, else of doubles;
 * unused elsewhere); they leave every rank's log. */
void pair_log_gather(MPI_Comm comm, struct pair_log *l, int m, void *dst, int floats);

void pair_log_free(struct pair_log *l);

#endif
