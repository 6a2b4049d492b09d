/* gen_common.h: what the generators of the documentation (tools/) share:
 * the markdown table cell.  Includes nothing of mpigauge. */
#ifndef MPIGAUGE_GEN_COMMON_H
#define MPIGAUGE_GEN_COMMON_H

#include <stdio.h>

/* a table cell: what markdown would take for markup escaped ('|', '*',
 * and '<' '>', which would start HTML), line breaks as blanks */
void cell(FILE *out, const char *s);

#endif
