/* parser.c: input file -> records.
 *
 * A record is nine fields separated by blanks or tabs, then optional
 * key=value settings; '#' starts a comment anywhere.  Every field is checked
 * and every error reported (file, line, column), so a user fixes a file in
 * one round.  Checks that need the communicators (root, memory) come later,
 * in plan.c, still before anything is measured. */
#include "parser.h"
#include "sizes.h"
#include "text.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *field_names[NFIELDS] = {
    "call", "datatype", "min", "max", "incr", "value", "topology", "op",
    "stride"};

struct token {
    const char *s;
    int len;
    int col;
};

#define MAX_TOKENS 24

struct line_ctx {
    struct diag *d;
    int line;
    struct token tok[MAX_TOKENS];
    int ntok;
};

/* Splits a line (comment already cut) into blank-separated tokens. */
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

static void token_str(const struct token *t, char *out, size_t size)
{
    size_t n = (size_t)t->len < size - 1 ? (size_t)t->len : size - 1;
    memcpy(out, t->s, n);
    out[n] = 0;
}

/* Lists the names of a table for an error message. */
typedef const char *(*name_at_fn)(int i);

static int collect_names(name_at_fn at, const char **names, int max)
{
    int n = 0;
    for (int i = 0; n < max && at(i); i++)
        names[n++] = at(i);
    return n;
}

static void unknown(struct line_ctx *lc, const struct token *t,
                    const char *what, name_at_fn at)
{
    const char *names[128];
    int n = collect_names(at, names, 128);
    char word[64];
    token_str(t, word, sizeof word);
    const char *near = suggest(word, names, n);
    if (near) {
        diag_add(lc->d, lc->line, t->col, "unknown %s '%s'; did you mean %s?",
                 what, word, near);
        return;
    }
    char list[1024] = "";
    for (int i = 0; i < n; i++) {
        if (strlen(list) + strlen(names[i]) + 3 >= sizeof list)
            break;
        if (i)
            strcat(list, " ");
        strcat(list, names[i]);
    }
    diag_add(lc->d, lc->line, t->col, "unknown %s '%s'; accepted: %s", what,
             word, list);
}

static const char *call_name_at(int i)
{
    const struct call *c = call_at(i);
    return c ? c->name : NULL;
}
static const char *type_name_at(int i)
{
    const struct datatype *t = datatype_at(i);
    return t ? t->name : NULL;
}
static const char *op_name_at(int i)
{
    const struct op *o = op_at(i);
    return o ? o->name : NULL;
}
static const char *pattern_name_at(int i)
{
    const struct pattern *p = pattern_at(i);
    return p ? p->name : NULL;
}
static const char *topo_name_at(int i)
{
    const struct topology *t = topology_at(i);
    return t ? t->name : NULL;
}
static const char *incr_name_at(int i)
{
    static const char *n[] = {"ADD", "MUL", NULL};
    return i < 2 ? n[i] : NULL;
}
static const char *pairs_name_at(int i)
{
    static const char *n[] = {"NOP", "DETAIL", NULL};
    return i < 2 ? n[i] : NULL;
}
static const char *filter_name_at(int i)
{
    const struct pair_filter *f = pair_filter_at(i);
    return f ? f->name : NULL;
}
static const char *key_name_at(int i)
{
    static const char *n[] = {"root", "iters", "warmup", NULL};
    return i < 3 ? n[i] : NULL;
}

/* Parses a decimal count; reports and returns -1 on error. */
static int parse_number(struct line_ctx *lc, const struct token *t,
                        const char *what, uint64_t limit, uint64_t *out)
{
    char word[64];
    token_str(t, word, sizeof word);
    if (t->s[0] == '-') {
        diag_add(lc->d, lc->line, t->col, "%s '%s' is negative", what, word);
        return -1;
    }
    uint64_t v = 0;
    for (int i = 0; i < t->len; i++) {
        unsigned char c = (unsigned char)t->s[i];
        if (c < '0' || c > '9') {
            diag_add(lc->d, lc->line, t->col,
                     "%s '%s' is not a number (write a whole number of "
                     "elements, like 1024)", what, word);
            return -1;
        }
        if (v > (UINT64_MAX - (c - '0')) / 10) {
            diag_add(lc->d, lc->line, t->col, "%s '%s' is too large (at most "
                     "%llu)", what, word, (unsigned long long)limit);
            return -1;
        }
        v = v * 10 + (c - '0');
    }
    if (v > limit) {
        diag_add(lc->d, lc->line, t->col, "%s %llu is too large (at most %llu)",
                 what, (unsigned long long)v, (unsigned long long)limit);
        return -1;
    }
    *out = v;
    return 0;
}

