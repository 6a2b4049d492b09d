/* p2p_family.c: the point-to-point family's row (SEND ... BIBW_INIT,
 * PSEND: pair by pair, p2p_calls.c), its own settings (partitions= and
 * complete= of the partitioned calls, as rows into struct p2p_settings)
 * and its rule across a partitioned record's fields. */
#include "kernels/p2p_partitioned.h"

#include <jansson.h>
#include <stddef.h>
#include <stdlib.h>
#include "base/base.h"
#include "registry/settings.h"
#include "registry/sizes.h"


/* MPI_Psend_init's partitions are int; OSU's partitioned latency goes to 64 */
#define MAX_PARTITIONS 65536

static const char *const complete_words[] = {"wait", "parrived", NULL};

static const char *not_partitioned(const struct call *c)
{
    return c->mode == MODE_PARTITIONED ? NULL : " is not partitioned";
}

/* rpartitions= and threads= are shown only where written to differ from
 * their defaults (the receiver's count as the sender's, one thread) */
static int rpartitions_in_force(const struct record *r)
{
    return p2p_settings(r)->rpartitions != 0;
}

static int threads_in_force(const struct record *r)
{
    return p2p_settings(r)->threads > 1;
}

#define AT(field) offsetof(struct p2p_settings, field)

static const struct setting rows[] = {
    {.owner = &family_p2p, .key = "partitions", .kind = SETTING_COUNT, .store = STORE_INT,
     .offset = AT(partitions), .dflt = 1, .lo = 1, .hi = MAX_PARTITIONS,
     .refuse = not_partitioned,
     .help = "equal partitions a message (1)"},
    {.owner = &family_p2p, .key = "rpartitions", .kind = SETTING_COUNT, .store = STORE_INT,
     .offset = AT(rpartitions), .dflt = 0, .lo = 0, .hi = MAX_PARTITIONS,
     .refuse = not_partitioned,
     .in_force = rpartitions_in_force,
     .help = "the receiver's partitions, where they differ from the sender's (0: as "
             "partitions=)"},
    {.owner = &family_p2p, .key = "threads", .kind = SETTING_COUNT, .store = STORE_INT,
     .offset = AT(threads), .dflt = 1, .lo = 1, .hi = MAX_THREADS,
     .refuse = not_partitioned,
     .in_force = threads_in_force,
     .help = "threads marking a message's partitions ready, thread t every partition "
             "p with p mod threads = t (1)"},
    {.owner = &family_p2p, .key = "complete", .kind = SETTING_WORDS, .store = STORE_INT, .offset = AT(parrived),
     .words = complete_words, .what = "completion", .refuse = not_partitioned,
     .help = "the receiver completes by MPI_Wait, or polls MPI_Parrived first (wait)"},
};

/* A partitioned message splits into equal partitions, so every size the
 * record measures must be a multiple of partitions= (as OSU's partitioned
 * latency: a power-of-two message in 1 to 64 partitions); the first size
 * that is not is named */
static void validate(const struct record *r, rule_report report, void *ctx)
{
    int parts = p2p_settings(r)->partitions, rparts = p2p_recv_partitions(r);
    if (r->call->mode != MODE_PARTITIONED || (parts <= 1 && rparts <= 1) ||
        record_size_count(r) > MAX_SIZES)
        return;
    uint64_t *s = xmalloc_array(MAX_SIZES, sizeof *s);
    size_t n = record_sizes(r, s, MAX_SIZES);
    for (size_t i = 0; i < n; i++) {
        int bad = s[i] % (uint64_t)parts != 0 ? parts
                  : s[i] % (uint64_t)rparts != 0 ? rparts : 0;
        if (bad) {
            report(ctx, r->col[F_MIN], "%s splits each message into %d equal "
                   "partitions (%s=), but this range measures %llu elements: "
                   "every size must be a multiple of %d", r->call->name, bad,
                   bad == parts ? "partitions" : "rpartitions",
                   (unsigned long long)s[i], bad);
            break;
        }
    }
    free(s);
}

/* complete=parrived: every receive of the record times its early bird
 * (p2p_arrivals.h); PSEND's both partners, PBW's and PMSGRATE's
 * responder */
