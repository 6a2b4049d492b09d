/* fields.c: the nine fields of a record and its key=value settings */
#include "input/tokens.h"

#include <string.h>
#include "input/sizes.h"

static const char *const field_names[NFIELDS] = {
    "call", "datatype", "min", "max", "incr", "value", "topology", "op",
    "stride"};

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

/* the step's value, and the number of sizes it makes */
static void parse_value(struct line_ctx *lc, struct record *r, int incr_ok,
                        int range_ok)
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
    if (!range_ok || r->min > r->max || r->value == 0 ||
        (r->step == STEP_MUL && r->value < 2))
        return;
    uint64_t n = size_count(r->min, r->max, r->step, r->value);
    if (n > MAX_SIZES)
        diag_add(lc->d, lc->line, t->col, "%llu sizes from %llu to %llu by ADD "
                 "%llu: at most %d per record (use a larger value or MUL)",
                 (unsigned long long)n, (unsigned long long)r->min,
                 (unsigned long long)r->max, (unsigned long long)r->value,
                 MAX_SIZES);
}

/* min, max, incr and value */
static void parse_range(struct line_ctx *lc, struct record *r)
{
    const struct token *t = lc->tok;
    int ok_min = 0, ok_max = 0, ok_incr = 0;
    if (lc->ntok > F_MIN)
        ok_min = parse_number(lc, &t[F_MIN], "min", record_max_elements(r), &r->min) == 0;
    if (lc->ntok > F_MAX)
        ok_max = parse_number(lc, &t[F_MAX], "max", record_max_elements(r), &r->max) == 0;
    if (ok_min && ok_max && r->min > r->max)
        diag_add(lc->d, lc->line, t[F_MIN].col, "min %llu is larger than max %llu",
                 (unsigned long long)r->min, (unsigned long long)r->max);
    if (lc->ntok > F_INCR)
        ok_incr = parse_incr(lc, r, &t[F_INCR]);
    if (lc->ntok > F_VALUE)
        parse_value(lc, r, ok_incr, ok_min && ok_max);
}

/* ---- settings: key=value after the nine fields, one row each ------------ */
struct setting {
    const char *key;
    /* checks the value (and that the record may have it), stores it */
    void (*take)(struct line_ctx *lc, struct record *r, const struct token *key,
                 const struct token *val);
    int repeats;               /* may be given more than once (cvar=) */
};

/* cvar=NAME:VALUE, up to MAX_RECORD_CVARS, each NAME once; the plan
 * finds the variable and reads VALUE (world/mpit.c) */
static void take_cvar(struct line_ctx *lc, struct record *r, const struct token *key,
                      const struct token *val)
{
    char text[256];
    token_str(val, text, sizeof text);
    char *colon = strchr(text, ':');
    if (!colon || colon == text || !colon[1]) {
        diag_add(lc->d, lc->line, val->col, "cvar takes NAME:VALUE (an MPI_T control "
                 "variable and its value, e.g. MPIR_CVAR_ALLREDUCE_INTRA_ALGORITHM:"
                 "recursive_doubling), not '%s'", text);
        return;
    }
    *colon = 0;
    struct record_cvar *c = &r->cvar[r->ncvars];
    if (r->ncvars == MAX_RECORD_CVARS) {
        diag_add(lc->d, lc->line, key->col, "at most %d cvar= settings in a record",
                 MAX_RECORD_CVARS);
        return;
    }
    if (strlen(text) >= sizeof c->name || strlen(colon + 1) >= sizeof c->value) {
        diag_add(lc->d, lc->line, val->col, "cvar %s: the name (at most %zu "
                 "characters) or the value (%zu) is too long", text, sizeof c->name - 1,
                 sizeof c->value - 1);
        return;
    }
    for (int i = 0; i < r->ncvars; i++)
        if (strcmp(r->cvar[i].name, text) == 0) {
            diag_add(lc->d, lc->line, val->col, "cvar %s given twice (first at column "
                     "%d)", text, r->cvar[i].col);
            return;
        }
    /* both lengths were checked above; the precision says so to the compiler */
    snprintf(c->name, sizeof c->name, "%.*s", (int)sizeof c->name - 1, text);
    snprintf(c->value, sizeof c->value, "%.*s", (int)sizeof c->value - 1, colon + 1);
    c->col = key->col;
    r->ncvars++;
}

static void take_root(struct line_ctx *lc, struct record *r,
                      const struct token *key, const struct token *val)
{
    uint64_t v;
    if (r->call && !r->call->rooted)
        diag_add(lc->d, lc->line, key->col, "%s has no root; root= applies to "
                 "BCAST, GATHER(V), SCATTER(V) and REDUCE", r->call->name);
    else if (token_is(val, "rotate") && r->call && !r->call->rotates)
        diag_add(lc->d, lc->line, val->col, "%s makes its request for one root; "
                 "root=rotate applies to the blocking BCAST, GATHER(V), SCATTER(V) "
                 "and REDUCE", r->call->name);
    else if (token_is(val, "rotate"))   /* call i's root: i mod P (as IMB) */
        r->root_rotate = 1;
    else if (parse_number(lc, val, "root", 1u << 30, &v) == 0)
        r->root = (int)v;
}

