/* io_check.h: every write, flush and close of the outputs checked; the
 * first failure kept for the run to stop on */
#ifndef MPIGAUGE_IO_CHECK_H
#define MPIGAUGE_IO_CHECK_H

#include <stdio.h>

/* Flushes f and notes a failure (a full disk, a quota) against path. */
void io_flush(FILE *f, const char *path);
/* Closes f and notes a failure against path. */
void io_close(FILE *f, const char *path);
/* The same for a file written whole at once (a parameter matrix, a
 * pattern file), which is removed when it could not be written whole:
 * half a matrix would read as a whole one, and an empty file as data. */
void io_close_whole(FILE *f, const char *path);
/* Notes a failure against path from errno (when no FILE is at hand). */
void io_failed(const char *path);
/* "cannot write DIR/x.dat: No space left on device", or NULL while every
 * write has worked. */
const char *io_failure(void);

#endif
