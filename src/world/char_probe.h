/* char_probe.h: whether this MPI reduces MPI_CHAR */
#ifndef MPIGAUGE_CHAR_PROBE_H
#define MPIGAUGE_CHAR_PROBE_H

#include "registry/registry.h"

/* NULL when the library reduces one MPI_CHAR with op on MPI_COMM_SELF,
 * else its error text.  Asked once per op. */
const char *char_reduction_refused(const struct op *op);

#endif
