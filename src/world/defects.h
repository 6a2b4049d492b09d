/* defects.h: records SimGrid's SMPI cannot run whatever their call (a
 * family's own library defects are its skip hook's) */
#ifndef MPIGAUGE_DEFECTS_H
#define MPIGAUGE_DEFECTS_H

#include <stddef.h>
#include "registry/record.h"
#include "world/world.h"

/* 1, with the reason in why, when the simulation cannot give r's
 * figures (the plan skips the record); else 0.  Collective-free. */
int library_defect(const struct record *r, const struct world *w, char *why, size_t len);

#endif
