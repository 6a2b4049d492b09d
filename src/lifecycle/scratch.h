/* scratch.h: the run's scratch folder for the MPI I/O calls' files */
#ifndef MPIGAUGE_SCRATCH_H
#define MPIGAUGE_SCRATCH_H

#include <stddef.h>

/* Collective: a new folder mpigauge-scratch-XXXXXX in dir (made by rank
 * 0, its name broadcast into out).  Returns 0, or -1 on every rank after
 * rank 0 said why. */
int scratch_make(const char *dir, char *out, size_t len);
/* Collective: removes it (empty by then) */
void scratch_remove(const char *path);

#endif
