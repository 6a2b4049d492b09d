/* call_files.c: the calls timed one by one (measure/call_samples.c) in
 * side files: every one of them with --raw (<stem>.calls.dat), and for
 * DETAIL the tail of each pair, its p99, as a matrix beside the mean's
 * (<stem>.pairs_p99.dat) */
#include "output/output.h"

#include <math.h>
#include <stdlib.h>
#include "base/base.h"
#include "models/stats.h"

void calls_rows(FILE *f, const struct point *pt)
{
    for (long i = 0; pt->calls && i < pt->ncalls; i++)
        fprintf(f, "%llu %d %d %.4f\n", (unsigned long long)pt->elements,
                pt->calls[i].a, pt->calls[i].b, pt->calls[i].t_us);
}

/* each pair's calls in a row of its own: p99 (nearest rank, as the
 * data file's p99_us) into m[a * p + b] */
static void pair_tails(const struct point *pt, int p, double *m)
{
    size_t n = (size_t)pt->ncalls, *count = xcalloc((size_t)p * (size_t)p, sizeof *count);
    for (size_t i = 0; i < n; i++)
        if (pt->calls[i].b >= 0 && pt->calls[i].a < p && pt->calls[i].b < p)
            count[pt->calls[i].a * p + pt->calls[i].b]++;
    double *t = xmalloc_array(n + 1, sizeof *t);
    for (int c = 0; c < p * p; c++) {
        if (!count[c])
            continue;
        size_t k = 0;
        for (size_t i = 0; i < n; i++)
            if (pt->calls[i].b >= 0 && pt->calls[i].a * p + pt->calls[i].b == c)
                t[k++] = pt->calls[i].t_us;
        m[c] = tail_of(t, k).p99;
    }
    free(t);
    free(count);
}

void pairs_tail_block(FILE *f, int p, const struct point *pt)
{
    double *m = xmalloc_array((size_t)p * (size_t)p, sizeof *m);
    for (int i = 0; i < p * p; i++)
        m[i] = NAN;
    if (pt->calls)
        pair_tails(pt, p, m);
    matrix_block(f, p, pt->elements, m);
    free(m);
}
