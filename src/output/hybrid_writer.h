/* hybrid_writer.h: the writers' part of a HYBRID record (hybrid_writer.c) */
#ifndef MPIGAUGE_OUTPUT_HYBRID_H
#define MPIGAUGE_OUTPUT_HYBRID_H

#include <jansson.h>
#include "output/output.h"

/* the built pattern as a pattern file beside the data file */
void hybrid_pattern_file(struct writer *w, const struct result *res);
void report_hybrid(struct writer *w, const struct result *res);
json_t *hybrid_json(const struct result *res);

#endif
