/* timer_json.h: run.json's timer (timer_json.c) */
#ifndef MPIGAUGE_TIMER_JSON_H
#define MPIGAUGE_TIMER_JSON_H

#include <jansson.h>
#include "result/result.h"

/* adds "wtick_s", "timer": {"resolution_s", "overhead_s"} and
 * "mpi_init": {"min_s", "avg_s", "max_s"} (MPI_Init over the ranks, as
 * osu_init reports it) to run.json's root */
void timer_json_add(json_t *root, const struct run_info *in);

#endif
