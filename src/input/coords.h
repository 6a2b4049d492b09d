/* coords.h: the --coords file, one "rank x y z" line per rank */
#ifndef MPIGAUGE_COORDS_H
#define MPIGAUGE_COORDS_H

#include <stddef.h>
#include "input/diag.h"

/* Parses text for nranks ranks into xyz[3 * rank + dim]; every error goes
 * to d (file, line, column).  Returns the number of errors. */
int parse_coords(const char *text, size_t len, int nranks, int *xyz,
                 struct diag *d);

#endif
