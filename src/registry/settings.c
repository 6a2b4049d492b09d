/* settings.c: the record settings, one row each (settings.h says what
 * the fields mean).  A row names the field it fills, its bounds or
 * words, its default, which calls take it and one line of help; the
 * parser, --list, the reference and the tests read nothing else.  The
 * rows are grouped by who owns the setting: every call, then the calls
 * with a capability (a root, a window, a non-blocking post), then one
 * family's own. */
#include "registry/settings.h"

#include <stdio.h>
#include <string.h>
#include "models/schedule.h"
#include "registry/record.h"

/* ---- which calls take a setting: NULL, or why not ------------------------ */
static const char *no_root(const struct call *c)
{
    return call_has(c, CALL_ROOTED) ? NULL : " has no root";
}

static const char *no_signals(const struct call *c)
{
    return c->opk == OPK_PATTERN ? NULL : " sends no barrier signals";
}

static const char *no_window(const struct call *c)
{
    return call_has(c, CALL_WINDOWED) || c->family->always_windowed ? NULL
         : " sends no window of messages";
}

static const char *not_one_sided(const struct call *c)
{
    return c->family == &family_rma ? NULL : " is not one-sided";
}

static const char *not_nonblocking(const struct call *c)
{
    return c->post ? NULL : " is not a non-blocking collective";
}

static const char *no_bsp(const struct call *c)
{
    return call_has(c, CALL_BSP) ? NULL : " fits no BSP parameters";
}

