/* comms.h: each communicator's own results for run.json (comms.c) */
#ifndef MPIGAUGE_COMMS_H
#define MPIGAUGE_COMMS_H

#include <jansson.h>
#include "output/output.h"

/* the per_communicator list, or NULL where the topology has one */
json_t *comms_json(const struct run_info *in, const struct result *res);

#endif
