/* plan_offline.h: --validate --ranks N, the plan for N ranks made by one
 * process, without their communicators */
#ifndef MPIGAUGE_PLAN_OFFLINE_H
#define MPIGAUGE_PLAN_OFFLINE_H

#include <stdio.h>
#include "input/diag.h"
#include "input/options.h"
#include "registry/record.h"

/* Plans rs for o->ranks ranks on the grid of --grid (or MPI_Dims_create),
 * nodes of this machine's core count, and prints each record's
 * communicators, sizes and estimate to out.  Edge-list files are read
 * and checked (errors to d).  Returns the number of errors. */
int plan_offline(const struct recordset *rs, const struct options *o,
                 struct diag *d, FILE *out);

#endif
