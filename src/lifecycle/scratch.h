/* scratch.h: the run's scratch folder for the MPI I/O calls' files */
#ifndef MPIGAUGE_SCRATCH_H
#define MPIGAUGE_SCRATCH_H

#include <stddef.h>

/* Collective: 1 on every rank when every rank can write in dir (a
 * folder), else 0 after each rank that cannot said why on stderr
 * (--scratch DIR: every rank writes there, so every rank looks) */
int scratch_usable(const char *dir, int rank);
/* Collective: a new folder mpigauge-scratch-XXXXXX in dir (made by rank
 * 0, its name broadcast into out).  Returns 0, or -1 on every rank after
 * rank 0 said why. */
int scratch_make(const char *dir, char *out, size_t len);
/* Collective: removes it (empty by then) */
void scratch_remove(const char *path);

#endif
