/* hostlist.c: Slurm's host list syntax (hostlist.h): names separated by
 * commas outside brackets, each a prefix, at most one bracket of numbers
 * and ranges ("01-03": the width of the first is kept), and a suffix */
#include "base/hostlist.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NAME_MAX_LEN = 256 };

/* one "lo-hi" or "n" of a bracket, with its digits' width */
static int range_of(const char *s, size_t len, long *lo, long *hi, int *width)
{
    char part[64], *end;
    if (len == 0 || len >= sizeof part)
        return -1;
    memcpy(part, s, len);
    part[len] = 0;
    char *dash = strchr(part, '-');
    *width = (int)(dash ? (size_t)(dash - part) : len);
    *lo = strtol(part, &end, 10);
    if (end == part || (dash ? end != dash : *end != 0))
        return -1;
    *hi = *lo;
    if (dash) {
        *hi = strtol(dash + 1, &end, 10);
        if (end == dash + 1 || *end || *hi < *lo)
            return -1;
    }
    return 0;
}

/* one name of the list: prefix[ranges]suffix, or a plain name */
static long expand_one(const char *s, size_t len, long room,
                       void (*each)(const char *, void *), void *arg)
{
    const char *open = memchr(s, '[', len);
    char name[NAME_MAX_LEN];
    if (!open) {
        if (len == 0 || len >= sizeof name || memchr(s, ']', len) || room < 1)
            return -1;
        snprintf(name, sizeof name, "%.*s", (int)len, s);
        each(name, arg);
        return 1;
    }
    const char *close = memchr(open, ']', len - (size_t)(open - s));
    if (!close || memchr(open + 1, '[', (size_t)(close - open - 1)))
        return -1;
    int pre = (int)(open - s), post = (int)(len - (size_t)(close - s) - 1);
    if (memchr(close + 1, '[', (size_t)post) || memchr(close + 1, ']', (size_t)post))
        return -1;                /* one bracket a name */
    long n = 0;
    for (const char *p = open + 1; p < close;) {
        const char *comma = memchr(p, ',', (size_t)(close - p));
        const char *stop = comma ? comma : close;
        long lo, hi;
        int width;
        if (range_of(p, (size_t)(stop - p), &lo, &hi, &width) || hi - lo + 1 > room - n)
            return -1;
        for (long v = lo; v <= hi; v++, n++) {
            snprintf(name, sizeof name, "%.*s%0*ld%.*s", pre, s, width, v, post, close + 1);
            each(name, arg);
        }
        p = comma ? comma + 1 : close;
    }
    return n;
}

long hostlist_expand(const char *list, long max, void (*each)(const char *name, void *arg),
                     void *arg)
{
    long total = 0;
    const char *p = list;
    while (*p) {
        const char *q = p;
        int depth = 0;
        for (; *q && (depth || *q != ','); q++)
            depth += *q == '[' ? 1 : *q == ']' ? -1 : 0;
        long n = expand_one(p, (size_t)(q - p), max - total, each, arg);
        if (n < 0)
            return -1;
        total += n;
        p = *q ? q + 1 : q;
    }
    return total;
}