static void take_iters(struct line_ctx *lc, struct record *r,
                       const struct token *key, const struct token *val)
{
    (void)key;
    uint64_t v;
    if (parse_number(lc, val, "iters", 1u << 30, &v) != 0)
        return;
    if (v == 0)
        diag_add(lc->d, lc->line, val->col, "iters must be at least 1");
    r->iters = (long)v;
}

static void take_warmup(struct line_ctx *lc, struct record *r,
                        const struct token *key, const struct token *val)
{
    (void)key;
    uint64_t v;
    if (parse_number(lc, val, "warmup", 1u << 30, &v) == 0)
        r->warmup = (long)v;
}

/* signal=send|ssend: how a barrier pattern's signals go */
static void take_signal(struct line_ctx *lc, struct record *r,
                        const struct token *key, const struct token *val)
{
    static const char *const modes[] = {"send", "ssend"};
    if (r->call && r->call->opk != OPK_PATTERN)
        diag_add(lc->d, lc->line, key->col, "%s sends no barrier signals; "
                 "signal= applies to BARRIER patterns", r->call->name);
    else if (r->pattern && !r->pattern->generate && !r->pattern_file[0])
        diag_add(lc->d, lc->line, key->col, "MPI_Barrier chooses its own "
                 "signals; signal= applies to the other patterns");
    else if (token_is(val, "send"))
        r->signal = SIGNAL_SEND;
    else if (token_is(val, "ssend"))
        r->signal = SIGNAL_SSEND;
    else
        unknown_of(lc, val, "signal mode", modes, 2);
}

/* payload=uniform|exchange: a barrier pattern's data on each signal */
static void take_payload(struct line_ctx *lc, struct record *r,
                         const struct token *key, const struct token *val)
{
    static const char *const modes[] = {"uniform", "exchange"};
    if (r->call && r->call->opk != OPK_PATTERN)
        diag_add(lc->d, lc->line, key->col, "%s sends no barrier signals; "
                 "payload= applies to BARRIER patterns", r->call->name);
    else if (r->pattern && !r->pattern->generate && !r->pattern_file[0])
        diag_add(lc->d, lc->line, key->col, "MPI_Barrier carries no payload; "
                 "payload= applies to the other patterns");
    else if (token_is(val, "uniform"))
        r->payload = PAYLOAD_UNIFORM;
    else if (token_is(val, "exchange"))
        r->payload = PAYLOAD_EXCHANGE;
    else
        unknown_of(lc, val, "payload mode", modes, 2);
}

/* window=N: messages in flight, for the calls that stream */
static void take_window(struct line_ctx *lc, struct record *r,
                        const struct token *key, const struct token *val)
{
    uint64_t v;
    if (r->call && !r->call->windowed && !r->call->family->always_windowed) {
        diag_add(lc->d, lc->line, key->col, "%s sends no window of messages; "
                 "window= applies to BW, BIBW, MSGRATE, the fabric calls and "
                 "one-sided calls",
                 r->call->name);
        return;
    }
    r->window_col = key->col;
    if (parse_number(lc, val, "window", MAX_WINDOW, &v) != 0)
        return;
    if (v == 0)
        diag_add(lc->d, lc->line, val->col, "window must be at least 1");
    r->window = (int)v;
}

/* tests=N: MPI_Test calls during a non-blocking collective's computation */
static void take_tests(struct line_ctx *lc, struct record *r,
                       const struct token *key, const struct token *val)
{
    uint64_t v;
    if (r->call && !r->call->post)
        diag_add(lc->d, lc->line, key->col, "%s is not a non-blocking collective; "
                 "tests= applies to IBCAST, IALLREDUCE and the other I... calls",
                 r->call->name);
    else if (parse_number(lc, val, "tests", 1000000, &v) == 0)
        r->tests = (int)v;
}

/* levels=hw: BSP's g and l per hardware level as well (HRELATION) */
static void take_levels(struct line_ctx *lc, struct record *r,
                        const struct token *key, const struct token *val)
{
    char v[16];
    token_str(val, v, sizeof v);
    if (r->call && !r->call->bsp)
        diag_add(lc->d, lc->line, key->col, "%s fits no BSP parameters; levels= "
                 "applies to HRELATION", r->call->name);
    else if (strcmp(v, "hw") != 0)
        diag_add(lc->d, lc->line, val->col, "levels takes 'hw' (the hardware levels: "
                 "a last-level cache, a package, a node), not '%s'", v);
    else
        r->levels = 1;
}

/* seed=N: the seed PERMUTATION draws its matchings with */
static void take_seed(struct line_ctx *lc, struct record *r,
                      const struct token *key, const struct token *val)
{
    uint64_t v;
    if (r->call && !r->call->seeded)
        diag_add(lc->d, lc->line, key->col, "%s draws nothing at random; seed= "
                 "applies to PERMUTATION", r->call->name);
    else if (parse_number(lc, val, "seed", UINT32_MAX, &v) == 0)
        r->seed = v;
}

