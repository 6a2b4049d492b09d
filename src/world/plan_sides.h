/* plan_sides.h: a record's INDEXED:path and sizes=path files, read on
 * rank 0 and checked on every rank, and its shaped type's checks */
#ifndef MPIGAUGE_PLAN_SIDES_H
#define MPIGAUGE_PLAN_SIDES_H

#include "input/diag.h"
#include "registry/record.h"

/* Collective.  Reads what r's datatype and sizes name (once: a file read
 * for an earlier record or pass stays read), errors into d at r's line;
 * 1 (on every rank alike) when r can be planned further. */
int plan_side_files(const struct record *r, int rank, struct diag *d);

#endif
