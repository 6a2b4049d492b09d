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
 * into bp; stage_line[s] (up to max_stages) gets the line of each "stage".
 * Every error goes to d.  Returns the number of errors. */
int parse_pattern_file(const char *text, size_t len, struct bpattern *bp,
                       int *stage_line, int max_stages, struct diag *d);

#endif
