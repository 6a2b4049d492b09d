/* pattern_file.h: user barrier patterns, stages as edge lists in a text file */
#ifndef MPIGAUGE_PATTERN_FILE_H
#define MPIGAUGE_PATTERN_FILE_H

#include <stddef.h>
#include "input/diag.h"
#include "models/pattern.h"

/* Parses a pattern file:
 *     # a ring barrier for 4 ranks     ('#' comments anywhere)
 *     ranks 4                          (first: how many ranks it is for)
 *     stage                            (starts a stage)
 *     0 1                              (an edge: 0 signals 1)
 * into bp (docs/pattern-files.md has the rules), and checks it with
 * bpattern_verify, the check of every pattern.  Every error goes to d, at
 * the line and column it comes from.  Returns the number of errors; bp is
 * a barrier only when that is 0 (free it either way). */
int parse_pattern_file(const char *text, size_t len, struct bpattern *bp,
                       struct diag *d);

#endif
