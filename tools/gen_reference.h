/* gen_reference.h: what the two files of tools/gen_reference share */
#ifndef MPIGAUGE_GEN_REFERENCE_H
#define MPIGAUGE_GEN_REFERENCE_H

#include <stdio.h>

/* s as markdown text in a table cell: markup characters escaped, line
 * breaks as blanks */
void cell(FILE *out, const char *s);
/* the data-file columns section (gen_columns.c) */
void columns_reference(FILE *out);

#endif
