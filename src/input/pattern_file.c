/* pattern_file.c: user barrier patterns: "ranks N", then "stage" lines each
 * followed by "from to" edges.  Checked like an input file: every error
 * with its line and column. */
#include "input/pattern_file.h"

#include "base/text.h"

#include <stdlib.h>
#include <string.h>

#define MAX_RANKS 65536

struct cursor {
    const char *s;
    int len, pos;
};

/* next blank-separated word: start column (1-based) and length, or 0 */
static int word(struct cursor *c, const char **w, int *wl)
{
    int col = next_word(c->s, c->len, &c->pos, wl);
    if (col)
        *w = c->s + col - 1;
    return col;
}

/* a rank or count: digits only, 0..max; -1 otherwise */
static long number(const char *w, int wl, long max)
{
    uint64_t v;
    return max >= 0 && parse_uint(w, (size_t)wl, (uint64_t)max, &v) == 0 ? (long)v : -1;
}

static void parse_line(struct cursor *c, int line, struct bpattern *bp,
                       int *stage_line, int max_stages, struct diag *d)
{
    const char *w;
    int wl, col = word(c, &w, &wl);
    if (!col)
        return;
    if (wl == 5 && strncmp(w, "ranks", 5) == 0) {
        const char *v;
        int vl, vcol = word(c, &v, &vl);
        long n = vcol ? number(v, vl, MAX_RANKS) : -1;
        if (bp->p > 0)
            diag_add(d, line, col, "'ranks' given twice");
        else if (n < 1)
            diag_add(d, line, vcol ? vcol : col + 5, "ranks needs a whole number "
                     "from 1 to %d", MAX_RANKS);
        else
            bpattern_init(bp, (int)n);
    } else if (wl == 5 && strncmp(w, "stage", 5) == 0) {
        if (bp->p == 0)
            diag_add(d, line, col, "'ranks N' must come before the first stage");
        else {
            int s = bpattern_stage(bp);
            if (s < max_stages)
                stage_line[s] = line;
        }
    } else {
        const char *t;
        int tl, tcol = word(c, &t, &tl);
        long from = number(w, wl, bp->p - 1), to = tcol ? number(t, tl, bp->p - 1) : -1;
        if (bp->p == 0 || bp->nstages == 0) {
            diag_add(d, line, col, "an edge '%.*s' before 'ranks N' and 'stage'", wl, w);
            return;
        }
        if (from < 0)
            diag_add(d, line, col, "'%.*s' is not a rank from 0 to %d (or 'ranks', "
                     "'stage')", wl, w, bp->p - 1);
        else if (!tcol)
            diag_add(d, line, c->pos + 1, "an edge is 'from to': the rank signalled "
                     "is missing");
        else if (to < 0)
            diag_add(d, line, tcol, "'%.*s' is not a rank from 0 to %d", tl, t, bp->p - 1);
        else if (from == to)
            diag_add(d, line, col, "rank %ld signals itself", from);
        else
            bpattern_edge(bp, bp->nstages - 1, (int)from, (int)to);
        if (from >= 0 && to >= 0 && word(c, &t, &tl))
            diag_add(d, line, c->pos - tl + 1, "extra field '%.*s': an edge is "
                     "'from to'", tl, t);
    }
}

int parse_pattern_file(const char *text, size_t len, struct bpattern *bp,
                       int *stage_line, int max_stages, struct diag *d)
{
    int before = d->count;
    memset(bp, 0, sizeof *bp);
    size_t pos = 0, l;
    const char *s;
    for (int line = 1; next_line(text, len, &pos, &s, &l); line++) {
        long bad = first_control(s, l);
        if (bad >= 0) {
            diag_add(d, line, (int)bad + 1, "control or NUL byte: not a text file");
            continue;
        }
        const char *hash = memchr(s, '#', l);
        struct cursor c = {s, hash ? (int)(hash - s) : (int)l, 0};
        if (l < 4096)
            parse_line(&c, line, bp, stage_line, max_stages, d);
        else
            diag_add(d, line, 4096, "line longer than 4095 bytes");
    }
    if (d->count == before && bp->p == 0)
        diag_add(d, 0, 0, "no 'ranks N' line: not a pattern file");
    return d->count - before;
}
