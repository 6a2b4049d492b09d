/* threads_json.h: the threaded calls' part of a record in run.json
 * (threads_json.c) */
#ifndef MPIGAUGE_THREADS_JSON_H
#define MPIGAUGE_THREADS_JSON_H

#include <jansson.h>
#include "output/output.h"

/* adds "threads": {"threads", "comm", "per_thread"} to a threaded call's
 * record object o; nothing for the others */
void threads_json_add(json_t *o, const struct result *res);

/* adds "mpi_thread_multiple_asked" and "mpi_thread_level" (granted) to
 * run.json's root */
void threads_json_run(json_t *root, const struct run_info *in);

#endif
