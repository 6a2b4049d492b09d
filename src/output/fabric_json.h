/* fabric_json.h: the fabric calls' part of a record in run.json
 * (fabric_json.c) */
#ifndef MPIGAUGE_FABRIC_JSON_H
#define MPIGAUGE_FABRIC_JSON_H

#include <jansson.h>
#include "output/output.h"

/* adds "fabric": {"streams", "seed", "matchings", "matrix"} to a
 * record's object o where its call counts streams (FAN_IN, FAN_OUT,
 * PERMUTATION, SHIFT); nothing for the others */
void fabric_json_add(json_t *o, const struct result *res);

#endif
