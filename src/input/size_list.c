/* size_list.c: sizes=a,b,c (a list in the record) and sizes=path (a file
 * of sizes, read by the plan on rank 0: world/plan_sides.c), and the
 * one reading both get: whole numbers, rising, each within the record's
 * min and max, at most MAX_SIZES; in a file separated by commas, blanks
 * or lines, '#' starting a comment.  Every bad size is named with its
 * line and column. */
#include "input/side_files.h"

#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "base/text.h"
#include "registry/sizes.h"

/* the next size's token of one line from *pos (separators: comma,
 * blank; '#' ends the line's sizes), its column counted from base (the
 * line's first byte's column); 0 at the line's end */
static int next_size(const char *s, size_t len, size_t *pos, int base, struct token *t)
{
    size_t i = *pos;
    while (i < len && (s[i] == ',' || s[i] == ' ' || s[i] == '\t' || s[i] == '\r'))
        i++;
    if (i >= len || s[i] == '#')
        return 0;
    size_t end = i;
    while (end < len && !strchr(",# \t\r", s[end]))
        end++;
    *t = (struct token){s + i, (int)(end - i), (int)i + base};
    *pos = end;
    return 1;
}

/* one size into out[*n]; -1 when the list has no room left */
static int take_size(struct line_ctx *lc, const struct token *t, uint64_t min,
                     uint64_t max, uint64_t *out, size_t *n)
{
    uint64_t v;
    if (parse_number(lc, t, "size", MAX_LARGE_ELEMENTS, &v) != 0)
        return 0;
    if (v < min || v > max)
        diag_add(lc->d, lc->line, t->col, "size %llu is outside the record's min "
                 "%llu and max %llu, which bound its sizes= list",
                 (unsigned long long)v, (unsigned long long)min,
                 (unsigned long long)max);
    else if (*n && v <= out[*n - 1])
        diag_add(lc->d, lc->line, t->col, "size %llu after %llu: a sizes= list "
                 "rises", (unsigned long long)v, (unsigned long long)out[*n - 1]);
    else if (*n == MAX_SIZES) {
        diag_add(lc->d, lc->line, t->col, "more than %d sizes in one list", MAX_SIZES);
        return -1;
    } else
        out[(*n)++] = v;
    return 0;
}

int read_size_list(struct line_ctx *lc, const char *s, size_t len, int col,
                   uint64_t min, uint64_t max, uint64_t *out)
{
    size_t pos = 0, n = 0, at, l;
    const char *line;
    int errors = lc->d->count, full = 0;
    struct token t;
    /* the first line's columns count from the record's (col), the others' from 1 */
    for (int base = col; !full && next_line(s, len, &pos, &line, &l); base = 1) {
        if (line != s)
            lc->line++;
        for (at = 0; !full && next_size(line, l, &at, base, &t);)
            full = take_size(lc, &t, min, max, out, &n) < 0;
    }
    if (n == 0 && lc->d->count == errors)
        diag_add(lc->d, lc->line, col, "sizes= names no size");
    return lc->d->count == errors ? (int)n : -1;
}

/* a list in the record is digits or holds a comma; anything else is a
 * path (sizes=./64 reads a file named 64) */
static int written_list(const struct token *val)
{
    int digits = 1;
    for (int i = 0; i < val->len; i++) {
        if (val->s[i] == ',')
            return 1;
        digits &= val->s[i] >= '0' && val->s[i] <= '9';
    }
    return digits;
}

void take_sizes(struct line_ctx *lc, struct record *r, const struct token *val)
{
    r->sizes_col = val->col;
    if (!written_list(val)) {
        char path[SIDE_PATH_BYTES];
        if (val->len >= (int)sizeof path)
            diag_add(lc->d, lc->line, val->col, "sizes= path longer than %zu bytes",
                     sizeof path - 1);
        token_str(val, path, sizeof path);
        r->sizes = size_list_file(path);
        return;
    }
    uint64_t *v = xmalloc_array(MAX_SIZES, sizeof *v);
    int line = lc->line;
    int n = read_size_list(lc, val->s, (size_t)val->len, val->col, r->min, r->max, v);
    lc->line = line;
    if (n > 0)
        r->sizes = size_list_values(v, (size_t)n);
    free(v);
}
