/* launch_modes.h: launch medians that fall into separated groups, the
 * launch modes of a machine whose launches each run in one of a few
 * states (docs/report.md, Launch modes).  Sorted, the values are split
 * wherever two neighbours lie more than MODE_GAP apart (as a ratio); a
 * group of two launches or more is a mode, a lone launch an outlier.
 * Arithmetic; no MPI. */
#ifndef MPIGAUGE_LAUNCH_MODES_H
#define MPIGAUGE_LAUNCH_MODES_H

#include <stddef.h>

/* neighbours more than 30% apart are in separate groups */
#define MODE_GAP 1.3

/* x[0..n) (positive) into groups: label[i] the group of x[i], 0 the
 * fastest; the number of groups (0 when n is 0) */
int launch_groups(const double *x, size_t n, int *label);

/* of groups g[0..ng) sized count[], those of at least 2: the modes */
int mode_count(const int *count, int ng);

#endif
