/* fabric_json.c: what run.json says of a fabric call beside its points:
 * the messages in flight at once, PERMUTATION's seed and matchings (each
 * a partner per communicator rank, -1 sitting out), SHIFT's matrix file */
#include "output/fabric_json.h"

#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "models/schedule.h"

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
        random_matching(p, res->rec->seed, i, partner);
        for (int r = 0; r < p; r++)
            json_array_append_new(one, json_integer(partner[r]));
        json_array_append_new(all, one);
    }
    free(partner);
    return all;
}

void fabric_json_add(json_t *rec, const struct result *res)
{
    const struct call *c = res->rec->call;
    if (!c->streams)
        return;
    int p = largest(res);
    json_t *o = json_object();
    json_object_set_new(o, "streams", json_integer(c->streams(p)));
    json_object_set_new(o, "seed", c->seeded ? json_integer((json_int_t)res->rec->seed)
                                              : json_null());
    json_object_set_new(o, "matchings", c->seeded ? matchings(res, p) : json_null());
    char name[sizeof res->file + 16];
    size_t stem = strlen(res->file) > 4 ? strlen(res->file) - 4 : 0;
    snprintf(name, sizeof name, "%.*s.matrix.dat", (int)stem, res->file);
    json_object_set_new(o, "matrix", c->matrix && res->file[0] ? json_string(name)
                                                              : json_null());
    json_object_set_new(rec, "fabric", o);
}
