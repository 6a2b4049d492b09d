/* diag.c: collecting input errors and suggesting near misses */
#include "input/diag.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "base/base.h"

void diag_init(struct diag *d, const char *file)
{
    memset(d, 0, sizeof *d);
    d->file = file;
}

void diag_name_lines(struct diag *d, int file_lines, char *const *label, int nlabel)
{
    d->file_lines = file_lines;
    d->label = label;
    d->nlabel = nlabel;
}

/* room for one more message; 0 when DIAG_KEEP are kept already */
static int room(struct diag *d)
{
    if (d->kept == DIAG_KEEP)
        return 0;
    if (d->kept == d->cap) {
        d->cap = d->cap ? 2 * d->cap : 16;
        d->msg = xrealloc(d->msg, (size_t)d->cap * sizeof *d->msg);
        d->line = xrealloc(d->line, (size_t)d->cap * sizeof *d->line);
        d->col = xrealloc(d->col, (size_t)d->cap * sizeof *d->col);
    }
    return 1;
}

static void keep(struct diag *d, int line, int col, char *m)
{
    d->line[d->kept] = line;
    d->col[d->kept] = col;
    d->msg[d->kept++] = m;
}

void diag_add(struct diag *d, int line, int col, const char *fmt, ...)
{
    d->count++;
    if (!room(d))
        return;
    char body[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(body, sizeof body, fmt, ap);
    va_end(ap);
    const char *label = line > d->file_lines && line - d->file_lines <= d->nlabel
                        ? d->label[line - d->file_lines - 1] : NULL;
    size_t len = strlen(d->file) + strlen(body) + (label ? strlen(label) : 0) + 32;
    char *m = xmalloc(len);
    if (label && col > 0)
        snprintf(m, len, "%s:%d: %s", label, col, body);
    else if (label)
        snprintf(m, len, "%s: %s", label, body);
    else if (line > 0)
        snprintf(m, len, "%s:%d:%d: %s", d->file, line, col, body);
    else
        snprintf(m, len, "%s: %s", d->file, body);
    keep(d, line, col, m);
}

void diag_take(struct diag *d, struct diag *from, int line, int col)
{
    for (int i = 0; i < from->kept; i++) {
        if (room(d))
            keep(d, line, col, from->msg[i]);
        else
            free(from->msg[i]);
    }
    d->count += from->count;
    from->kept = from->count = 0;
}

/* a message's place, for sorting: line, column, then the order said */
struct place_of {
    int line, col, i;
};

static int by_place(const void *a, const void *b)
{
    const struct place_of *x = a, *y = b;
    if (x->line != y->line)
        return x->line < y->line ? -1 : 1;
    if (x->col != y->col)
        return x->col < y->col ? -1 : 1;
    return (x->i > y->i) - (x->i < y->i);
}

void diag_print(struct diag *d, FILE *out)
{
    struct place_of *o = xmalloc_array((size_t)d->kept + 1, sizeof *o);
    for (int i = 0; i < d->kept; i++)
        o[i] = (struct place_of){d->line[i], d->col[i], i};
    qsort(o, (size_t)d->kept, sizeof *o, by_place);
    int shown = d->kept < DIAG_SHOWN ? d->kept : DIAG_SHOWN;
    for (int i = 0; i < shown; i++)
        fprintf(out, "%s\n", d->msg[o[i].i]);
    free(o);
    if (d->count > shown)
        fprintf(out, "%s: %d more errors not shown\n", d->file, d->count - shown);
}

void diag_free(struct diag *d)
{
    for (int i = 0; i < d->kept; i++)
        free(d->msg[i]);
    free(d->msg);
    free(d->line);
    free(d->col);
    d->msg = NULL;
    d->line = d->col = NULL;
    d->kept = d->count = d->cap = 0;
}

/* Levenshtein distance, case-insensitive, '-' and '_' alike */
static int fold(int c)
{
    return c == '-' ? '_' : toupper(c);
}

static int distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 64 || lb > 64)
        return 1000;
    int row[65];
    for (size_t j = 0; j <= lb; j++)
        row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int up = row[j];
            int cost = fold((unsigned char)a[i - 1]) != fold((unsigned char)b[j - 1]);
            int best = diag + cost;
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

const char *suggest(const char *word, const char *const *candidates, int n)
{
    if (strncasecmp(word, "MPI_", 4) == 0)
        word += 4;
    const char *best = NULL;
    int bestd = 1000;
    for (int i = 0; i < n; i++) {
        int d = distance(word, candidates[i]);
        if (d < bestd) {
            bestd = d;
            best = candidates[i];
        }
    }
    int len = (int)strlen(word);
    int limit = len <= 4 ? 1 : len <= 8 ? 2 : 3;
    return bestd <= limit ? best : NULL;
}
