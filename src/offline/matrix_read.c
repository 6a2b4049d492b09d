/* matrix_read.c: reading the parameter files a run wrote back */
#include "offline/matrix_read.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "base/text.h"
#include "input/diag.h"
#include "input/share.h"

double *read_numbers(const char *path, size_t *n)
{
    struct diag d;
    diag_init(&d, path);
    size_t len;
    char *text = read_file(path, &len, &d);
    diag_free(&d);
    if (!text)
        return NULL;
    size_t cap = 64, pos = 0, l;
    double *v = xmalloc_array(cap, sizeof *v);
    const char *line;
    *n = 0;
    while (next_line(text, len, &pos, &line, &l)) {
        if (l == 0 || line[0] == '#')
            continue;
        char *buf = xmalloc(l + 1), *p = buf, *end;
        memcpy(buf, line, l);
        buf[l] = 0;
        for (double x = strtod(p, &end); end != p; x = strtod(p, &end)) {
            if (*n == cap)
                v = xrealloc(v, (cap *= 2) * sizeof *v);
            v[(*n)++] = x;
            p = end;
        }
        free(buf);
    }
    free(text);
    return v;
}

float *read_tail(const char *path, int world, int p, int bins)
{
    size_t n;
    double *v = read_numbers(path, &n);
    if (!v || n != (size_t)world * world * bins) {
        free(v);
        return NULL;
    }
    float *t = xmalloc_array((size_t)p * p * bins, sizeof *t);
    int ok = 1;
    for (int i = 0; i < p; i++)
        for (int j = 0; j < p; j++)
            for (int k = 0; k < bins; k++) {
                double x = i == j ? 0 : v[((size_t)i * world + j) * bins + k];
                ok &= isfinite(x) != 0;
                t[((size_t)i * p + j) * bins + k] = (float)x;
            }
    free(v);
    if (!ok) {
        free(t);
        return NULL;
    }
    return t;
}
