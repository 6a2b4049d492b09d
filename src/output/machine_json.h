/* machine_json.h: run.json's facts of the machine and the launch
 * (machine_json.c) */
#ifndef MPIGAUGE_MACHINE_JSON_H
#define MPIGAUGE_MACHINE_JSON_H

#include <jansson.h>
#include "result/result.h"

/* adds the MPI library and version, the ranks, grid, hosts and every
 * rank's place, nodes, cores and bindings (ranks bound to a core, ranks
 * sharing one: world/core_share.h), and "simulation" to run.json's root,
 * in that order */
void machine_json_add(json_t *root, const struct run_info *in);

#endif
