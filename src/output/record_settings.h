/* record_settings.h: a record's key=value settings as the writers print
 * them, read from the settings table's rows (registry/settings.c): every
 * setting the record's call takes, with the value it ran with */
#ifndef MPIGAUGE_RECORD_SETTINGS_H
#define MPIGAUGE_RECORD_SETTINGS_H

#include <jansson.h>
#include <stdio.h>
#include "registry/record.h"

/* run.json's record_settings: {"window": 64, "recv": "named", ...} */
json_t *record_settings_json(const struct record *r);
/* the data file's "# settings: window=64 recv=named" (nothing when the
 * call takes none) */
void record_settings_line(FILE *f, const struct record *r);

#endif
