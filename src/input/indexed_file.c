/* indexed_file.c: INDEXED:path's file (side_files.h), checked like an
 * input file: the base type's name, then BLOCKLEN DISPLACEMENT a line,
 * every error with its line and column */
#include "input/side_files.h"

#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "base/text.h"
#include "registry/shaped.h"

struct block_at {
    int len, displ, line;
};

static int by_displ(const void *a, const void *b)
{
    const struct block_at *x = a, *y = b;
    return (x->displ > y->displ) - (x->displ < y->displ);
}

/* the first line's word: the base type (a predefined type, not a pair) */
static void base_line(struct line_ctx *lc, const struct token *w, int nw,
                      struct indexed_blocks *b)
{
    char word[64];
    token_str(&w[0], word, sizeof word);
    b->base = table_find(&datatype_table, word);
    if (!b->base)
        unknown_in(lc, &w[0], &datatype_table);
    else if (b->base->cls & (TC_PAIR | TC_DERIVED)) {
        diag_add(lc->d, lc->line, w[0].col, "an INDEXED base is a predefined type "
                 "that is neither a pair nor derived; %s is a %s type", b->base->name,
                 type_class_name(b->base->cls));
        b->base = NULL;
    }
    if (nw > 1)
        diag_add(lc->d, lc->line, w[1].col, "the first line names the base type "
                 "alone (DOUBLE); the blocks follow, one a line");
}

/* a block line: BLOCKLEN DISPLACEMENT */
static void block_line(struct line_ctx *lc, const struct token *w, int nw,
                       struct block_at *out, int *n)
{
    uint64_t len = 0, displ = 0;
    if (nw != 2) {
        diag_add(lc->d, lc->line, nw > 2 ? w[2].col : w[0].col, "a block is "
                 "'BLOCKLEN DISPLACEMENT' (base elements), this line has %d field%s",
                 nw, nw == 1 ? "" : "s");
        return;
    }
    int ok = parse_number(lc, &w[0], "blocklen", SHAPE_MAX_SPAN, &len) == 0;
    ok &= parse_number(lc, &w[1], "displacement", SHAPE_MAX_SPAN, &displ) == 0;
    if (ok && len == 0)
        diag_add(lc->d, lc->line, w[0].col, "blocklen must be at least 1");
    else if (ok && len + displ > SHAPE_MAX_SPAN)
        diag_add(lc->d, lc->line, w[1].col, "the block ends past %ld base elements",
                 SHAPE_MAX_SPAN);
    else if (ok && *n == SHAPE_MAX_BLOCKS)
        diag_add(lc->d, lc->line, w[0].col, "more than %d blocks", SHAPE_MAX_BLOCKS);
    else if (ok)
        out[(*n)++] = (struct block_at){(int)len, (int)displ, lc->line};
}

/* blocks may not overlap: a receive into them would be erroneous */
static void no_overlap(struct block_at *blk, int n, struct diag *d)
{
    struct block_at *s = xmalloc_array((size_t)n + 1, sizeof *s);
    memcpy(s, blk, (size_t)n * sizeof *s);
    qsort(s, (size_t)n, sizeof *s, by_displ);
    for (int i = 1; i < n; i++)
        if (s[i].displ < s[i - 1].displ + s[i - 1].len) {
            const struct block_at *later = s[i].line > s[i - 1].line ? &s[i] : &s[i - 1];
            const struct block_at *other = later == &s[i] ? &s[i - 1] : &s[i];
            diag_add(d, later->line, 1, "this block (elements %d to %d) overlaps "
                     "line %d's (%d to %d)", later->displ, later->displ + later->len - 1,
                     other->line, other->displ, other->displ + other->len - 1);
        }
    free(s);
}

int parse_indexed_file(const char *text, size_t len, struct indexed_blocks *b,
                       struct diag *d)
{
    struct line_ctx lc = {.d = d};
    int errors = d->count, n = 0, first = 1;
    struct block_at *blk = xmalloc_array(SHAPE_MAX_BLOCKS, sizeof *blk);
    size_t pos = 0, l;
    const char *s;
    memset(b, 0, sizeof *b);
    for (lc.line = 1; next_line(text, len, &pos, &s, &l); lc.line++) {
        const char *hash = memchr(s, '#', l);
        int code = hash ? (int)(hash - s) : (int)l, at = 0, wl, col, nw = 0;
        struct token w[3];
        while (nw < 3 && (col = next_word(s, code, &at, &wl)))
            w[nw++] = (struct token){s + col - 1, wl, col};
        if (nw == 0)
            continue;
        if (first)
            base_line(&lc, w, nw, b);
        else
            block_line(&lc, w, nw, blk, &n);
        first = 0;
    }
    if (d->count == errors && n == 0)
        diag_add(d, 0, 0, "no blocks: the base type's name, then 'BLOCKLEN "
                 "DISPLACEMENT' a line");
    no_overlap(blk, n, d);
    if (d->count == errors && b->base) {
        b->n = n;
        b->lens = xmalloc_array((size_t)n, sizeof *b->lens);
        b->displs = xmalloc_array((size_t)n, sizeof *b->displs);
        for (int i = 0; i < n; i++) {
            b->lens[i] = blk[i].len;
            b->displs[i] = blk[i].displ;
        }
    }
    free(blk);
    return d->count == errors && b->base ? 0 : -1;
}
