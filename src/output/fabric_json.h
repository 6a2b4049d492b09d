/* fabric_json.h: the fabric calls' part of a record in run.json
 * (fabric_json.c) */
#ifndef MPIGAUGE_FABRIC_JSON_H
#define MPIGAUGE_FABRIC_JSON_H

#include <jansson.h>
#include <stdio.h>
#include "output/output.h"

/* adds "fabric": {"streams", "seed", "matchings", "matrix"} to a
 * record's object o where its call counts streams (FAN_IN, FAN_OUT,
 * PERMUTATION, SHIFT), and for FAN_IN "root_slots": {"slots", "senders",
 * "senders_at_a_time", "in_turns"}; nothing for the others */
void fabric_json_add(json_t *o, const struct result *res);

/* FAN_IN's "# fan-in:" header line: how its root's receive slots are
 * shared among the senders */
void fabric_header_lines(FILE *f, const struct result *res);

#endif
