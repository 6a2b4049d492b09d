/* side_files.h: the files a record names for its datatype (INDEXED:path)
 * and its sizes (sizes=path), read by the plan on rank 0 and checked
 * here on every rank alike, each error at its own line and column */
#ifndef MPIGAUGE_SIDE_FILES_H
#define MPIGAUGE_SIDE_FILES_H

#include <stddef.h>
#include <stdint.h>
#include "input/tokens.h"

/* The sizes of s (len bytes: a sizes= value at column col of lc's line,
 * or a whole file with col 1 and lc->line 1), into out (room for
 * MAX_SIZES): their number, or -1 after saying what is wrong in lc->d. */
int read_size_list(struct line_ctx *lc, const char *s, size_t len, int col,
                   uint64_t min, uint64_t max, uint64_t *out);

/* An INDEXED file: its base type's name on the first line, then a line
 * BLOCKLEN DISPLACEMENT per block (in base elements, blocks apart); '#'
 * starts a comment.  0 and the blocks (xmalloc'd) when it is sound,
 * else -1 with every fault in d. */
struct indexed_blocks {
    const struct datatype *base;
    int n;
    int *lens, *displs;
};
int parse_indexed_file(const char *text, size_t len, struct indexed_blocks *b,
                       struct diag *d);

#endif
