/* type_field.c: the datatype field: a name of the datatype table, or a
 * shaped type NAME:... (registry/shaped.h), every part checked with its
 * own column: VECTOR:COUNT:BLOCKLEN:STRIDE:BASE, INDEXED:path (the plan
 * reads the file: world/plan_sides.c), RESIZED:EXTENT:BASE,
 * SUBARRAY:SIZES:SUBSIZES:STARTS:BASE with AxB or AxBxC. */
#include "input/tokens.h"

#include <stdio.h>
#include <string.h>
#include "registry/shaped.h"

enum { MAX_PARTS = 5 };

/* t split at sep into at most most parts (the last takes the rest) */
static int split(const struct token *t, char sep, struct token *part, int most)
{
    int n = 0, start = 0;
    for (int i = 0; i <= t->len && n < most; i++)
        if (i == t->len || (t->s[i] == sep && n < most - 1)) {
            part[n++] = (struct token){t->s + start, i - start, t->col + start};
            start = i + 1;
        }
    return n;
}

/* a count from lo to hi; 1 when good */
static int count_of(struct line_ctx *lc, const struct token *t, const char *what,
                    long lo, long hi, int *out)
{
    uint64_t v;
    if (t->len == 0) {
        diag_add(lc->d, lc->line, t->col, "missing %s", what);
        return 0;
    }
    if (parse_number(lc, t, what, (uint64_t)hi, &v) != 0)
        return 0;
    if ((long)v < lo) {
        diag_add(lc->d, lc->line, t->col, "%s must be at least %ld", what, lo);
        return 0;
    }
    *out = (int)v;
    return 1;
}

/* the base: a predefined type of the table that is neither a pair nor
 * derived (their padding and shapes are their own) */
static const struct datatype *base_of(struct line_ctx *lc, const struct token *t)
{
    char word[64];
    token_str(t, word, sizeof word);
    const struct datatype *b = t->len ? table_find(&datatype_table, word) : NULL;
    if (!t->len)
        diag_add(lc->d, lc->line, t->col, "missing base type (DOUBLE, INT, ...)");
    else if (!b)
        unknown_in(lc, t, &datatype_table);
    else if (b->cls & (TC_PAIR | TC_DERIVED)) {
        diag_add(lc->d, lc->line, t->col, "a shaped type's base is a predefined type "
                 "that is neither a pair nor derived; %s is a %s type", b->name,
                 type_class_name(b->cls));
        b = NULL;
    }
    return b;
}

static int vector(struct line_ctx *lc, const struct token *p, struct type_shape *s)
{
    int ok = count_of(lc, &p[0], "count", 1, SHAPE_MAX_SPAN, &s->count) &
             count_of(lc, &p[1], "blocklen", 1, SHAPE_MAX_SPAN, &s->blocklen) &
             count_of(lc, &p[2], "stride", 1, SHAPE_MAX_SPAN, &s->stride);
    s->base = base_of(lc, &p[3]);
    if (ok && s->stride < s->blocklen) {
        diag_add(lc->d, lc->line, p[2].col, "stride %d is less than blocklen %d: the "
                 "blocks would overlap", s->stride, s->blocklen);
        ok = 0;
    } else if (ok && (long)(s->count - 1) * s->stride + s->blocklen > SHAPE_MAX_SPAN) {
        diag_add(lc->d, lc->line, p[0].col, "one element spans %ld base elements, "
                 "more than %ld", (long)(s->count - 1) * s->stride + s->blocklen,
                 SHAPE_MAX_SPAN);
        ok = 0;
    }
    return ok && s->base;
}

/* AxB or AxBxC: the dimensions, or 0 after complaining */
static int dims(struct line_ctx *lc, const struct token *t, const char *what, long lo,
                int *v)
{
    struct token d[SHAPE_MAX_DIMS + 1];
    int n = split(t, 'x', d, SHAPE_MAX_DIMS + 1);
    if (n < 2 || n > SHAPE_MAX_DIMS) {
        diag_add(lc->d, lc->line, t->col, "%s takes 2 or 3 dimensions written AxB or "
                 "AxBxC, not '%.*s'", what, t->len, t->s);
        return 0;
    }
    int ok = 1;
    for (int i = 0; i < n; i++)
        ok &= count_of(lc, &d[i], what, lo, SHAPE_MAX_SPAN, &v[i]);
    return ok ? n : 0;
}

