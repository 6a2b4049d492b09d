/* fields.c: the nine fields of a record, then its settings (settings_read.c)
 * and the rules across them */
#include "input/tokens.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "registry/settings.h"
#include "registry/sizes.h"
#include "kernels/large.h"

static const char *const field_names[NFIELDS] = {
    "call", "datatype", "min", "max", "incr", "value", "topology", "op",
    "stride"};

/* the most elements a size of r may have: MPI counts are int, except in
 * MPI 4's large-count (_c) functions, which the calls with CALL_LARGE use
 * past it, in a build that has them */
static uint64_t record_max_elements(const struct record *r)
{
    return r->call && call_has(r->call, CALL_LARGE) && HAVE_MPI4 ? MAX_LARGE_ELEMENTS
                                                                 : MAX_ELEMENTS;
}

/* min or max: past int, a large call in a build without MPI 4 is told
 * which _c function its count needs */
static int parse_count(struct line_ctx *lc, const struct token *t, const char *what,
                       const struct record *r, uint64_t *out)
{
    if (!(r->call && call_has(r->call, CALL_LARGE) && !HAVE_MPI4))
        return parse_number(lc, t, what, record_max_elements(r), out);
    uint64_t v;
    if (parse_number(lc, t, what, MAX_LARGE_ELEMENTS, &v) != 0)
        return -1;
    if (v > MAX_ELEMENTS) {
        char fn[64];
        diag_add(lc->d, lc->line, t->col, "%s %llu is too large (at most %llu): this "
                 "MPI has no %s (MPI 4.0's large counts)", what, (unsigned long long)v,
                 (unsigned long long)MAX_ELEMENTS, large_function(r->call->name, fn,
                                                                  sizeof fn));
        return -1;
    }
    *out = v;
    return 0;
}

/* a field that names a table row: the row, or NULL after complaining */
static const void *named(struct line_ctx *lc, const struct token *t,
                         const struct table *tab)
{
    char word[64];
    token_str(t, word, sizeof word);
    const void *row = table_find(tab, word);
    if (!row)
        unknown_in(lc, t, tab);
    return row;
}

/* NAME, or NAME:path for a topology that reads a file (GRAPH:ring.txt) */
static void parse_topology(struct line_ctx *lc, struct record *r,
                           const struct token *t)
{
    const char *colon = memchr(t->s, ':', (size_t)t->len);
    struct token name = {t->s, colon ? (int)(colon - t->s) : t->len, t->col};
    r->topo = named(lc, &name, &topology_table);
    if (!r->topo)
        return;
    struct token path = {colon ? colon + 1 : t->s + t->len,
                         colon ? t->len - name.len - 1 : 0,
                         t->col + name.len + 1};
    if (r->topo->takes_file && path.len == 0)
        diag_add(lc->d, lc->line, path.col, "%s needs a path: %s:graphs/ring.txt",
                 r->topo->name, r->topo->name);
    else if (!r->topo->takes_file && colon)
        diag_add(lc->d, lc->line, path.col, "%s takes no argument", r->topo->name);
    else if (path.len >= (int)sizeof r->topo_file)
        diag_add(lc->d, lc->line, path.col, "path longer than %zu bytes",
                 sizeof r->topo_file - 1);
    else
        token_str(&path, r->topo_file, sizeof r->topo_file);
}

/* ADD or MUL; 1 when known */
static int parse_incr(struct line_ctx *lc, struct record *r, const struct token *t)
{
    static const char *const incr[] = {"ADD", "MUL"};
    if (token_is(t, "ADD"))
        r->step = STEP_ADD;
    else if (token_is(t, "MUL"))
        r->step = STEP_MUL;
    else {
        unknown_of(lc, t, "increment", incr, 2);
        return 0;
    }
    return 1;
}

/* the step's value */
static void parse_value(struct line_ctx *lc, struct record *r, int incr_ok)
{
    const struct token *t = &lc->tok[F_VALUE];
    if (parse_number(lc, t, "value", MAX_ELEMENTS, &r->value) != 0 || !incr_ok)
        return;
    if (r->step == STEP_ADD && r->value == 0)
        diag_add(lc->d, lc->line, t->col,
                 "ADD value must be at least 1 (0 would never reach max)");
    if (r->step == STEP_MUL && r->value < 2)
        diag_add(lc->d, lc->line, t->col, "MUL value must be at least 2 (got %llu)",
                 (unsigned long long)r->value);
}

/* the range's sizes, once the settings are read: a sizes= list replaces
 * them (and is checked as it is read: input/size_list.c) */
static void range_count(struct line_ctx *lc, const struct record *r)
{
    if (r->sizes || lc->ntok <= F_VALUE || r->min > r->max || r->value == 0 ||
        (r->step == STEP_MUL && r->value < 2))
        return;
    uint64_t n = size_count(r->min, r->max, r->step, r->value);
    if (n > MAX_SIZES)
        diag_add(lc->d, lc->line, lc->tok[F_VALUE].col, "%llu sizes from %llu to %llu "
                 "by ADD %llu: at most %d per record (use a larger value, MUL or a "
                 "sizes= list)", (unsigned long long)n, (unsigned long long)r->min,
                 (unsigned long long)r->max, (unsigned long long)r->value, MAX_SIZES);
}

