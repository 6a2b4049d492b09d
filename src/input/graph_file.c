/* graph_file.c: edge-list files (GRAPH:path), checked like an input file:
 * every error with its line and column */
#include "input/graph_file.h"

#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "base/text.h"

/* an edge as read, with where it was, to report a repeat */
struct read_edge {
    int from, to, line;
};

static int by_edge(const void *a, const void *b)
{
    const struct read_edge *x = a, *y = b;
    if (x->from != y->from)
        return x->from < y->from ? -1 : 1;
    if (x->to != y->to)
        return x->to < y->to ? -1 : 1;
    return x->line < y->line ? -1 : x->line > y->line;
}

/* a rank: digits only, 0..ranks-1; -1 otherwise */
static int rank_of(const char *w, int wl, int ranks)
{
    uint64_t v;
    return parse_uint(w, (size_t)wl, (uint64_t)ranks - 1, &v) == 0 ? (int)v : -1;
}

/* one line's edge into out; 1 if it holds one, 0 if blank, -1 on error */
static int parse_edge(const char *s, int len, int line, int ranks,
                      struct read_edge *out, struct diag *d)
{
    int pos = 0, fl, tl, xl;
    int fcol = next_word(s, len, &pos, &fl);
    if (!fcol)
        return 0;
    int tcol = next_word(s, len, &pos, &tl);
    int from = rank_of(s + fcol - 1, fl, ranks);
    int to = tcol ? rank_of(s + tcol - 1, tl, ranks) : -1;
    if (from < 0) {
        diag_add(d, line, fcol, "'%.*s' is not a rank from 0 to %d", fl,
                 s + fcol - 1, ranks - 1);
        return -1;
    }
    if (!tcol) {
        diag_add(d, line, fcol + fl + 1, "an edge is 'from to': the rank sent "
                 "to is missing");
        return -1;
    }
    if (to < 0) {
        diag_add(d, line, tcol, "'%.*s' is not a rank from 0 to %d", tl,
                 s + tcol - 1, ranks - 1);
        return -1;
    }
    int xcol = next_word(s, len, &pos, &xl);
    if (xcol) {
        diag_add(d, line, xcol, "extra field '%.*s': an edge is 'from to'", xl,
                 s + xcol - 1);
        return -1;
    }
    *out = (struct read_edge){from, to, line};
    return 1;
}

/* reports every edge given again; the sort keeps lines in order */
static void repeats(struct read_edge *r, int n, struct diag *d)
{
    qsort(r, (size_t)n, sizeof *r, by_edge);
    for (int i = 1; i < n; i++)
        if (r[i].from == r[i - 1].from && r[i].to == r[i - 1].to)
            diag_add(d, r[i].line, 1, "edge %d %d given again (first at line "
                     "%d)", r[i].from, r[i].to, r[i - 1].line);
}

static void read_edges(const char *text, size_t len, int ranks,
                       struct read_edge *r, int *n, struct diag *d)
{
    size_t pos = 0;
    struct text_line t = {0};
    while (next_text_line(text, len, &pos, &t)) {
        int line = t.number;
        if (t.bad) {
            diag_add(d, line, t.bad_col, "%s", t.bad);
            continue;
        }
        struct read_edge e;
        if (parse_edge(t.s, t.len, line, ranks, &e, d) != 1)
            continue;
        if (*n == MAX_EDGES) {
            diag_add(d, line, 1, "more than %d edges", MAX_EDGES);
            return;
        }
        r[(*n)++] = e;
    }
}

int parse_graph_file(const char *text, size_t len, int ranks, struct edges *e,
                     struct diag *d)
{
    int before = d->count, n = 0;
    memset(e, 0, sizeof *e);
    /* a line holds at most one edge and an edge takes 4 bytes ("0 1\n") */
    size_t cap = len / 4 + 1 < MAX_EDGES ? len / 4 + 1 : MAX_EDGES;
    struct read_edge *r = xmalloc_array(cap, sizeof *r);
    read_edges(text, len, ranks, r, &n, d);
    if (d->count == before && n == 0)
        diag_add(d, 0, 0, "no edges: a graph file has one 'from to' edge a line");
    e->from = xmalloc_array((size_t)n + 1, sizeof *e->from);
    e->to = xmalloc_array((size_t)n + 1, sizeof *e->to);
    for (int i = 0; i < n; i++) {
        e->from[i] = r[i].from;
        e->to[i] = r[i].to;
    }
    e->n = n;
    repeats(r, n, d);
    free(r);
    return d->count - before;
}

void edges_free(struct edges *e)
{
    free(e->from);
    free(e->to);
    memset(e, 0, sizeof *e);
}
