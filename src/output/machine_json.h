/* machine_json.h: run.json's facts of the machine and the launch
 * (machine_json.c) */
#ifndef MPIGAUGE_MACHINE_JSON_H
#define MPIGAUGE_MACHINE_JSON_H

#include <jansson.h>
#include "result/result.h"

/* adds the MPI library and version, the ranks, the grid, hosts and
 * every rank's place, the ranks bound to a core, the nodes and cores,
 * the ranks sharing a core's CPUs (base/core_sharing.h) and
 * "simulation" to run.json's root */
void machine_json_add(json_t *root, const struct run_info *in);

#endif
