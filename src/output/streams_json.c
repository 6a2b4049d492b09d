/* streams_json.c: what run.json says beside a record's points of the
 * messages it has in flight at once (the aggregate's factor, the P x P
 * matrix file where it writes one), and the members its family's facts
 * give (registry/facts.c), merged in as they are */
#include "output/streams_json.h"

#include <string.h>
#include "registry/record.h"

void streams_json_add(json_t *rec, const struct result *res)
{
    const struct holds *h = &res->holds;
    if (h->aggregate) {
        json_t *o = json_object();
        json_object_set_new(o, "streams", json_integer(h->streams));
        json_object_set_new(o, "seed", json_null());
        json_object_set_new(o, "matchings", json_null());
        char name[sizeof res->file + 16];
        size_t stem = strlen(res->file) > 4 ? strlen(res->file) - 4 : 0;
        snprintf(name, sizeof name, "%.*s.matrix.dat", (int)stem, res->file);
        json_object_set_new(o, "matrix", h->matrix && res->file[0] ? json_string(name)
                                                                  : json_null());
        json_object_set_new(rec, "fabric", o);
    }
    if (res->facts.json)
        json_object_update_recursive(rec, res->facts.json);
}
