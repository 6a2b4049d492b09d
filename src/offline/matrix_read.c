/* matrix_read.c: reading the parameter files a run wrote back */
#include "offline/matrix_read.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "base/base.h"
#include "base/text.h"
#include "input/diag.h"
#include "input/share.h"
#include "models/predict.h"

/* every number of a matrix file, '#' lines left out (lines of any
 * length); NULL when unreadable */
static double *read_numbers(const char *path, size_t *n)
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

/* a tail file (params-<t>-tail.dat: world rows of world x bins values) as
 * ranks 0..p-1's bins, [(i*p+j)*bins+k], zero on the diagonal; NULL when
 * absent, of another shape, or not finite among those ranks */
static float *read_tail(const char *path, int world, int p, int bins)
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

/* dir/params-<topology>-<what>.dat */
static void param_path(const char *dir, const char *topo, enum param_file f,
                       char *path, size_t len)
{
    char name[128];
    param_file_name(topo, f, name, sizeof name);
    snprintf(path, len, "%s/%s", dir, name);
}

double *matrix_load(const char *dir, const char *topo, enum param_file f, int world,
                    int p, int *missing)
{
    char path[PATH_BYTES];
    param_path(dir, topo, f, path, sizeof path);
    size_t n;
    double *v = read_numbers(path, &n);
    if (!v || n != (size_t)world * world) {
        free(v);
        *missing = 1;
        return NULL;
    }
    double *sub = xmalloc_array((size_t)p * p, sizeof *sub);
    for (int i = 0; i < p; i++)
        for (int j = 0; j < p; j++)
            sub[(size_t)i * p + j] = i == j ? 0 : v[(size_t)i * world + j];
    free(v);
    return sub;
}

int matrix_finite(const double *m, int p)
{
    for (size_t i = 0; i < (size_t)p * p; i++)
        if (!isfinite(m[i]))
            return 0;
    return 1;
}

double *matrix_load_optional(const char *dir, const char *topo, enum param_file f,
                             int world, int p, int *bad)
{
    char path[PATH_BYTES];
    param_path(dir, topo, f, path, sizeof path);
    if (access(path, F_OK) != 0)
        return NULL;
    int wrong = 0;
    double *m = matrix_load(dir, topo, f, world, p, &wrong);
    if (m && matrix_finite(m, p))
        return m;
    free(m);
    fprintf(stderr, "mpigauge --predict: %s: not a %d x %d matrix of numbers, or nan or "
            "inf among ranks 0..%d\n", path, world, world, p - 1);
    *bad = 1;
    return NULL;
}

double *matrix_load_o(const char *dir, const char *topo, int *world)
{
    char path[PATH_BYTES];
    param_path(dir, topo, PF_O, path, sizeof path);
    size_t n;
    double *v = read_numbers(path, &n);
    if (!v || n % 2 || n == 0) {
        free(v);
        return NULL;
    }
    *world = (int)(n / 2);
    for (int i = 0; i < *world; i++)
        v[i] = v[2 * i + 1];
    return v;
}

float *matrix_load_tail(const char *dir, const char *topo, int world, int p)
{
    char path[PATH_BYTES];
    param_path(dir, topo, PF_TAIL, path, sizeof path);
    return read_tail(path, world, p, PARAM_TAIL_BINS);
}
