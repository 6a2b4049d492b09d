/* parser.h: the record format of an input file */
#ifndef MPIGAUGE_PARSER_H
#define MPIGAUGE_PARSER_H

#include <stddef.h>
#include "diag.h"
#include "record.h"

/* Largest element count a record may name: MPI counts are int. */
#define MAX_ELEMENTS 2147483647ULL
/* Most sizes one record may measure. */
#define MAX_SIZES 10000
/* Largest stride: a byte offset within one page. */
#define MAX_STRIDE 4095ULL

/* Parses len bytes of text (which may hold NUL bytes) into rs.  Every error
 * goes to d; returns the number of errors. */
int parse_records(const char *text, size_t len, struct recordset *rs,
                  struct diag *d);

/* Reads a whole file; returns NULL (and says why in d) when it cannot. */
char *read_file(const char *path, size_t *len, struct diag *d);

#endif
