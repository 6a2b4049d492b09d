/* setting_rows.c: the record settings every family may take, one row each
 * (settings.h says what the fields mean), and the walk over them and the
 * families' own rows.  A row names the field it fills, its bounds or
 * words, its default, which calls take it and one line of help; the
 * parser, --list, the reference and the tests read nothing else.  The
 * common rows are grouped by who takes them: every call, then the calls
 * with a capability (a root, a window, a non-blocking post). */
#include "registry/settings.h"

#include <stdio.h>
#include <string.h>
#include "registry/record.h"

/* ---- which calls take a setting: NULL, or why not ------------------------ */
static const char *no_root(const struct call *c)
{
    return call_has(c, CALL_ROOTED) ? NULL : " has no root";
}

static const char *no_window(const struct call *c)
{
    return call_has(c, CALL_WINDOWED) || c->family->always_windowed ? NULL
         : " sends no window of messages";
}

static const char *no_named_receives(const struct call *c)
{
    if (!c->family->named_receives)
        return "'s receives are not the point-to-point kind recv= widens";
    if (c->mode == MODE_PARTITIONED)
        return " cannot receive from anyone: MPI 4.0 allows no MPI_ANY_SOURCE or "
               "MPI_ANY_TAG in MPI_Precv_init";
    return NULL;
}

static const char *no_in_place(const struct call *c)
{
    return call_has(c, CALL_IN_PLACE) ? NULL : " takes no MPI_IN_PLACE here";
}

static const char *no_device_memory(const struct call *c)
{
    return call_has(c, CALL_DEVICE) ? NULL : " takes no device buffers here";
}

static const char *no_sides(const struct call *c)
{
    return call_has(c, CALL_DEVICE_PAIR) ? NULL : " has no responder's buffers";
}

/* shown where written (or given by --mem) */
static int mem_in_force(const struct record *r)
{
    return r->mem >= 0;
}

static int rmem_in_force(const struct record *r)
{
    return r->rmem >= 0;
}

static int staged_in_force(const struct record *r)
{
    return r->staged;
}

static const char *no_mockups(const struct call *c)
{
    return c->mockups ? NULL : " has no mock-up of other collectives here";
}

static const char *no_receive_window(const struct call *c)
{
    return streams_receives(c) ? NULL : " streams no window of receives";
}

/* window= is in force where the call streams a window (one-sided's
 * mode=latency times one operation at a time, whatever window= says) */
static int window_in_force(const struct record *r)
{
    return call_has(r->call, CALL_WINDOWED) || record_window(r) > 1;
}

/* compose= is shown where it was turned on (compose=1), as a mode */
static int compose_in_force(const struct record *r)
{
    return r->compose != 0;
}

/* ---- the words a setting takes, in the order of their enum --------------- */
static const char *const recv_words[] = {"named", "any_source", "any_tag", "any", NULL};
static const char *const inplace_words[] = {"0", "1", NULL};
static const char *const compose_words[] = {"0", "1", NULL};
static const char *const buffers_words[] = {"single", "multiple", NULL};
static const char *const mem_words[] = {"host", "device", "managed", NULL};
static const char *const staged_words[] = {"0", "1", NULL};

#define AT(field) offsetof(struct record, field)

/* the words are stored as int: every enum the rows fill must be one */
_Static_assert(sizeof(enum buffers) == sizeof(int), "a setting's enum is not int-sized");


/* cvar=NAME:VALUE: struct record's cvar[] (the plan finds the variable
 * and reads VALUE: world/mpit.c) */
static const struct setting_pairs cvar_pairs = {
    .max = MAX_RECORD_CVARS, .count = AT(ncvars),
    SETTING_PAIRS_OF(struct record_cvar, name, value, col), .key_word = "name",
    .example = "an MPI_T control variable and its value, e.g. "
               "MPIR_CVAR_ALLREDUCE_INTRA_ALGORITHM:recursive_doubling"};

