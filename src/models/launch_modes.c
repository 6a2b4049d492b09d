/* launch_modes.c: launch medians in separated groups (launch_modes.h) */
#include "models/launch_modes.h"

#include <stdlib.h>
#include "base/base.h"

struct ranked {
    double x;
    size_t at;
};

static int by_value(const void *a, const void *b)
{
    double x = ((const struct ranked *)a)->x, y = ((const struct ranked *)b)->x;
    return x < y ? -1 : x > y;
}

int launch_groups(const double *x, size_t n, int *label)
{
    if (!n)
        return 0;
    struct ranked *r = xcalloc(n, sizeof *r);
    for (size_t i = 0; i < n; i++)
        r[i] = (struct ranked){x[i], i};
    qsort(r, n, sizeof *r, by_value);
    int g = 0;
    label[r[0].at] = 0;
    for (size_t i = 1; i < n; i++) {
        if (r[i].x > r[i - 1].x * MODE_GAP)
            g++;
        label[r[i].at] = g;
    }
    free(r);
    return g + 1;
}

int mode_count(const int *count, int ng)
{
    int m = 0;
    for (int i = 0; i < ng; i++)
        m += count[i] >= 2;
    return m;
}
