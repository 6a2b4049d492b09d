/* call_json.h: a record's common settings that its call's capabilities give
 * meaning to (pairs, recv=, root=rotate, inplace=, buffers=), in run.json
 * and the data files' headers (call_json.c); a family's own are its facts
 * (registry/facts.c) */
#ifndef MPIGAUGE_CALL_JSON_H
#define MPIGAUGE_CALL_JSON_H

#include <jansson.h>
#include <stdio.h>
#include "output/output.h"

/* adds to a record's object o: "pairs" {"mode", "sample", "seed"} for
 * the calls measured pair by pair, "recv" (named, any_source, any_tag,
 * any) for the families whose receives recv= widens, "root" ("rotate" or
 * the number) for the rooted ones, "inplace" (true/false) where it
 * applies, "buffers" ("single"/"multiple") for the streaming windows */
void call_json_add(json_t *o, const struct result *res, const struct options *opt);

/* the header lines "# receives: ...", "# buffers: ..." and "# root: ..."
 * where the record has them */
void call_header_lines(FILE *f, const struct result *res, const struct options *opt);

#endif
