/* pattern_file.c: user barrier patterns: "ranks N", then "stage" lines each
 * followed by "from to" edges (docs/pattern-files.md).  The parser checks
 * the words; what the pattern must be (ranks in range, no self-signal, no
 * edge twice in a stage, a barrier ...) is bpattern_verify's, the check
 * every pattern passes, and its fault is told at the line and field it
 * comes from. */
#include "input/pattern_file.h"

#include "base/base.h"
#include "base/text.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RANKS 65536

struct cursor {
    const char *s;
    int len, pos;
};

/* where each stage and edge was written, in the pattern's order */
struct where {
    int *stage;                /* line of each "stage" */
    struct at {
        int line, col[2];      /* of from and to */
    } *edge;
    int nstage, nedge, cap_s, cap_e;
};

static void *grow(void *p, int *cap, int need, size_t size)
{
    if (need <= *cap)
        return p;
    int c = *cap ? *cap : 16;
    while (c < need)
        c *= 2;
    *cap = c;
    return xrealloc(p, (size_t)c * size);
}

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

/* a line's words past those it takes are an error */
static void no_more(struct cursor *c, int line, const char *form, struct diag *d)
{
    const char *w;
    int wl, col = word(c, &w, &wl);
    if (col)
        diag_add(d, line, col, "extra field '%.*s': %s", wl, w, form);
}

static void parse_line(struct cursor *c, int line, struct bpattern *bp,
                       struct where *at, struct diag *d)
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
        if (vcol)
            no_more(c, line, "the line is 'ranks N'", d);
    } else if (wl == 5 && strncmp(w, "stage", 5) == 0) {
        if (bp->p == 0)
            diag_add(d, line, col, "'ranks N' must come before the first stage");
        else {
            int s = bpattern_stage(bp);
            at->stage = grow(at->stage, &at->cap_s, s + 1, sizeof *at->stage);
            at->stage[s] = line;
            at->nstage = s + 1;
        }
        no_more(c, line, "a stage line is 'stage' alone; its edges follow on lines "
                "of their own", d);
    } else {
        const char *t;
        int tl, tcol = word(c, &t, &tl);
        /* any rank that fits an int: whether it is one of the pattern's
         * is bpattern_verify's to say */
        long from = number(w, wl, INT_MAX), to = tcol ? number(t, tl, INT_MAX) : -1;
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
        else {
            bpattern_edge(bp, bp->nstages - 1, (int)from, (int)to);
            at->edge = grow(at->edge, &at->cap_e, at->nedge + 1, sizeof *at->edge);
            at->edge[at->nedge++] = (struct at){line, {col, tcol}};
        }
        if (from >= 0 && to >= 0)
            no_more(c, line, "an edge is 'from to'", d);
    }
}

/* bpattern_verify's fault at the line and field it comes from */
static void say_fault(const struct bpattern *bp, const struct where *at,
                      const struct bpattern_fault *f, struct diag *d)
{
    char text[256];
    bpattern_fault_text(f, text, sizeof text);
    int line = 0, col = 0;
    if (f->edge >= 0) {
        int e = f->edge;
        for (int s = 0; s < f->stage; s++)
            e += bp->st[s].n;
        line = at->edge[e].line;
        col = at->edge[e].col[f->kind == BP_RANK_RANGE && f->other];
    } else if (f->stage >= 0) {
        line = at->stage[f->stage];
        col = 1;
    }
    if (f->kind == BP_RANK_RANGE)
        diag_add(d, line, col, "'%d' is not a rank from 0 to %d (the file says "
                 "'ranks %d')", f->rank, bp->p - 1, bp->p);
    else
        diag_add(d, line, col, "%s", text);
}

int parse_pattern_file(const char *text, size_t len, struct bpattern *bp, struct diag *d)
{
    int before = d->count;
    memset(bp, 0, sizeof *bp);
    struct where at = {0};
    size_t pos = 0;
    struct text_line t = {0};
    while (next_text_line(text, len, &pos, &t)) {
        struct cursor c = {t.s, t.len, 0};
        if (t.bad)
            diag_add(d, t.number, t.bad_col, "%s", t.bad);
        else
            parse_line(&c, t.number, bp, &at, d);
    }
    struct bpattern_fault f;
    if (d->count == before && bp->p == 0)
        diag_add(d, 0, 0, "no 'ranks N' line: not a pattern file");
    else if (d->count == before && bpattern_verify(bp, &f))
        say_fault(bp, &at, &f, d);
    free(at.stage);
    free(at.edge);
    return d->count - before;
}
