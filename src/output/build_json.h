/* build_json.h: run.json's "format" and "build" (base/build_info.h) */
#ifndef MPIGAUGE_BUILD_JSON_H
#define MPIGAUGE_BUILD_JSON_H

#include <jansson.h>

/* {"compiler": ..., "optimised": ..., "mpi_headers": ..., ...} */
json_t *build_json(void);

#endif
