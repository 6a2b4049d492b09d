/* fits.h: a record's fits in the prose and in run.json (fits.c) */
#ifndef MPIGAUGE_FITS_H
#define MPIGAUGE_FITS_H

#include <jansson.h>
#include "output/output.h"

/* the summary's latency/bandwidth sentence in buf[len]: the fit, and of
 * its terms only those that mean something for the record */
void fit_text(const struct result *res, char *buf, size_t len);

/* adds "fit" (null when there is none), "bsp" and "bsp_levels" to a
 * record's run.json object o; returns o */
json_t *fits_json(json_t *o, const struct writer *w, const struct result *res);

#endif
