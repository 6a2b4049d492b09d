/* thread_level.h: MPI's thread support levels by name (thread_level.c) */
#ifndef MPIGAUGE_THREAD_LEVEL_H
#define MPIGAUGE_THREAD_LEVEL_H

/* "MPI_THREAD_SINGLE" ... "MPI_THREAD_MULTIPLE", or "unknown" */
const char *thread_level_name(int level);

/* --thread-level's choice (options.h: 1 single ... 4 multiple) as MPI's
 * level; -1 for 0 (auto) */
int thread_level_chosen(int choice);

/* how MPI was started, for the headers: asked is the level
 * MPI_Init_thread asked (-1: plain MPI_Init), chosen whether
 * --thread-level named it (else the input decided):
 * "MPI_THREAD_MULTIPLE: the input has a threaded call",
 * "MPI_THREAD_FUNNELED: --thread-level funneled", "nothing: MPI_Init" */
const char *thread_asked_text(int asked, int chosen);

#endif
