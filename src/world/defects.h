/* defects.h: records this run's MPI library is known to run wrongly */
#ifndef MPIGAUGE_DEFECTS_H
#define MPIGAUGE_DEFECTS_H

#include <stddef.h>
#include "registry/record.h"
#include "world/world.h"

/* 1, with the reason in why, when the library crashes on r's call or
 * delivers wrong data on tc's communicators (the plan skips the record:
 * a wrong call timed is a wrong figure); else 0.  Collective-free. */
int library_defect(const struct record *r, const struct topo_comm *tc,
                   const struct world *w, char *why, size_t len);

#endif
