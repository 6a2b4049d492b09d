/* call_json.h: a record's call-specific settings (pairs, recv=,
 * partitions=, root=rotate, inplace=, buffers=), in run.json and the data
 * files' headers (call_json.c) */
#ifndef MPIGAUGE_CALL_JSON_H
#define MPIGAUGE_CALL_JSON_H

#include <jansson.h>
#include <stdio.h>
#include "output/output.h"

/* adds to a record's object o: "pairs" {"mode", "sample", "seed"} for
 * the calls measured pair by pair, "recv" (named, any_source, any_tag,
 * any) for the families whose receives recv= widens, "partitions"
 * {"count", "complete"} for the partitioned calls, "root" ("rotate" or
 * the number) for the rooted ones, "inplace" (true/false) where it
 * applies, "buffers" ("single"/"multiple") for the streaming windows */
void call_json_add(json_t *o, const struct result *res, const struct options *opt);

/* the header lines "# receives: ...", "# partitions: ...", "# buffers:
 * ..." and "# root: ..." where the record has them */
void call_header_lines(FILE *f, const struct result *res, const struct options *opt);

#endif
