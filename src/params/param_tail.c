/* param_tail.c: the tail of a signal's cost between two ranks, for the
 * barrier model's distribution (models/predict_dist.h): PARAM_TAIL_TRIPS
 * zero-byte round trips, sorted, kept as PARAM_TAIL_BINS bin means less
 * their median.  A round trip rather than one signal because one-way
 * times need clocks the ranks do not share; predict.c splits its
 * deviation between the two flights. */
#include "params/params.h"

#include <stdlib.h>
#include "base/base.h"
#include "kernels/sync_barrier.h"
#include "models/stats.h"

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* the bins of n sorted times t[] less their median */
static void bins_of(double *t, int n, float *bins)
{
    qsort(t, (size_t)n, sizeof *t, by_value);
    double med = n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
    for (int k = 0; k < PARAM_TAIL_BINS; k++) {
        int a = k * n / PARAM_TAIL_BINS, b = (k + 1) * n / PARAM_TAIL_BINS;
        double sum = 0;
        for (int q = a; q < b; q++)
            sum += t[q];
        bins[k] = b > a ? (float)(sum / (b - a) - med) : 0;
    }
}

void param_tail(MPI_Comm comm, int me, int i, int j, float *bins)
{
    enum { N = PARAM_TAIL_TRIPS };
    double *t = me == i ? xmalloc_array(N, sizeof *t) : NULL;
    for (int r = 0; r < N; r++) {
        if (me == i) {
            double t0 = MPI_Wtime();
            MPI_Send(NULL, 0, MPI_BYTE, j, TAG_PARAM, comm);
            MPI_Recv(NULL, 0, MPI_BYTE, j, TAG_PARAM, comm, MPI_STATUS_IGNORE);
            t[r] = (MPI_Wtime() - t0) * 1e6;
        } else {
            MPI_Recv(NULL, 0, MPI_BYTE, i, TAG_PARAM, comm, MPI_STATUS_IGNORE);
            MPI_Send(NULL, 0, MPI_BYTE, i, TAG_PARAM, comm);
        }
    }
    if (me == i)
        bins_of(t, N, bins);
    free(t);
}
