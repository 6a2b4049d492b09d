/* patfile.h: user barrier patterns, stages as edge lists in a text file */
#ifndef MPIGAUGE_PATFILE_H
#define MPIGAUGE_PATFILE_H

#include <stddef.h>
#include "diag.h"
#include "pattern.h"

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
