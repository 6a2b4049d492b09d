/* fabric_json.h: the fabric calls' part of a record in run.json
 * (fabric_json.c) */
#ifndef MPIGAUGE_FABRIC_JSON_H
#define MPIGAUGE_FABRIC_JSON_H

#include <jansson.h>
#include "output/output.h"

/* {"streams", "seed", "matchings", "matrix"} for a call that counts
 * streams (FAN_IN, FAN_OUT, PERMUTATION, SHIFT), else NULL */
json_t *fabric_json(const struct result *res);

#endif
