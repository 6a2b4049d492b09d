/* p2p_json.h: the point-to-point settings of a record, in run.json and
 * the data files' headers (p2p_json.c) */
#ifndef MPIGAUGE_P2P_JSON_H
#define MPIGAUGE_P2P_JSON_H

#include <jansson.h>
#include <stdio.h>
#include "output/output.h"

/* adds to a record's object o: "pairs" {"mode", "sample", "seed"} for
 * the calls measured pair by pair, "recv" (named, any_source, any_tag,
 * any) for the families whose receives recv= widens, "partitions"
 * {"count", "complete"} for the partitioned calls */
void p2p_json_add(json_t *o, const struct result *res);

/* the header lines "# receives: ..." and "# partitions: ..." where the
 * record has them */
void p2p_header_lines(FILE *f, const struct result *res);

#endif