static const struct setting common[] = {
    /* every call */
    {.key = "root", .kind = SETTING_CUSTOM, .store = STORE_INT, .offset = AT(root),
     .refuse = no_root,
     .value_help = "N|rotate", .help = "the root rank (rotate: call i's root is i mod P, as IMB)"},
    {.key = "iters", .kind = SETTING_COUNT, .store = STORE_LONG, .offset = AT(iters),
     .dflt = -1, .lo = 1, .hi = 1u << 30,
     .help = "timed iterations a size (fixed; otherwise --iters or adaptive)"},
    {.key = "warmup", .kind = SETTING_COUNT, .store = STORE_LONG, .offset = AT(warmup),
     .dflt = -1, .lo = 0, .hi = 1u << 30,
     .help = "untimed iterations before them"},
    {.key = "sizes", .kind = SETTING_CUSTOM, .store = STORE_NONE,
     .value_help = "a,b,c|path",
     .help = "exactly these element counts (a list, or a file of them), rising, "
             "within min and max, instead of the ADD/MUL steps"},
    /* the calls that stream */
    {.key = "window", .kind = SETTING_COUNT, .store = STORE_INT, .offset = AT(window),
     .dflt = DEFAULT_WINDOW, .lo = 1, .hi = MAX_WINDOW, .refuse = no_window,
     .in_force = window_in_force,
 .help = "messages in flight at once (64)"},
    /* point-to-point */
    {.key = "recv", .kind = SETTING_WORDS, .store = STORE_INT, .offset = AT(recv),
     .words = recv_words, .what = "receive matching", .refuse = no_named_receives,
     .help = "what a data receive matches (named)"},
    /* collectives */
    {.key = "inplace", .kind = SETTING_WORDS, .store = STORE_INT, .offset = AT(inplace),
     .words = inplace_words, .what = "inplace value", .refuse = no_in_place,
 .help = "MPI_IN_PLACE where MPI allows it (0)"},
    {.key = "compose", .kind = SETTING_WORDS, .store = STORE_INT, .offset = AT(compose),
     .words = compose_words, .what = "compose value", .refuse = no_mockups,
     .in_force = compose_in_force,
     .help = "timed against its mock-ups made of other collectives too (0)"},
    {.key = "buffers", .kind = SETTING_WORDS, .store = STORE_INT, .offset = AT(buffers),
     .words = buffers_words, .first = BUFFERS_SINGLE, .what = "buffers value",
     .refuse = no_receive_window,
     .help = "a window's receives into one buffer, or every message in a slot of its own"},
    /* device buffers (kernels/device.c) */
    {.key = "mem", .kind = SETTING_WORDS, .store = STORE_INT, .offset = AT(mem),
     .words = mem_words, .dflt = -1, .what = "memory kind", .refuse = no_device_memory,
     .in_force = mem_in_force,
     .help = "where the buffers are: host, GPU device memory or managed memory (--mem's, "
             "else host); on a pair, the initiator's (OSU's first -d letter)"},
    {.key = "rmem", .kind = SETTING_WORDS, .store = STORE_INT, .offset = AT(rmem),
     .words = mem_words, .dflt = -1, .what = "memory kind", .refuse = no_sides,
     .in_force = rmem_in_force,
     .help = "the responder's buffers on a pair, where they differ from mem= "
             "(OSU's second letter: mem=device rmem=host is D H)"},
    {.key = "staged", .kind = SETTING_WORDS, .store = STORE_INT, .offset = AT(staged),
     .words = staged_words, .what = "staged value", .refuse = no_device_memory,
     .in_force = staged_in_force,
     .help = "1: device buffers go through host copies (device to host, the call, host "
             "to device) inside the timing, for an MPI that is not GPU-aware (0)"},
    /* the library's own */
    {.key = "cvar", .kind = SETTING_PAIRS, .store = STORE_NONE, .offset = AT(cvar),
     .pairs = &cvar_pairs, .value_help = "NAME:VALUE",
     .help = "an MPI_T control variable set for the record (up to 8)"},
};
static const size_t ncommon = sizeof common / sizeof common[0];

size_t settings_common_count(void)
{
    return ncommon;
}

const struct setting *setting_common(size_t i)
{
    return i < ncommon ? &common[i] : NULL;
}

/* a family row's place: before the common row named key (NULL: last) */
static int placed(const struct setting *s, const char *key)
{
    return s->before && key ? strcmp(s->before, key) == 0 : s->before == key;
}

const struct setting *record_setting_at(const struct record *r, size_t i)
{
    const struct family *f = r->call ? r->call->family : NULL;
    size_t n = 0;
    for (size_t c = 0; c <= ncommon; c++) {
        const char *key = c < ncommon ? common[c].key : NULL;
        for (int k = 0; f && k < f->nsettings; k++)
            if (placed(&f->settings[k], key) && n++ == i)
                return &f->settings[k];
        if (c < ncommon && n++ == i)
            return &common[c];
    }
    return NULL;
}

