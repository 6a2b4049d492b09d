/* record_settings.h: a record's key=value settings as the writers print
 * them, read from the settings' rows (registry/settings.h): every
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
/* the same settings as words, "window=64 recv=named", for the prose;
 * returns 0 (out empty) when the call takes none */
int record_settings_text(const struct record *r, char *out, size_t len);

#endif