static int early_bird(const struct record *r)
{
    return r->call->mode == MODE_PARTITIONED && p2p_settings(r)->parrived;
}

/* the pair's leads since last asked: its state begins with them
 * (p2p_partitioned.h), made on the sides that receive */
static void leads(struct kernel *k, double *sum_s, long *count)
{
    if (k->priv)
        arrivals_take(k->priv, sum_s, count);
}

/* the family's per-point quantity (registry/point_extra.h) */
static const struct point_extra extras[] = {
    {.name = "early_lead_us", .unit = EXTRA_SECONDS,
     .doc = "the early bird (complete=parrived): on the receiver's own clock, "
            "from the first partition of a message it saw arrived (MPI_Parrived "
            "on every partition in turn) to the last; each receiving side's mean "
            "over its timed messages, then the mean over the receiving sides of "
            "the pairs (a ping-pong's two partners, a window's responder); exact "
            "to one pass over the partitions outstanding",
     .prose = "early-bird lead %s us", .given = "complete=parrived",
     .holds = early_bird, .take = leads},
    {0}};

/* the prose's sentence on the early bird */
static void say_early_bird(const struct record *r, FILE *prose)
{
    int window = call_has(r->call, CALL_WINDOWED);
    if (!early_bird(r))
        return;
    fprintf(prose, "  Early bird: %s polls MPI_Parrived on every partition %s in "
            "turn and notes, on its own clock, when it first sees a message's first "
            "partition arrived and when its last; the early-bird lead is the "
            "difference, its mean over the timed messages and then over %s "
            "(early_lead_us; exact to one pass over the partitions outstanding).\n",
            window ? "the responder" : "each partner", window ? "of its window"
            : "of the message it receives", window ? "the pairs" : "both partners "
            "of every pair");
}

/* a partitioned record's partitions and completion: run.json's
 * "partitions", the "# partitions:" line and the early bird's sentence */
static void describe(const struct record *r, int p, struct json_t *o, FILE *header,
                     FILE *prose)
{
    (void)p;
    if (r->call->mode != MODE_PARTITIONED)
        return;
    const struct p2p_settings *s = p2p_settings(r);
    int rparts = p2p_recv_partitions(r);
    json_object_set_new(o, "partitions", json_pack("{s:i,s:i,s:i,s:s}", "count",
                        s->partitions, "receiver_count", rparts,
                        "threads", s->threads > 1 ? s->threads : 1,
                        "complete", s->parrived ? "parrived" : "wait"));
    fprintf(header, "# partitions: %d equal partitions a message (partitions=)", s->partitions);
    if (rparts != s->partitions)
        fprintf(header, ", received as %d (rpartitions=)", rparts);
    if (s->threads > 1)
        fprintf(header, ", marked ready by %d threads (threads=; thread t the "
                "partitions p with p mod %d = t)", s->threads, s->threads);
    fprintf(header, ", the receiver completing by %s\n", s->parrived
            ? "polling MPI_Parrived on every partition in turn until all have "
              "arrived, then MPI_Wait (complete=parrived; early_lead_us: its "
              "first partition seen arrived to its last)"
            : "MPI_Wait (complete=wait)");
    say_early_bird(r, prose);
}

/* threads=: the sender's threads need MPI_THREAD_MULTIPLE from 2 on (the
 * plan skips the record where the library gave less); they make no
 * samples of their own: the message is the sample */
static int p2p_threads(const struct record *r)
{
    return r->call->mode == MODE_PARTITIONED && p2p_settings(r)->threads > 1
           ? p2p_settings(r)->threads : 1;
}

const struct family family_p2p = {
    .name = "point-to-point", .way = WAY_PAIRS, .per = "call",
    .moves_data = 1, .named_receives = 1, .bytes_per_us = BYTES_PER_US, .passes = 1,
    .settings = rows, .nsettings = sizeof rows / sizeof rows[0],
    .own_size = OWN_SIZE(struct p2p_settings),
    .validate = validate,
    .threads = p2p_threads, .extras = extras,
    .describe = describe};
