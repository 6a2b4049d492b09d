/* runner.h: measuring one record over its sizes */
#ifndef MPIGAUGE_RUNNER_H
#define MPIGAUGE_RUNNER_H

#include "result.h"

/* Every rank calls this for every record that is not skipped.  Rank 0
 * fills res->pts and hands each point to the writers as soon as it is
 * measured. */
void run_record(struct run *run, struct result *res);

/* Iterations and warm-up for a size: the record's setting, else the
 * option, else the default for that many bytes. */
void choose_iters(const struct record *r, const struct options *o,
                  uint64_t elements, uint64_t bytes, long *iters, long *warmup);

#endif
