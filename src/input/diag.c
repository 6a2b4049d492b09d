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

void diag_add(struct diag *d, int line, int col, const char *fmt, ...)
{
    d->count++;
    if (d->kept == DIAG_MAX)
        return;
    char body[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(body, sizeof body, fmt, ap);
    va_end(ap);
    size_t len = strlen(d->file) + strlen(body) + 32;
    char *m = xmalloc(len);
    if (line > 0)
        snprintf(m, len, "%s:%d:%d: %s", d->file, line, col, body);
    else
        snprintf(m, len, "%s: %s", d->file, body);
    d->line[d->kept] = line;
    d->col[d->kept] = col;
    d->msg[d->kept++] = m;
}

void diag_take(struct diag *d, struct diag *from, int line, int col)
{
    for (int i = 0; i < from->kept; i++) {
        if (d->kept == DIAG_MAX) {
            free(from->msg[i]);
            continue;
        }
        d->line[d->kept] = line;
        d->col[d->kept] = col;
        d->msg[d->kept++] = from->msg[i];
    }
    d->count += from->count;
    from->kept = from->count = 0;
}

void diag_print(struct diag *d, FILE *out)
{
    /* insertion sort: at most DIAG_MAX messages, stable for equal places */
    for (int i = 1; i < d->kept; i++)
        for (int j = i; j > 0 && (d->line[j - 1] > d->line[j] ||
                                  (d->line[j - 1] == d->line[j] &&
                                   d->col[j - 1] > d->col[j])); j--) {
            char *m = d->msg[j];
            int l = d->line[j], c = d->col[j];
            d->msg[j] = d->msg[j - 1];
            d->line[j] = d->line[j - 1];
            d->col[j] = d->col[j - 1];
            d->msg[j - 1] = m;
            d->line[j - 1] = l;
            d->col[j - 1] = c;
        }
    for (int i = 0; i < d->kept; i++)
        fprintf(out, "%s\n", d->msg[i]);
    if (d->count > d->kept)
        fprintf(out, "%s: %d more errors not shown\n", d->file,
                d->count - d->kept);
}

void diag_free(struct diag *d)
{
    for (int i = 0; i < d->kept; i++)
        free(d->msg[i]);
    d->kept = d->count = 0;
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
