/* gen_reference.h: the data-file columns' section (gen_columns.c), which
 * gen_reference.c prints (the cell both use: gen_common.h) */
#ifndef MPIGAUGE_GEN_REFERENCE_H
#define MPIGAUGE_GEN_REFERENCE_H

#include <stdio.h>

/* the data-file columns section (gen_columns.c) */
void columns_reference(FILE *out);

#endif
