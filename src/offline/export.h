/* export.h: mpigauge --export csv RESULT_OR_SET (export.c); includes
 * offline/launch_set.h; no MPI */
#ifndef MPIGAUGE_EXPORT_H
#define MPIGAUGE_EXPORT_H

#include <stdio.h>

/* Every point of every record of a result folder, or of every launch of a
 * set (the launches --set uses), as one CSV table on out: a header line,
 * then a row a point.  Written only once every run.json is read; 0, 2
 * after saying what is wrong, or 5 when out could not be written. */
int export_csv(const char *dir, FILE *out);

#endif