static const char *not_seeded(const struct call *c)
{
    return call_has(c, CALL_SEEDED) ? NULL : " draws nothing at random";
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

static const char *not_partitioned(const struct call *c)
{
    return c->mode == MODE_PARTITIONED ? NULL : " is not partitioned";
}

static const char *no_in_place(const struct call *c)
{
    return call_has(c, CALL_IN_PLACE) ? NULL : " takes no MPI_IN_PLACE here";
}

static const char *no_receive_window(const struct call *c)
{
    return streams_receives(c) ? NULL : " streams no window of receives";
}

static const char *one_thread(const struct call *c)
{
    return c->family->threaded ? NULL : " runs on one thread";
}

/* ---- the words a setting takes, in the order of their enum --------------- */
static const char *const signal_words[] = {"send", "ssend", NULL};
static const char *const payload_words[] = {"uniform", "exchange", NULL};
static const char *const sync_words[] = {"flush", "flush_local", "lock", "lock_shared",
                                         "lock_all", "fence", "pscw", NULL};
static const char *const win_words[] = {"create", "allocate", "dynamic", NULL};
static const char *const mode_words[] = {"latency", "bw", "bibw", NULL};
static const char *const levels_words[] = {"hw", NULL};
static const char *const recv_words[] = {"named", "any_source", "any_tag", "any", NULL};
static const char *const complete_words[] = {"wait", "parrived", NULL};
static const char *const inplace_words[] = {"0", "1", NULL};
static const char *const buffers_words[] = {"single", "multiple", NULL};
static const char *const comm_words[] = {"shared", "per-thread", NULL};

#define AT(field) offsetof(struct record, field)

/* the words are stored as int: every enum the rows fill must be one */
_Static_assert(sizeof(enum rma_sync) == sizeof(int) && sizeof(enum buffers) == sizeof(int) &&
               sizeof(enum signal_mode) == sizeof(int) && sizeof(enum thread_comm) == sizeof(int),
               "a setting's enum is not int-sized");

static const char RMA_CALLS[] = "PUT, GET, ACCUMULATE, GET_ACCUMULATE, FETCH_AND_OP and "
                                "COMPARE_AND_SWAP";
static const char MT_CALLS[] = "LATENCY_MT, BW_MT and MSGRATE_MT";

const struct setting setting_table[] = {
    /* every call */
    {.key = "root", .kind = SETTING_CUSTOM, .store = STORE_INT, .offset = AT(root),
     .refuse = no_root, .applies = "BCAST, GATHER(V), SCATTER(V) and REDUCE",
     .value_help = "N|rotate", .help = "the root rank (rotate: call i's root is i mod P, as IMB)"},
    {.key = "iters", .kind = SETTING_COUNT, .store = STORE_LONG, .offset = AT(iters),
     .dflt = -1, .lo = 1, .hi = 1u << 30,
     .help = "timed iterations a size (fixed; otherwise --iters or adaptive)"},
    {.key = "warmup", .kind = SETTING_COUNT, .store = STORE_LONG, .offset = AT(warmup),
     .dflt = -1, .lo = 0, .hi = 1u << 30,
     .help = "untimed iterations before them"},
    /* barrier patterns */
    {.key = "signal", .kind = SETTING_WORDS, .store = STORE_INT, .offset = AT(signal),
     .words = signal_words, .what = "signal mode", .refuse = no_signals,
     .applies = "BARRIER patterns",
     .help = "a pattern's signals in standard or synchronous mode"},
    {.key = "payload", .kind = SETTING_WORDS, .store = STORE_INT, .offset = AT(payload),
     .words = payload_words, .what = "payload mode", .refuse = no_signals,
     .applies = "BARRIER patterns",
     .help = "n elements on every signal, or a total exchange"},
    /* the calls that stream */
    {.key = "window", .kind = SETTING_COUNT, .store = STORE_INT, .offset = AT(window),
     .dflt = DEFAULT_WINDOW, .lo = 1, .hi = MAX_WINDOW, .refuse = no_window,
     .applies = "BW, BIBW, MSGRATE, the fabric calls and one-sided calls",
 .help = "messages in flight at once (64)"},
    /* one-sided */
    {.key = "sync", .kind = SETTING_WORDS, .store = STORE_INT, .offset = AT(sync),
     .words = sync_words, .what = "synchronisation", .refuse = not_one_sided,
     .applies = RMA_CALLS,
     .help = "how an epoch is synchronised (flush)"},
    {.key = "win", .kind = SETTING_WORDS, .store = STORE_INT, .offset = AT(win),
     .words = win_words, .what = "window kind", .refuse = not_one_sided,
     .applies = RMA_CALLS,
     .help = "how the window is made (create)"},
    {.key = "mode", .kind = SETTING_WORDS, .store = STORE_INT, .offset = AT(rma),
     .words = mode_words, .what = "one-sided mode", .refuse = not_one_sided,
     .applies = RMA_CALLS,
     .help = "one operation at a time, a window, or a window each way (latency)"},
    /* non-blocking collectives */
    {.key = "tests", .kind = SETTING_COUNT, .store = STORE_INT, .offset = AT(tests),
     .lo = 0, .hi = 1000000, .refuse = not_nonblocking,
     .applies = "IBCAST, IALLREDUCE and the other I... calls",
     .help = "MPI_Test calls while computing (0)"},
    /* HRELATION */
    {.key = "levels", .kind = SETTING_WORDS, .store = STORE_INT, .offset = AT(levels),
     .words = levels_words, .first = 1, .what = "levels value", .refuse = no_bsp,
     .applies = "HRELATION",
     .help = "BSP's g and l per hardware level too (a last-level cache, a package, a node)"},
    /* PERMUTATION */
    {.key = "seed", .kind = SETTING_COUNT, .store = STORE_U64, .offset = AT(seed),
     .dflt = MATCHING_SEED, .lo = 0, .hi = UINT32_MAX, .refuse = not_seeded,
     .applies = "PERMUTATION", .help = "the seed of its matchings (1)"},
    /* point-to-point */
    {.key = "recv", .kind = SETTING_WORDS, .store = STORE_INT, .offset = AT(recv),
     .words = recv_words, .what = "receive matching", .refuse = no_named_receives,
     .applies = "the point-to-point and streaming calls (SEND ... BIBW_INIT, MSGRATE, "
                "MULTI_LATENCY; not PSEND)",

     .help = "what a data receive matches (named)"},
    {.key = "partitions", .kind = SETTING_COUNT, .store = STORE_INT,
     .offset = AT(partitions), .dflt = 1, .lo = 1, .hi = MAX_PARTITIONS,
     .refuse = not_partitioned, .applies = "PSEND",
     .help = "equal partitions a message (1)"},
    {.key = "complete", .kind = SETTING_WORDS, .store = STORE_INT, .offset = AT(parrived),
     .words = complete_words, .what = "completion", .refuse = not_partitioned,
     .applies = "PSEND",
     .help = "the receiver completes by MPI_Wait, or polls MPI_Parrived first (wait)"},
    /* collectives */
    {.key = "inplace", .kind = SETTING_WORDS, .store = STORE_INT, .offset = AT(inplace),
     .words = inplace_words, .what = "inplace value", .refuse = no_in_place,
     .applies = "ALLREDUCE, REDUCE, SCAN, EXSCAN, ALLGATHER and ALLTOALL",
 .help = "MPI_IN_PLACE where MPI allows it (0)"},
    {.key = "buffers", .kind = SETTING_WORDS, .store = STORE_INT, .offset = AT(buffers),
     .words = buffers_words, .first = BUFFERS_SINGLE, .what = "buffers value",
     .refuse = no_receive_window,
     .applies = "BW, BIBW, BW_INIT, BIBW_INIT, MSGRATE and MULTI_BIBW",

     .help = "a window's receives into one buffer, or every message in a slot of its own"},
    /* threaded */
    {.key = "threads", .kind = SETTING_COUNT, .store = STORE_INT, .offset = AT(threads),
     .dflt = DEFAULT_THREADS, .lo = 1, .hi = MAX_THREADS, .refuse = one_thread,
     .applies = MT_CALLS, .help = "threads per rank of a pair (2)"},
    {.key = "comm", .kind = SETTING_WORDS, .store = STORE_INT, .offset = AT(tcomm),
     .words = comm_words, .what = "thread communicator", .refuse = one_thread,
     .applies = MT_CALLS,
     .help = "every thread on the pair's communicator, or one each (shared)"},
    /* the chain family (kernels/chain.c) */
    {.key = "distance", .kind = SETTING_COUNT, .store = STORE_INT, .offset = AT(distance),
     .dflt = 1, .lo = 1, .hi = 1u << 30, .owner = "chain",
     .applies = "SENDRECV_CHAIN and EXCHANGE",
     .help = "the neighbours' distance along the periodic chain (1)"},
    /* the library's own */
    {.key = "cvar", .kind = SETTING_CUSTOM, .store = STORE_NONE, .repeats = 1,
     .value_help = "NAME:VALUE",
     .help = "an MPI_T control variable set for the record (up to 8)"},
};
const size_t setting_count = sizeof setting_table / sizeof setting_table[0];

const struct setting *setting_find(const char *key)
{
    for (size_t i = 0; i < setting_count; i++)
        if (strcmp(setting_table[i].key, key) == 0)
            return &setting_table[i];
    return NULL;
}

/* why c does not take s: its refusal, or for a setting a family owns
 * (by name, so that the family's file alone defines the family) that it
 * is another family's */
const char *setting_refusal(const struct setting *s, const struct call *c)
{
    static char text[96];
    if (s->refuse)
        return s->refuse(c);
    if (s->owner && strcmp(c->family->name, s->owner) != 0) {
        snprintf(text, sizeof text, " is not a %s call", s->owner);
        return text;
    }
    return NULL;
}

int setting_takes(const struct setting *s, const struct call *c)
{
    return setting_refusal(s, c) == NULL;
}

long long setting_get(const struct setting *s, const struct record *r)
{
    const char *at = (const char *)r + s->offset;
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
    char *at = (char *)r + s->offset;
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

void settings_defaults(struct record *r)
{
    for (size_t i = 0; i < setting_count; i++)
        if (setting_table[i].store != STORE_NONE)
            setting_put(&setting_table[i], r, setting_table[i].dflt);
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
        snprintf(out, len, "N (%llu to %llu)", (unsigned long long)s->lo,
                 (unsigned long long)s->hi);
    else
        snprintf(out, len, "%s", s->value_help);
}

