/* fabric_json.c: what run.json says of a fabric call beside its points:
 * the messages in flight at once, PERMUTATION's seed and matchings (each
 * a partner per communicator rank, -1 sitting out), SHIFT's matrix file,
 * FAN_IN's receive slots at the root (and its data files' "# fan-in:") */
#include "output/fabric_json.h"

#include "registry/settings.h"

#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "models/schedule.h"
#include "registry/record.h"

static int largest(const struct result *res)
{
    int p = 0;
    for (int i = 0; i < res->ncomm; i++)
        p = res->comm_sizes[i] > p ? res->comm_sizes[i] : p;
    return p;
}

static json_t *matchings(const struct result *res, int p)
{
    json_t *all = json_array();
    int *partner = xmalloc_array((size_t)p + 1, sizeof *partner);
    for (int i = 0; i < MATCHINGS; i++) {
        json_t *one = json_array();
        random_matching(p, (uint64_t)record_setting(res->rec, "seed", 0), i, partner);
        for (int r = 0; r < p; r++)
            json_array_append_new(one, json_integer(partner[r]));
        json_array_append_new(all, one);
    }
    free(partner);
    return all;
}

/* FAN_IN's root on p ranks: its slots, a window for each of how many
 * senders; 1 when the senders take turns in them */
static int root_slots(const struct result *res, int p, int *windows, int *slots)
{
    int bound = fan_in_windows();
    *windows = p < bound ? p : bound;
    *slots = *windows * res->rec->window;
    return p - 1 > *windows;
}

void fabric_header_lines(FILE *f, const struct result *res)
{
    int p = largest(res), windows, slots, w = res->rec->window;
    if (!res->holds.ring || p < 2)
        return;
    if (root_slots(res, p, &windows, &slots))
        fprintf(f, "# fan-in: the root receives into %d slots, window=%d for each of "
                "%d senders at a time; its %d senders take turns in them (message m of "
                "every sender, then m + 1), a slot posted again as soon as its message "
                "is in (MPI_Waitsome), so that the root's buffers do not grow with the "
                "ranks (--check verifies each message as it lands)\n", slots, w, windows,
                p - 1);
    else
        fprintf(f, "# fan-in: the root receives into a slot for every message of its "
                "%d senders (window=%d each, %d slots), all posted at once\n", p - 1, w,
                (p - 1) * w);
}

void fabric_json_add(json_t *rec, const struct result *res)
{
    const struct holds *h = &res->holds;
    if (!h->aggregate)
        return;
    int p = largest(res);
    json_t *o = json_object();
    json_object_set_new(o, "streams", json_integer(h->streams));
    json_object_set_new(o, "seed", h->matchings
                        ? json_integer((json_int_t)record_setting(res->rec, "seed", 0))
                        : json_null());
    json_object_set_new(o, "matchings", h->matchings ? matchings(res, p) : json_null());
    char name[sizeof res->file + 16];
    size_t stem = strlen(res->file) > 4 ? strlen(res->file) - 4 : 0;
    snprintf(name, sizeof name, "%.*s.matrix.dat", (int)stem, res->file);
    json_object_set_new(o, "matrix", h->matrix && res->file[0] ? json_string(name)
                                                              : json_null());
    if (h->ring && p > 1) {
        int windows, slots, turns = root_slots(res, p, &windows, &slots);
        json_object_set_new(o, "root_slots", json_pack("{s:i,s:i,s:i,s:b}", "slots",
                            turns ? slots : (p - 1) * res->rec->window, "senders",
                            p - 1, "senders_at_a_time", turns ? windows : p - 1,
                            "in_turns", turns));
    }
    json_object_set_new(rec, "fabric", o);
}