static int match(const struct token *t, const char *canonical)
{
    char word[64];
    token_str(t, word, sizeof word);
    return name_matches(word, canonical);
}

/* The op field means three things, by the family of the call. */
static void parse_op(struct line_ctx *lc, struct record *r, const struct token *t)
{
    char word[64];
    token_str(t, word, sizeof word);
    switch (r->call->opk) {
    case OPK_PAIRS: {
        /* NOP or DETAIL, optionally :CRITERION (DETAIL:CROSS-NODE) */
        const char *colon = memchr(t->s, ':', (size_t)t->len);
        struct token mode = {t->s, colon ? (int)(colon - t->s) : t->len, t->col};
        r->pf = pair_filter_find("ALL");
        if (match(&mode, "NOP"))
            r->pairs = PAIRS_NOP;
        else if (match(&mode, "DETAIL"))
            r->pairs = PAIRS_DETAIL;
        else
            unknown(lc, &mode, "point-to-point op", pairs_name_at);
        if (colon) {
            struct token crit = {colon + 1, t->len - mode.len - 1,
                                 t->col + mode.len + 1};
            char name[64];
            token_str(&crit, name, sizeof name);
            r->pf = pair_filter_find(name);
            if (!r->pf)
                unknown(lc, &crit, "pair criterion", filter_name_at);
        }
        return;
    }
    case OPK_PATTERN: {
        /* NAME or NAME:ARG (TREE:4, FILE:patterns/ring.pat) */
        const char *colon = memchr(t->s, ':', (size_t)t->len);
        struct token name = {t->s, colon ? (int)(colon - t->s) : t->len, t->col};
        char nm[64];
        token_str(&name, nm, sizeof nm);
        r->pattern = pattern_find(nm);
        if (!r->pattern) {
            unknown(lc, &name, "barrier pattern", pattern_name_at);
            return;
        }
        r->pattern_arg = r->pattern->default_arg;
        struct token arg = {colon ? colon + 1 : t->s + t->len,
                            colon ? t->len - name.len - 1 : 0,
                            t->col + name.len + 1};
        int is_file = strcmp(r->pattern->name, "FILE") == 0;
        if (is_file && arg.len == 0)
            diag_add(lc->d, lc->line, arg.col, "FILE needs a path: FILE:patterns/mine.pat");
        else if (is_file)
            snprintf(r->pattern_file, sizeof r->pattern_file, "%.*s", arg.len, arg.s);
        else if (colon && r->pattern->default_arg == 0)
            diag_add(lc->d, lc->line, arg.col, "%s takes no argument", r->pattern->name);
        else if (colon) {
            uint64_t v;
            if (parse_number(lc, &arg, "arity", 64, &v) == 0) {
                if (v < 2)
                    diag_add(lc->d, lc->line, arg.col, "arity must be 2 to 64");
                r->pattern_arg = (int)v;
            }
        }
        return;
    }
    case OPK_NONE:
        if (!match(t, "NOP"))
            diag_add(lc->d, lc->line, t->col, "%s takes no operation: write NOP "
                     "here, not '%s'", r->call->name, word);
        return;
    case OPK_REDUCTION:
        r->op = op_find(word);
        if (!r->op) {
            unknown(lc, t, "reduction operation", op_name_at);
            return;
        }
        if (r->dt && !(r->op->classes & r->dt->cls)) {
            char allowed[256] = "";
            for (unsigned c = 1; c <= TC_DERIVED; c <<= 1)
                if (r->op->classes & c) {
                    if (allowed[0])
                        strcat(allowed, ", ");
                    strcat(allowed, type_class_name((enum type_class)c));
                }
            diag_add(lc->d, lc->line, t->col,
                     "MPI does not define %s on %s (a %s type); %s applies to: "
                     "%s%s", r->op->name, r->dt->name, type_class_name(r->dt->cls),
                     r->op->name, allowed,
                     r->dt->cls == TC_CHAR ? " (SIGNED_CHAR is the 1-byte C "
                     "integer)" : "");
        }
        return;
    }
}

