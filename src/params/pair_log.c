/* pair_log.c: measured values on their way to the communicator's rank 0
 * (pair_log.h). */
#include "params/pair_log.h"

#include <stdlib.h>
#include <string.h>
#include "base/base.h"

void pair_log_put(struct pair_log *l, int m, size_t at, double v)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->e = xrealloc(l->e, l->cap * sizeof *l->e);
    }
    l->e[l->n++] = (struct logged){m, at, v};
}

/* this rank's values of matrix m as (cell, value) pairs of doubles (a
 * cell below 2^53 is exact as a double), and out of the log */
static int take(struct pair_log *l, int m, double **pairs)
{
    size_t n = 0, kept = 0;
    for (size_t k = 0; k < l->n; k++)
        n += l->e[k].m == m;
    *pairs = xmalloc_array(2 * n + 1, sizeof **pairs);
    n = 0;
    for (size_t k = 0; k < l->n; k++) {
        if (l->e[k].m != m) {
            l->e[kept++] = l->e[k];
            continue;
        }
        (*pairs)[2 * n] = (double)l->e[k].at;
        (*pairs)[2 * n + 1] = l->e[k].v;
        n++;
    }
    l->n = kept;
    return (int)(2 * n);
}

void pair_log_gather(MPI_Comm comm, struct pair_log *l, int m, void *dst, int floats)
{
    int me, p;
    MPI_Comm_rank(comm, &me);
    MPI_Comm_size(comm, &p);
    double *mine;
    int n = take(l, m, &mine);
    int *counts = me == 0 ? xmalloc_array((size_t)p, sizeof *counts) : NULL;
    MPI_Gather(&n, 1, MPI_INT, counts, 1, MPI_INT, 0, comm);
    int *displs = NULL;
    double *all = NULL;
    size_t total = 0;
    if (me == 0) {
        displs = xmalloc_array((size_t)p, sizeof *displs);
        for (int r = 0; r < p; r++) {
            displs[r] = (int)total;
            total += (size_t)counts[r];
        }
        all = xmalloc_array(total + 1, sizeof *all);
    }
    MPI_Gatherv(mine, n, MPI_DOUBLE, all, counts, displs, MPI_DOUBLE, 0, comm);
    for (size_t k = 0; k + 1 < total; k += 2) {   /* rank 0 only: total is 0 elsewhere */
        size_t at = (size_t)all[k];
        if (floats)
            ((float *)dst)[at] = (float)all[k + 1];
        else
            ((double *)dst)[at] = all[k + 1];
    }
    free(mine);
    free(counts);
    free(displs);
    free(all);
}

void pair_log_free(struct pair_log *l)
{
    free(l->e);
    memset(l, 0, sizeof *l);
}
