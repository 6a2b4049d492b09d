/* events_json.h: run.json's "papi": the counter events a run asked for,
 * the back end that counts each, and the ones it could not */
#ifndef MPIGAUGE_EVENTS_JSON_H
#define MPIGAUGE_EVENTS_JSON_H

#include <jansson.h>
#include "result/result.h"

json_t *events_json(const struct events *ev);

#endif
