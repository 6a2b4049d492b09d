/* parser.h: the record format of an input file */
#ifndef MPIGAUGE_PARSER_H
#define MPIGAUGE_PARSER_H

#include <stddef.h>
#include "input/diag.h"
#include "registry/record.h"

/* Parses len bytes of text (which may hold NUL bytes) into rs.  Every error
 * goes to d; returns the number of errors. */
int parse_records(const char *text, size_t len, struct recordset *rs,
                  struct diag *d);

/* The same for a slice of a file whose first line is first_line, with no
 * complaint when the slice holds no record (the caller knows whether the
 * file as a whole does). */
int parse_lines(const char *text, size_t len, int first_line,
                struct recordset *rs, struct diag *d);

void recordset_free(struct recordset *rs);

#define NO_RECORDS "no records: every line is blank or a comment"

#endif