const struct setting *record_setting_row(const struct record *r, const char *key)
{
    const struct setting *s;
    for (size_t i = 0; (s = record_setting_at(r, i)) != NULL; i++)
        if (strcmp(s->key, key) == 0)
            return s;
    return NULL;
}

long long record_setting_value(const struct record *r, const char *key)
{
    const struct setting *s = record_setting_row(r, key);
    return s && r->call && setting_takes(s, r->call) ? setting_get(s, r) : 0;
}

const char *record_setting_word(const struct record *r, const char *key)
{
    const struct setting *s = record_setting_row(r, key);
    return s && r->call && setting_takes(s, r->call) ? setting_word(s, r) : NULL;
}

/* why c does not take s: the row's refusal, or for a setting a family
 * owns that c is another family's */
const char *setting_refusal(const struct setting *s, const struct call *c)
{
    static char text[96];
    const char *why = s->refuse ? s->refuse(c) : NULL;
    if (why)
        return why;
    if (s->owner && c->family != s->owner) {
        snprintf(text, sizeof text, " is not a %s call", s->owner->name);
        return text;
    }
    return NULL;
}

int setting_takes(const struct setting *s, const struct call *c)
{
    return setting_refusal(s, c) == NULL;
}

/* where s's field is in r: the record, or the family's own struct */
static const unsigned char *field_of(const struct setting *s, const struct record *r)
{
    const unsigned char *base = s->owner ? r->own.bytes : (const unsigned char *)r;
    return base + s->offset;
}

long long setting_get(const struct setting *s, const struct record *r)
{
    const unsigned char *at = field_of(s, r);
    long l;
    uint64_t u;
    int i;
    switch (s->store) {
    case STORE_LONG:
        memcpy(&l, at, sizeof l);
        return l;
    case STORE_U64:
        memcpy(&u, at, sizeof u);
        return (long long)u;
    case STORE_INT:
        memcpy(&i, at, sizeof i);
        return i;
    default:
        return 0;
    }
}

void setting_put(const struct setting *s, struct record *r, long long v)
{
    unsigned char *at = (unsigned char *)field_of(s, r);
    long l = (long)v;
    uint64_t u = (uint64_t)v;
    int i = (int)v;
    switch (s->store) {
    case STORE_LONG:
        memcpy(at, &l, sizeof l);
        break;
    case STORE_U64:
        memcpy(at, &u, sizeof u);
        break;
    case STORE_INT:
        memcpy(at, &i, sizeof i);
        break;
    case STORE_NONE:
        break;
    }
}

int setting_get_second(const struct setting *s, const struct record *r)
{
    int v = 0;
    if (s->second) {
        const unsigned char *base = s->owner ? r->own.bytes : (const unsigned char *)r;
        memcpy(&v, base + s->second, sizeof v);
    }
    return v;
}

void setting_put_second(const struct setting *s, struct record *r, int v)
{
    if (!s->second)
        return;
    unsigned char *base = s->owner ? r->own.bytes : (unsigned char *)r;
    memcpy(base + s->second, &v, sizeof v);
}

void settings_defaults(struct record *r)
{
    for (size_t i = 0; i < ncommon; i++)
        if (common[i].store != STORE_NONE)
            setting_put(&common[i], r, common[i].dflt);
    memset(&r->own, 0, sizeof r->own);
    const struct family *f = r->call ? r->call->family : NULL;
    for (int i = 0; f && i < f->nsettings; i++)
        if (f->settings[i].store != STORE_NONE)
            setting_put(&f->settings[i], r, f->settings[i].dflt);
}

const char *setting_word(const struct setting *s, const struct record *r)
{
    if (s->kind != SETTING_WORDS)
        return NULL;
    long long k = setting_get(s, r) - s->first;
    for (long long i = 0; s->words[i]; i++)
        if (i == k)
            return s->words[i];
    return NULL;
}

/* "send|ssend" for a setting of words, "N (1 to 4096)" for a count */
void setting_values_text(const struct setting *s, char *out, size_t len)
{
    size_t at = 0;
    out[0] = 0;
    if (s->kind == SETTING_WORDS)
        for (int i = 0; s->words[i] && at < len; i++)
            at += (size_t)snprintf(out + at, len - at, "%s%s", i ? "|" : "", s->words[i]);
    else if (s->kind == SETTING_COUNT)
        snprintf(out, len, "%s (%llu to %llu)", s->second ? "N or S:R" : "N",
                 (unsigned long long)s->lo,
                 (unsigned long long)s->hi);
    else
        snprintf(out, len, "%s", s->value_help);
}

