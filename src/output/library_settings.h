/* library_settings.h: the settings that change the MPI library's behaviour, as
 * the writers record them (library_settings.c): the environment's, the MPI_T
 * control variables at start, and a record's cvar= */
#ifndef MPIGAUGE_LIBRARY_SETTINGS_H
#define MPIGAUGE_LIBRARY_SETTINGS_H

#include <jansson.h>
#include <stdio.h>
#include "result/result.h"

/* run.json's "settings": {"environment": {...}, "cvars": {...}} */
json_t *settings_json(const struct run_info *in);

/* a record's cvar= list for run.json, or NULL when it has none */
json_t *record_cvars_json(const struct result *res);

/* the data file's header lines: "# env NAME=VALUE" each, the count of
 * control variables at start, and the record's "# cvar ..." */
void settings_lines(FILE *f, const struct run_info *in, const struct result *res);

#endif
