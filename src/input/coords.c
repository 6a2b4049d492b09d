/* coords.c: the --coords file.
 *
 * For machines whose real coordinates the user knows (a torus, a
 * dragonfly's groups): "rank x y z" per line, '#' comments, every rank
 * exactly once, no two ranks at one place.  Checked like an input file. */
#include "input/coords.h"

#include "base/text.h"
#include "base/base.h"

#include <stdlib.h>
#include <string.h>

#define MAX_COORD 1000000

static void parse_line(const char *s, int len, int line, int nranks, int *xyz,
                       int *seen_line, struct diag *d)
{
    static const char *names[4] = {"rank", "x", "y", "z"};
    uint64_t v[4];
    int n = 0, i = 0, bad = 0, last_end = 0, wl, col;
    while ((col = next_word(s, len, &i, &wl))) {
        int start = col - 1;
        last_end = i;
        if (n == 4) {
            diag_add(d, line, start + 1, "extra field: a line is 'rank x y z'");
            return;
        }
        long limit = n == 0 ? nranks - 1 : MAX_COORD;
        if (parse_uint(s + start, (size_t)(i - start), (uint64_t)limit, &v[n])) {
            diag_add(d, line, start + 1, "%s '%.*s' is not a whole number from 0 "
                     "to %ld", names[n], i - start, s + start, limit);
            bad = 1;
        }
        n++;
    }
    if (n == 0)
        return;
    if (n < 4) {
        diag_add(d, line, last_end + 1, "missing field '%s': a line is 'rank x y z'",
                 names[n]);
        return;
    }
    if (bad)
        return;
    int r = (int)v[0];
    if (seen_line[r]) {
        diag_add(d, line, 1, "rank %d already placed on line %d", r, seen_line[r]);
        return;
    }
    seen_line[r] = line;
    for (int k = 0; k < 3; k++)
        xyz[3 * r + k] = (int)v[k + 1];
}

int parse_coords(const char *text, size_t len, int nranks, int *xyz,
                 struct diag *d)
{
    int before = d->count;
    int *seen_line = xcalloc((size_t)nranks, sizeof *seen_line);
    size_t pos = 0;
    struct text_line t = {0};
    while (next_text_line(text, len, &pos, &t)) {
        if (t.bad)
            diag_add(d, t.number, t.bad_col, "%s", t.bad);
        else
            parse_line(t.s, t.len, t.number, nranks, xyz, seen_line, d);
    }
    for (int r = 0; r < nranks && d->count == before; r++)
        if (!seen_line[r])
            diag_add(d, 0, 0, "rank %d has no line (every one of the %d ranks needs "
                     "one)", r, nranks);
    /* no two ranks at one place */
    for (int r = 0; r < nranks && d->count == before; r++)
        for (int q = 0; q < r; q++)
            if (memcmp(&xyz[3 * r], &xyz[3 * q], 3 * sizeof *xyz) == 0) {
                diag_add(d, seen_line[r], 1, "rank %d is at %d %d %d, where rank %d "
                         "(line %d) already is", r, xyz[3 * r], xyz[3 * r + 1],
                         xyz[3 * r + 2], q, seen_line[q]);
                break;
            }
    free(seen_line);
    return d->count - before;
}
