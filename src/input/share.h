/* share.h: files read on rank 0 and broadcast */
#ifndef MPIGAUGE_SHARE_H
#define MPIGAUGE_SHARE_H

#include <mpi.h>
#include <stddef.h>
#include "input/diag.h"

/* Collective: the whole file on every rank (NULL on every rank, with the
 * reason in d on rank 0, when rank 0 cannot read it). */
char *share_file(const char *path, int rank, size_t *len, struct diag *d);

/* Reads a whole file (at most 64 MiB); returns NULL (and says why in d)
 * when it cannot. */
char *read_file(const char *path, size_t *len, struct diag *d);

#endif
