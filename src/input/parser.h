/* parser.h: the record format of an input file */
#ifndef MPIGAUGE_PARSER_H
#define MPIGAUGE_PARSER_H

#include <stddef.h>
#include "input/diag.h"
#include "input/record.h"

/* Parses len bytes of text (which may hold NUL bytes) into rs.  Every error
 * goes to d; returns the number of errors. */
int parse_records(const char *text, size_t len, struct recordset *rs,
                  struct diag *d);

#endif