static void parse_setting(struct line_ctx *lc, struct record *r,
                          const struct token *t)
{
    const char *eq = memchr(t->s, '=', (size_t)t->len);
    char word[64];
    token_str(t, word, sizeof word);
    if (!eq) {
        diag_add(lc->d, lc->line, t->col, "extra field '%s': a record has nine "
                 "fields, then only key=value settings (root=, iters=, warmup=)",
                 word);
        return;
    }
    struct token key = {t->s, (int)(eq - t->s), t->col};
    struct token val = {eq + 1, t->len - key.len - 1, t->col + key.len + 1};
    if (val.len == 0) {
        diag_add(lc->d, lc->line, val.col, "setting '%s' has no value", word);
        return;
    }
    uint64_t v;
    if (match(&key, "root")) {
        if (r->call && !r->call->rooted)
            diag_add(lc->d, lc->line, t->col, "%s has no root; root= applies to "
                     "BCAST, GATHER(V), SCATTER(V) and REDUCE", r->call->name);
        else if (parse_number(lc, &val, "root", 1u << 30, &v) == 0)
            r->root = (int)v;
    } else if (match(&key, "iters")) {
        if (parse_number(lc, &val, "iters", 1u << 30, &v) == 0) {
            if (v == 0)
                diag_add(lc->d, lc->line, val.col, "iters must be at least 1");
            r->iters = (long)v;
        }
    } else if (match(&key, "warmup")) {
        if (parse_number(lc, &val, "warmup", 1u << 30, &v) == 0)
            r->warmup = (long)v;
    } else {
        unknown(lc, &key, "setting", key_name_at);
    }
}