/* min, max, incr and value */
static void parse_range(struct line_ctx *lc, struct record *r)
{
    const struct token *t = lc->tok;
    int ok_min = 0, ok_max = 0, ok_incr = 0;
    if (lc->ntok > F_MIN)
        ok_min = parse_count(lc, &t[F_MIN], "min", r, &r->min) == 0;
    if (lc->ntok > F_MAX)
        ok_max = parse_count(lc, &t[F_MAX], "max", r, &r->max) == 0;
    if (ok_min && ok_max && r->min > r->max)
        diag_add(lc->d, lc->line, t[F_MIN].col, "min %llu is larger than max %llu",
                 (unsigned long long)r->min, (unsigned long long)r->max);
    if (lc->ntok > F_INCR)
        ok_incr = parse_incr(lc, r, &t[F_INCR]);
    if (lc->ntok > F_VALUE)
        parse_value(lc, r, ok_incr);
}

/* MPI_Barrier is the library's: no signals or payload of mpigauge's */
static void library_barrier_settings(struct line_ctx *lc, const int *seen)
{
    if (setting_column(seen, "signal"))
        diag_add(lc->d, lc->line, setting_column(seen, "signal"), "MPI_Barrier chooses "
                 "its own signals; signal= applies to the other patterns");
    if (setting_column(seen, "payload"))
        diag_add(lc->d, lc->line, setting_column(seen, "payload"), "MPI_Barrier "
                 "carries no payload; payload= applies to the other patterns");
}

static void missing_fields(struct line_ctx *lc)
{
    const struct token *last = &lc->tok[lc->ntok - 1];
    diag_add(lc->d, lc->line, last->col + last->len + 1,
             "missing field '%s': a record has nine fields (call datatype "
             "min max incr value topology op stride), this one has %d",
             field_names[lc->ntok], lc->ntok);
}

/* a family's validate hook's report: the line's diagnostics */
static void report_rule(void *ctx, int col, const char *fmt, ...)
{
    struct line_ctx *lc = ctx;
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    diag_add(lc->d, lc->line, col, "%s", text);
}

/* threads= on a call with a threaded form (SEND, BW): the
 * record is that form's, which takes threads= and comm= (a look at the
 * settings' keys before they are parsed, as they are parsed for the
 * form's rows) */
static void threaded_form(struct line_ctx *lc, struct record *r)
{
    const struct call *form = r->call ? call_threaded_form(r->call) : NULL;
    for (int i = NFIELDS; form && i < lc->ntok; i++) {
        const struct token *t = &lc->tok[i];
        if (t->len > 8 && strncasecmp(t->s, "threads=", 8) == 0) {
            r->written_as = r->call;
            r->call = form;
            return;
        }
    }
}

void parse_fields(struct line_ctx *lc, struct record *r)
{
    const struct token *t = lc->tok;
    for (int f = 0; f < NFIELDS && f < lc->ntok; f++)
        r->col[f] = t[f].col;
    r->call = named(lc, &t[F_CALL], &call_table);
    threaded_form(lc, r);
    if (r->call)
        settings_defaults(r);          /* now its family's own too */
    if (lc->ntok > F_TYPE)
        parse_type(lc, r, &t[F_TYPE]);
    parse_range(lc, r);
    if (lc->ntok > F_TOPO)
        parse_topology(lc, r, &t[F_TOPO]);
    if (lc->ntok > F_OP && r->call)
        parse_op(lc, r, &t[F_OP]);
    if (lc->ntok > F_STRIDE)
        parse_number(lc, &t[F_STRIDE], "stride (bytes)", MAX_STRIDE, &r->stride);
    if (lc->ntok < NFIELDS)
        missing_fields(lc);
    int seen[SETTINGS_MAX] = {0};
    parse_settings(lc, r, seen);
    range_count(lc, r);
    /* a pairwise call's pairs are all pairs unless the op field chose some */
    if (r->call && pairwise(r->call) && !r->pf)
        r->pf = table_find(&pair_filter_table, "ALL");
    if (r->pattern && !r->pattern->generate && !r->pattern_file[0])
        library_barrier_settings(lc, seen);
    if (r->call && r->call->family->validate && lc->ntok >= NFIELDS)
        r->call->family->validate(r, report_rule, lc);
    /* the library's barrier sends no data of the record's: a size range
     * would label the same MPI_Barrier with bytes */
    if (r->pattern && !r->pattern->generate && !r->pattern_file[0] &&
        (r->min || r->max) && lc->ntok > F_MAX)
        diag_add(lc->d, lc->line, r->col[F_MIN], "MPI_Barrier carries no data: "
                 "write 0 0 as its sizes (the patterns take a payload range)");
    /* making a communicator or a session has no size: one would label the
     * same call with bytes (the WIN_* calls take the window's) */
    if (r->call && call_has(r->call, CALL_SIZELESS) && (r->min || r->max) && lc->ntok > F_MAX)
        diag_add(lc->d, lc->line, r->col[F_MIN], "%s moves no data: write 0 0 as "
                 "its sizes (WIN_CREATE, WIN_ALLOCATE and WIN_FREE take the "
                 "window's size)", r->call->name);
}
