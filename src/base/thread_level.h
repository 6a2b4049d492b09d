/* thread_level.h: MPI's thread support levels by name (thread_level.c) */
#ifndef MPIGAUGE_THREAD_LEVEL_H
#define MPIGAUGE_THREAD_LEVEL_H

/* "MPI_THREAD_SINGLE" ... "MPI_THREAD_MULTIPLE", or "unknown" */
const char *thread_level_name(int level);

#endif
