/* parser.c: input file -> records.
 *
 * A record is nine fields separated by blanks or tabs, then optional
 * key=value settings; '#' starts a comment anywhere.  Every field is checked
 * and every error reported (file, line, column), so a user fixes a file in
 * one round.  Checks that need the communicators (root, memory) come later,
 * in world/plan.c, still before anything is measured. */
#include "input/parser.h"

#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "base/text.h"
#include "input/tokens.h"
#include "registry/settings.h"

/* Splits a line (comment already cut) into blank-separated tokens. */
static void tokenize(struct line_ctx *lc, const char *s, int len)
{
    lc->ntok = 0;
    int pos = 0, n, col;
    while ((col = next_word(s, len, &pos, &n))) {
        if (lc->ntok == MAX_TOKENS) {
            diag_add(lc->d, lc->line, col, "too many fields (at most %d)",
                     MAX_TOKENS);
            return;
        }
        lc->tok[lc->ntok++] = (struct token){s + col - 1, n, col};
    }
}

static void record_text(struct record *r, const struct line_ctx *lc)
{
    size_t n = 0;
    for (int i = 0; i < lc->ntok; i++) {
        size_t want = (size_t)lc->tok[i].len + (i > 0);
        if (n + want >= RECORD_TEXT)
            break;
        if (i > 0)
            r->text[n++] = ' ';
        memcpy(r->text + n, lc->tok[i].s, (size_t)lc->tok[i].len);
        n += (size_t)lc->tok[i].len;
    }
    r->text[n] = 0;
}

/* Rejects NUL and control bytes anywhere and non-ASCII bytes outside
 * comments; returns the length of the line before its comment, or -1. */
static int scan_line(struct line_ctx *lc, const char *s, int len)
{
    int code_len = len;
    for (int i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '#' && code_len == len)
            code_len = i;
        if (c == 0) {
            diag_add(lc->d, lc->line, i + 1, "NUL byte: this is not a text file");
            return -1;
        }
        if ((c < 0x20 && c != '\t') || c == 0x7f) {
            diag_add(lc->d, lc->line, i + 1, "control byte 0x%02x: this is not "
                     "a text input file", c);
            return -1;
        }
        if (c >= 0x80 && i < code_len) {
            diag_add(lc->d, lc->line, i + 1, "non-ASCII byte 0x%02x outside a "
                     "comment", c);
            return -1;
        }
    }
    return code_len;
}

/* a new record at the end of rs, grown by doubling */
static struct record *append(struct recordset *rs, int *cap)
{
    if (rs->n == *cap) {
        *cap *= 2;
        rs->rec = xrealloc(rs->rec, (size_t)*cap * sizeof *rs->rec);
    }
    struct record *r = &rs->rec[rs->n++];
    memset(r, 0, sizeof *r);
    settings_defaults(r);
    return r;
}

int parse_lines(const char *text, size_t len, int first_line,
                struct recordset *rs, struct diag *d)
{
    int before = d->count, cap = 16;
    rs->rec = xcalloc((size_t)cap, sizeof *rs->rec);
    rs->n = 0;
    struct line_ctx lc = {.d = d};
    size_t pos = 0, l;
    const char *s;
    for (int line = first_line; next_line(text, len, &pos, &s, &l); line++) {
        if (l > 4096) {
            diag_add(d, line, 4097, "line longer than 4096 bytes");
            continue;
        }
        lc.line = line;
        int code = scan_line(&lc, s, (int)l);
        if (code < 0)
            continue;
        tokenize(&lc, s, code);
        if (lc.ntok == 0)
            continue;
        struct record *r = append(rs, &cap);
        r->line = line;
        record_text(r, &lc);
        int errors = d->count;
        parse_fields(&lc, r);
        r->ok = d->count == errors;
    }
    return d->count - before;
}

int parse_records(const char *text, size_t len, struct recordset *rs,
                  struct diag *d)
{
    int errors = parse_lines(text, len, 1, rs, d);
    if (rs->n == 0 && errors == 0) {
        diag_add(d, 0, 0, NO_RECORDS);
        errors++;
    }
    return errors;
}

void recordset_free(struct recordset *rs)
{
    free(rs->rec);
    rs->rec = NULL;
    rs->n = 0;
}
