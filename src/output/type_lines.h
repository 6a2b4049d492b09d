/* type_lines.h: what a record's shaped datatype and sizes= list say in
 * the data file's header and in run.json */
#ifndef MPIGAUGE_TYPE_LINES_H
#define MPIGAUGE_TYPE_LINES_H

#include <jansson.h>
#include <stdio.h>
#include "result/result.h"

/* "# datatype: ..." for a shaped type, "# sizes: ..." for a sizes= list */
void type_lines(FILE *f, const struct result *res);
/* run.json's "datatype_shape" and "sizes_list", where they apply */
void type_json_add(json_t *o, const struct result *res);

#endif