static const struct setting settings[] = {
    {"root", take_root, 0},
    {"iters", take_iters, 0},
    {"warmup", take_warmup, 0},
    {"signal", take_signal, 0},
    {"payload", take_payload, 0},
    {"window", take_window, 0},
    {"sync", take_sync, 0},
    {"win", take_win, 0},
    {"mode", take_mode, 0},
    {"tests", take_tests, 0},
    {"levels", take_levels, 0},
    {"seed", take_seed, 0},
    {"recv", take_recv, 0},
    {"partitions", take_partitions, 0},
    {"complete", take_complete, 0},
    {"inplace", take_inplace, 0},
    {"buffers", take_buffers, 0},
    {"threads", take_threads, 0},
    {"comm", take_comm, 0},
    {"cvar", take_cvar, 1},
};
enum { NSETTINGS = sizeof settings / sizeof settings[0] };

/* seen[i]: the column where setting i was given, 0 if not yet */
static void parse_setting(struct line_ctx *lc, struct record *r,
                          const struct token *t, int *seen)
{
    const char *eq = memchr(t->s, '=', (size_t)t->len);
    char word[64];
    token_str(t, word, sizeof word);
    if (!eq) {
        diag_add(lc->d, lc->line, t->col, "extra field '%s': a record has nine "
                 "fields, then only key=value settings (root=, iters=, warmup=, "
                 "signal=, payload=, window=, sync=, win=, mode=, tests=, levels=, "
                 "seed=, recv=, partitions=, complete=, inplace=, buffers=, threads=, "
                 "comm=, cvar=)", word);
        return;
    }
    struct token key = {t->s, (int)(eq - t->s), t->col};
    struct token val = {eq + 1, t->len - key.len - 1, t->col + key.len + 1};
    if (val.len == 0) {
        diag_add(lc->d, lc->line, val.col, "setting '%s' has no value", word);
        return;
    }
    const char *keys[NSETTINGS];
    for (int i = 0; i < NSETTINGS; i++) {
        keys[i] = settings[i].key;
        if (token_is(&key, settings[i].key)) {
            if (seen[i] && !settings[i].repeats)   /* root=1 root=0: last-wins, silently */
                diag_add(lc->d, lc->line, key.col, "%s= given twice (first at "
                         "column %d)", settings[i].key, seen[i]);
            else
                settings[i].take(lc, r, &key, &val);
            seen[i] = key.col;
            return;
        }
    }
    unknown_of(lc, &key, "setting", keys, NSETTINGS);
}

static void missing_fields(struct line_ctx *lc)
{
    const struct token *last = &lc->tok[lc->ntok - 1];
    diag_add(lc->d, lc->line, last->col + last->len + 1,
             "missing field '%s': a record has nine fields (call datatype "
             "min max incr value topology op stride), this one has %d",
             field_names[lc->ntok], lc->ntok);
}

void parse_fields(struct line_ctx *lc, struct record *r)
{
    const struct token *t = lc->tok;
    for (int f = 0; f < NFIELDS && f < lc->ntok; f++)
        r->col[f] = t[f].col;
    r->call = named(lc, &t[F_CALL], &call_table);
    if (lc->ntok > F_TYPE)
        r->dt = named(lc, &t[F_TYPE], &datatype_table);
    parse_range(lc, r);
    if (lc->ntok > F_TOPO)
        parse_topology(lc, r, &t[F_TOPO]);
    if (lc->ntok > F_OP && r->call)
        parse_op(lc, r, &t[F_OP]);
    if (lc->ntok > F_STRIDE)
        parse_number(lc, &t[F_STRIDE], "stride (bytes)", MAX_STRIDE, &r->stride);
    if (lc->ntok < NFIELDS)
        missing_fields(lc);
    int seen[NSETTINGS] = {0};
    for (int i = NFIELDS; i < lc->ntok; i++)
        parse_setting(lc, r, &t[i], seen);
    if (r->call && r->call->family == &family_rma && lc->ntok >= NFIELDS)
        check_one_sided(lc, r);
    if (lc->ntok >= NFIELDS)
        check_partitions(lc, r);
    /* the library's barrier sends no data of the record's: a size range
     * would label the same MPI_Barrier with bytes */
    if (r->pattern && !r->pattern->generate && !r->pattern_file[0] &&
        (r->min || r->max) && lc->ntok > F_MAX)
        diag_add(lc->d, lc->line, r->col[F_MIN], "MPI_Barrier carries no data: "
                 "write 0 0 as its sizes (the patterns take a payload range)");
    /* making a communicator or a session has no size: one would label the
     * same call with bytes (the WIN_* calls take the window's) */
    if (r->call && r->call->sizeless && (r->min || r->max) && lc->ntok > F_MAX)
        diag_add(lc->d, lc->line, r->col[F_MIN], "%s moves no data: write 0 0 as "
                 "its sizes (WIN_CREATE, WIN_ALLOCATE and WIN_FREE take the "
                 "window's size)", r->call->name);
}
