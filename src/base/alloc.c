/* alloc.c: allocations that are always checked.
 *
 * A benchmark that runs out of memory cannot do anything useful but say
 * so: every allocation of mpigauge goes through these, so none is used
 * unchecked. */
#include "base/base.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void out_of_memory(size_t bytes)
{
    fprintf(stderr, "mpigauge: out of memory (asked for %zu bytes)\n", bytes);
    exit(EXIT_NO_MEMORY);
}

void *xmalloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p)
        out_of_memory(bytes);
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        out_of_memory(n * size);
    return p;
}

void *xrealloc(void *old, size_t bytes)
{
    void *p = realloc(old, bytes ? bytes : 1);
    if (!p)
        out_of_memory(bytes);
    return p;
}

void *xmalloc_array(size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size)
        out_of_memory(SIZE_MAX);
    return xmalloc(n * size);
}

char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

void *xmemalign(size_t align, size_t bytes)
{
    void *p;
    if (posix_memalign(&p, align, bytes ? bytes : 1) != 0)
        out_of_memory(bytes);
    return p;
}
