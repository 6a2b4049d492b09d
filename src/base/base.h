/* base/: checked allocation and the text scanning every parser shares; includes nothing of mpigauge. */
#ifndef MPIGAUGE_BASE_H
#define MPIGAUGE_BASE_H

#include <stddef.h>
#include "base/exit_status.h"

/* room for a path: a folder of up to PATH_MAX (4096) bytes and a file
 * name in it; a message about a path takes PATH_BYTES + 400 */
#define PATH_BYTES 4200
/* room for a side file's path as a record names it (GRAPH:path,
 * FILE:path, INDEXED:path, sizes=path): short, since it is part of every
 * record, which the plan copies and broadcasts; the parser refuses a
 * longer one at its column */
#define SIDE_PATH_BYTES 256

/* malloc, calloc and realloc that never return NULL: on failure they say
 * how much was asked for and exit with EXIT_NO_MEMORY (the launcher then
 * ends the other ranks).  A zero size asks for one byte, so that a valid
 * pointer always comes back. */
void *xmalloc(size_t bytes);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t bytes);
/* n elements of size bytes, with the product checked for overflow */
void *xmalloc_array(size_t n, size_t size);
char *xstrdup(const char *s);
/* bytes at an address that is a multiple of align (a power of two) */
void *xmemalign(size_t align, size_t bytes);

#endif