static void parse_fields(struct line_ctx *lc, struct record *r)
{
    const struct token *t = lc->tok;
    char word[64];
    int ok_min = 0, ok_max = 0;

    for (int f = 0; f < NFIELDS && f < lc->ntok; f++)
        r->col[f] = t[f].col;

    token_str(&t[F_CALL], word, sizeof word);
    r->call = call_find(word);
    if (!r->call)
        unknown(lc, &t[F_CALL], "call", call_name_at);
    if (lc->ntok > F_TYPE) {
        token_str(&t[F_TYPE], word, sizeof word);
        r->dt = datatype_find(word);
        if (!r->dt)
            unknown(lc, &t[F_TYPE], "datatype", type_name_at);
    }
    if (lc->ntok > F_MIN)
        ok_min = parse_number(lc, &t[F_MIN], "min", MAX_ELEMENTS, &r->min) == 0;
    if (lc->ntok > F_MAX)
        ok_max = parse_number(lc, &t[F_MAX], "max", MAX_ELEMENTS, &r->max) == 0;
    if (ok_min && ok_max && r->min > r->max)
        diag_add(lc->d, lc->line, t[F_MIN].col, "min %llu is larger than max %llu",
                 (unsigned long long)r->min, (unsigned long long)r->max);
    int ok_incr = 0;
    if (lc->ntok > F_INCR) {
        ok_incr = 1;
        if (match(&t[F_INCR], "ADD"))
            r->step = STEP_ADD;
        else if (match(&t[F_INCR], "MUL"))
            r->step = STEP_MUL;
        else {
            unknown(lc, &t[F_INCR], "increment", incr_name_at);
            ok_incr = 0;
        }
    }
    if (lc->ntok > F_VALUE &&
        parse_number(lc, &t[F_VALUE], "value", MAX_ELEMENTS, &r->value) == 0 &&
        ok_incr) {
        if (r->step == STEP_ADD && r->value == 0)
            diag_add(lc->d, lc->line, t[F_VALUE].col,
                     "ADD value must be at least 1 (0 would never reach max)");
        if (r->step == STEP_MUL && r->value < 2)
            diag_add(lc->d, lc->line, t[F_VALUE].col,
                     "MUL value must be at least 2 (got %llu)",
                     (unsigned long long)r->value);
    }
    if (ok_min && ok_max && ok_incr && r->min <= r->max && r->value > 0 &&
        (r->step == STEP_ADD || r->value >= 2)) {
        uint64_t n = size_count(r->min, r->max, r->step, r->value);
        if (n > MAX_SIZES)
            diag_add(lc->d, lc->line, t[F_VALUE].col, "%llu sizes from %llu to "
                     "%llu by ADD %llu: at most %d per record (use a larger value "
                     "or MUL)", (unsigned long long)n, (unsigned long long)r->min,
                     (unsigned long long)r->max, (unsigned long long)r->value,
                     MAX_SIZES);
    }
    if (lc->ntok > F_TOPO) {
        token_str(&t[F_TOPO], word, sizeof word);
        r->topo = topology_find(word);
        if (!r->topo)
            unknown(lc, &t[F_TOPO], "topology", topo_name_at);
    }
    if (lc->ntok > F_OP && r->call)
        parse_op(lc, r, &t[F_OP]);
    if (lc->ntok > F_STRIDE)
        parse_number(lc, &t[F_STRIDE], "stride (bytes)", MAX_STRIDE, &r->stride);

    if (lc->ntok < NFIELDS) {
        const struct token *last = &t[lc->ntok - 1];
        diag_add(lc->d, lc->line, last->col + last->len + 1,
                 "missing field '%s': a record has nine fields (call datatype "
                 "min max incr value topology op stride), this one has %d",
                 field_names[lc->ntok], lc->ntok);
    }
    for (int i = NFIELDS; i < lc->ntok; i++)
        parse_setting(lc, r, &t[i]);
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

int parse_records(const char *text, size_t len, struct recordset *rs,
                  struct diag *d)
{
    int before = d->count;
    int cap = 16;
    rs->rec = calloc((size_t)cap, sizeof *rs->rec);
    rs->n = 0;
    struct line_ctx lc = {.d = d};
    size_t pos = 0, l;
    const char *s;
    for (int line = 1; rs->rec && next_line(text, len, &pos, &s, &l); line++) {
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
        if (rs->n == cap) {
            cap *= 2;
            struct record *grown = realloc(rs->rec, (size_t)cap * sizeof *grown);
            if (!grown)
                break;
            rs->rec = grown;
        }
        struct record *r = &rs->rec[rs->n++];
        memset(r, 0, sizeof *r);
        r->line = line;
        r->iters = r->warmup = -1;
        record_text(r, &lc);
        int errors = d->count;
        parse_fields(&lc, r);
        r->ok = d->count == errors;
    }
    if (!rs->rec)
        diag_add(d, 0, 0, "out of memory");
    else if (rs->n == 0 && d->count == before)
        diag_add(d, 0, 0, "no records: every line is blank or a comment");
    return d->count - before;
}

char *read_file(const char *path, size_t *len, struct diag *d)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        diag_add(d, 0, 0, "cannot open: %s", strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap)
            break;
        if (cap >= ((size_t)64 << 20)) {
            diag_add(d, 0, 0, "larger than 64 MiB: not an input file");
            free(buf);
            buf = NULL;
            break;
        }
        char *grown = realloc(buf, cap * 2);
        if (!grown) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = grown;
        cap *= 2;
    }
    if (buf && ferror(f)) {
        diag_add(d, 0, 0, "cannot read: %s", strerror(errno));
        free(buf);
        buf = NULL;
    }
    fclose(f);
    *len = n;
    return buf;
}

void recordset_free(struct recordset *rs)
{
    free(rs->rec);
    rs->rec = NULL;
    rs->n = 0;
}
