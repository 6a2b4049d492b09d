/* compose_report.h: compose=1's guidelines, a record's call against each
 * of its mock-ups by the single-run rule (compose_report.c) */
#ifndef MPIGAUGE_COMPOSE_REPORT_H
#define MPIGAUGE_COMPOSE_REPORT_H

#include <jansson.h>
#include "output/output.h"

/* the prose section after the record's summary (nothing without mock-ups) */
void report_compose(struct writer *w, const struct result *res);
/* run.json's "compose" list, or NULL without mock-ups */
json_t *compose_json(const struct result *res);

#endif
