/* switch_notes.h: a point-to-point or streaming record's switch points
 * (models/switch_points.h) as the writers say them, each with the
 * library variables that set it, from the run's own MPI_T control
 * variables and environment (base/protocol_vars.h) and the record's own
 * cvar= (switch_notes.c) */
#ifndef MPIGAUGE_SWITCH_NOTES_H
#define MPIGAUGE_SWITCH_NOTES_H

#include <jansson.h>
#include "result/result.h"

/* run.json's record "switch_points": one object per switch, [] where
 * none was found; NULL for a record that does not hold them */
json_t *switch_points_json(const struct run_info *in, const struct result *res);

/* report.txt's "Switch point:" lines, allocated (the caller frees them);
 * NULL for a record that does not hold them or has too few sizes */
char *switch_prose(const struct run_info *in, const struct result *res);

#endif
