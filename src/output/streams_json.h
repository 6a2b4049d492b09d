/* streams_json.h: run.json's "fabric" object of a record whose call
 * streams messages at once, and the facts its family adds to a record's
 * object (streams_json.c) */
#ifndef MPIGAUGE_STREAMS_JSON_H
#define MPIGAUGE_STREAMS_JSON_H

#include <jansson.h>
#include "output/output.h"

/* adds "fabric": {"streams", "seed", "matchings", "matrix"} to a
 * record's object o where its bandwidth is the aggregate of streams
 * (seed and matchings null unless its family gives them), then every
 * member its family's facts give (merged into objects of the same name:
 * the fabric family's seed, matchings and root_slots) */
void streams_json_add(json_t *o, const struct result *res);

#endif
