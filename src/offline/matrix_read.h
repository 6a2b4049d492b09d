/* matrix_read.h: the numbers of a result folder's parameter files, for
 * --predict */
#ifndef MPIGAUGE_MATRIX_READ_H
#define MPIGAUGE_MATRIX_READ_H

#include <stddef.h>

/* every number of a matrix file, '#' lines left out (lines of any
 * length); NULL when unreadable */
double *read_numbers(const char *path, size_t *n);

/* a tail file (params-<t>-tail.dat: world rows of world x bins values) as
 * ranks 0..p-1's bins, [(i*p+j)*bins+k], zero on the diagonal; NULL when
 * absent, of another shape, or not finite among those ranks */
float *read_tail(const char *path, int world, int p, int bins);

#endif
