/* plan.h: checks that need the communicators, and the --validate plan */
#ifndef MPIGAUGE_PLAN_H
#define MPIGAUGE_PLAN_H

#include <stdint.h>
#include "diag.h"
#include "result.h"

/* Bytes one rank allocates for rec on a communicator of p ranks. */
uint64_t record_memory(const struct call *c, int p, uint64_t max_elems,
                       uint64_t extent, uint64_t stride, uint64_t pack_size);

/* Memory one rank may use: the node's memory shared by its ranks. */
uint64_t memory_per_rank(int ranks_on_node);

/* Builds the communicators of every record, decides what is skipped and
 * reports roots and buffers that cannot work.  Returns the error count. */
int plan_records(struct run *run, struct diag *d);

/* Prints the plan (--validate) on rank 0. */
void plan_print(const struct run *run, FILE *out);

#endif
