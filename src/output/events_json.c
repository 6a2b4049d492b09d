/* events_json.c: run.json's "papi" (events_json.h) */
#include "output/events_json.h"

json_t *events_json(const struct events *ev)
{
    json_t *names = json_array(), *by = json_object();
    for (int i = 0; i < ev->n; i++) {
        json_array_append_new(names, json_string(ev->name[i]));
        json_object_set_new(by, ev->name[i], json_string(ev->backend[i]));
    }
    return json_pack("{s:o,s:o,s:s?}", "events", names, "backend", by,
                     "unavailable", ev->dropped[0] ? ev->dropped : NULL);
}
