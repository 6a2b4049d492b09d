/* fabric_facts.c: what the fabric family says of a record beyond its
 * settings (its describe hook): PERMUTATION's matchings drawn from seed=
 * (run.json's fabric.seed and fabric.matchings, each a partner per
 * communicator rank, -1 sitting out; the "# permutations:" line and the
 * prose's sentence), FAN_IN's receive slots at the root (fabric.root_slots
 * and the "# fan-in:" line) */
#include "kernels/fabric.h"

#include <jansson.h>
#include <stdlib.h>
#include "base/base.h"
#include "models/schedule.h"

/* the most ranks whose matchings the text lists pair by pair (a line of
 * some 800 characters); past it run.json has them */
#define LISTED_RANKS 64

/* "seed S, 4 random perfect matchings ...: 0-3 1-2 | ..." */
static void matchings_text(const struct record *r, int p, FILE *f)
{
    uint64_t seed = fabric_settings(r)->seed;
    fprintf(f, "seed %llu, %d random perfect matchings a size of the communicator's "
            "%d ranks:", (unsigned long long)seed, MATCHINGS, p);
    if (p > LISTED_RANKS) {
        fprintf(f, " each a partner per rank in run.json's fabric.matchings");
        return;
    }
    int *partner = xmalloc_array((size_t)p + 1, sizeof *partner);
    for (int i = 0; i < MATCHINGS; i++) {
        random_matching(p, seed, i, partner);
        fprintf(f, i ? " |" : "");
        for (int k = 0; k < p; k++)
            if (partner[k] > k)
                fprintf(f, " %d-%d", k, partner[k]);
    }
    free(partner);
}

static json_t *matchings_json(const struct record *r, int p)
{
    json_t *all = json_array();
    int *partner = xmalloc_array((size_t)p + 1, sizeof *partner);
    for (int i = 0; i < MATCHINGS; i++) {
        json_t *one = json_array();
        random_matching(p, fabric_settings(r)->seed, i, partner);
        for (int k = 0; k < p; k++)
            json_array_append_new(one, json_integer(partner[k]));
        json_array_append_new(all, one);
    }
    free(partner);
    return all;
}

static void describe_matchings(const struct record *r, int p, json_t *fabric,
                               FILE *header, FILE *prose)
{
    json_object_set_new(fabric, "seed", json_integer((json_int_t)fabric_settings(r)->seed));
    json_object_set_new(fabric, "matchings", matchings_json(r, p));
    fprintf(header, "# permutations: ");
    matchings_text(r, p, header);
    fprintf(header, "\n");
    fprintf(prose, "  Permutations: ");
    matchings_text(r, p, prose);
    fprintf(prose, ".\n");
}

/* FAN_IN's root on p ranks: a window of slots for each of at most
 * fan_in_windows() senders; more senders take turns in them */
static void describe_root_slots(const struct record *r, int p, json_t *fabric,
                                FILE *header)
{
    int bound = fan_in_windows(), w = r->window;
    int windows = p < bound ? p : bound, slots = windows * w;
    int turns = p - 1 > windows;
    if (turns)
        fprintf(header, "# fan-in: the root receives into %d slots, window=%d for each "
                "of %d senders at a time; its %d senders take turns in them (message m "
                "of every sender, then m + 1), a slot posted again as soon as its "
                "message is in (MPI_Waitsome), so that the root's buffers do not grow "
                "with the ranks (--check verifies each message as it lands)\n", slots, w,
                windows, p - 1);
    else
        fprintf(header, "# fan-in: the root receives into a slot for every message of "
                "its %d senders (window=%d each, %d slots), all posted at once\n", p - 1,
                w, (p - 1) * w);
    json_object_set_new(fabric, "root_slots", json_pack("{s:i,s:i,s:i,s:b}", "slots",
                        turns ? slots : (p - 1) * w, "senders", p - 1,
                        "senders_at_a_time", turns ? windows : p - 1, "in_turns", turns));
}

void fabric_describe(const struct record *r, int p, struct json_t *o, FILE *header,
                     FILE *prose)
{
    json_t *fabric = json_object();
    if (call_has(r->call, CALL_SEEDED) && p > 0)
        describe_matchings(r, p, fabric, header, prose);
    if (call_has(r->call, CALL_RING) && p > 1)
        describe_root_slots(r, p, fabric, header);
    json_object_set_new(o, "fabric", fabric);
}
