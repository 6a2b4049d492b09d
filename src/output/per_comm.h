/* per_comm.h: each communicator's own results for run.json (per_comm.c) */
#ifndef MPIGAUGE_PER_COMM_H
#define MPIGAUGE_PER_COMM_H

#include <jansson.h>
#include "output/output.h"

/* the per_communicator list, or NULL where the topology has one */
json_t *comms_json(const struct run_info *in, const struct result *res);

#endif