static int subarray(struct line_ctx *lc, const struct token *p, struct type_shape *s)
{
    int n = dims(lc, &p[0], "sizes", 1, s->sizes);
    int m = dims(lc, &p[1], "subsizes", 1, s->subsizes);
    int k = dims(lc, &p[2], "starts", 0, s->starts);
    s->base = base_of(lc, &p[3]);
    if (!n || !m || !k || !s->base)
        return 0;
    if (m != n || k != n) {
        diag_add(lc->d, lc->line, p[m != n ? 1 : 2].col, "sizes, subsizes and starts "
                 "need the same number of dimensions (sizes has %d)", n);
        return 0;
    }
    long span = 1;
    for (int i = 0; i < n; i++) {
        if (s->starts[i] + s->subsizes[i] > s->sizes[i]) {
            diag_add(lc->d, lc->line, p[2].col, "dimension %d: start %d + subsize %d "
                     "passes its size %d", i + 1, s->starts[i], s->subsizes[i],
                     s->sizes[i]);
            return 0;
        }
        span *= s->sizes[i];
    }
    if (span > SHAPE_MAX_SPAN)
        diag_add(lc->d, lc->line, p[0].col, "the array has %ld elements, more than %ld",
                 span, SHAPE_MAX_SPAN);
    s->ndims = n;
    return span <= SHAPE_MAX_SPAN;
}

static int shaped(struct line_ctx *lc, const struct type_former *f, const struct token *t,
                  int n, struct type_shape *s)
{
    if (strcmp(f->name, "INDEXED") == 0) {
        s->kind = SHAPE_INDEXED;
        if (t[0].len == 0 || t[0].len >= (int)sizeof s->path) {
            diag_add(lc->d, lc->line, t[0].col, "INDEXED takes a path of 1 to %zu "
                     "bytes: INDEXED:blocks.txt", sizeof s->path - 1);
            return 0;
        }
        token_str(&t[0], s->path, sizeof s->path);
        return 1;
    }
    int want = strcmp(f->name, "RESIZED") == 0 ? 2 : 4;
    if (n != want) {
        diag_add(lc->d, lc->line, t[0].col - (int)strlen(f->name) - 1, "%s takes %s, "
                 "%d parts after the name; this has %d", f->name, f->spelling, want, n);
        return 0;
    }
    if (strcmp(f->name, "VECTOR") == 0) {
        s->kind = SHAPE_VECTOR;
        return vector(lc, t, s);
    }
    if (strcmp(f->name, "SUBARRAY") == 0) {
        s->kind = SHAPE_SUBARRAY;
        return subarray(lc, t, s);
    }
    s->kind = SHAPE_RESIZED;
    int extent = 0, ok = count_of(lc, &t[0], "extent (bytes)", 1, 32 * SHAPE_MAX_SPAN,
                                  &extent);
    s->extent = extent;
    s->base = base_of(lc, &t[1]);
    return ok && s->base;
}

void parse_type(struct line_ctx *lc, struct record *r, const struct token *t)
{
    const char *colon = memchr(t->s, ':', (size_t)t->len);
    if (!colon) {
        char word[64];
        token_str(t, word, sizeof word);
        r->dt = table_find(&datatype_table, word);
        const struct type_former *f = r->dt ? NULL : table_find(&former_table, word);
        if (f)
            diag_add(lc->d, lc->line, t->col, "%s needs its shape: %s", f->name,
                     f->spelling);
        else if (!r->dt)
            unknown_in(lc, t, &datatype_table);
        return;
    }
    struct token name = {t->s, (int)(colon - t->s), t->col};
    char word[64];
    token_str(&name, word, sizeof word);
    const struct type_former *f = table_find(&former_table, word);
    if (!f) {
        unknown_in(lc, &name, &former_table);
        return;
    }
    struct token rest = {colon + 1, t->len - name.len - 1, t->col + name.len + 1};
    struct token part[MAX_PARTS];
    int n = split(&rest, ':', part, strcmp(f->name, "INDEXED") == 0 ? 1 : MAX_PARTS);
    struct type_shape s;
    memset(&s, 0, sizeof s);
    if (shaped(lc, f, part, n, &s))
        r->dt = shape_intern(&s);
}
