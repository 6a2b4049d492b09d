/* gen_columns.h: the data-file columns' section of the reference
 * (gen_columns.c), which gen_reference.c prints.  The dependence goes one
 * way: gen_reference.c uses gen_columns.c and gen_common.c, gen_columns.c
 * only gen_common.c (the cell both write) */
#ifndef MPIGAUGE_GEN_COLUMNS_H
#define MPIGAUGE_GEN_COLUMNS_H

#include <stdio.h>

/* the data-file columns section (gen_columns.c) */
void columns_reference(FILE *out);

#endif
