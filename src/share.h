/* share.h: a file read on rank 0 and broadcast */
#ifndef MPIGAUGE_SHARE_H
#define MPIGAUGE_SHARE_H

#include <mpi.h>
#include <stddef.h>
#include "diag.h"

/* Collective: the whole file on every rank (NULL on every rank, with the
 * reason in d on rank 0, when rank 0 cannot read it). */
char *share_file(const char *path, int rank, size_t *len, struct diag *d);

#endif
