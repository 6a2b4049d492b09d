/* p2p_arrivals.c: complete=parrived's early bird (p2p_arrivals.h): the
 * round-robin poll of a receive's partitions and each message's lead */
#include "kernels/p2p_arrivals.h"

#include <stdlib.h>
#include "base/base.h"

void arrivals_init(struct arrivals *a, int n, int parts)
{
    *a = (struct arrivals){.n = n, .parts = parts};
    a->left = xmalloc_array((size_t)n * (size_t)parts, sizeof *a->left);
    a->remain = xmalloc_array((size_t)n, sizeof *a->remain);
    a->first = xmalloc_array((size_t)n, sizeof *a->first);
}

void arrivals_free(struct arrivals *a)
{
    free(a->left);
    free(a->remain);
    free(a->first);
    *a = (struct arrivals){0};
}

/* a partition of message m seen arrived: the clock read at the message's
 * first and at its last, never between them, nor where the first is the
 * last (one partition: lead 0) */
static void seen(struct arrivals *a, int m, clock_fn clock, void *ctx)
{
    int first = a->remain[m] == a->parts;
    int last = --a->remain[m] == 0;
    if (first == last) {
        a->count += last;
        return;
    }
    double t = clock(ctx);
    if (first)
        a->first[m] = t;
    if (last) {
        a->sum_s += t - a->first[m];
        a->count++;
    }
}

void arrivals_poll(struct arrivals *a, arrived_fn arrived, clock_fn clock, void *ctx)
{
    int n = a->n * a->parts;
    for (int i = 0; i < n; i++)
        a->left[i] = i;
    for (int m = 0; m < a->n; m++)
        a->remain[m] = a->parts;
    while (n > 0) {
        int kept = 0;
        for (int i = 0; i < n; i++) {
            int id = a->left[i], m = id / a->parts;
            if (arrived(ctx, m, id - m * a->parts))
                seen(a, m, clock, ctx);
            else
                a->left[kept++] = id;
        }
        n = kept;
    }
}

void arrivals_take(struct arrivals *a, double *sum_s, long *count)
{
    *sum_s = a->sum_s;
    *count = a->count;
    a->sum_s = 0;
    a->count = 0;
}
