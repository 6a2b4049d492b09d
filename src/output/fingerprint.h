/* fingerprint.h: what makes two runs comparable, as run.json's
 * "fingerprint" records it (docs/report.md, Unlike runs): the MPI library
 * and version, ranks, nodes, ranks per node, binding, rank 0's processor,
 * the input's hash, mpigauge's version and build, the options that change
 * what is measured, and the library's settings less what names one launch
 * only.  Reads the run's description and the parts of run.json already
 * made; includes result/ and base/. */
#ifndef MPIGAUGE_FINGERPRINT_H
#define MPIGAUGE_FINGERPRINT_H

#include <jansson.h>
#include "result/result.h"

/* root: run.json's head with "options" and "settings" in it */
json_t *fingerprint_json(const struct run_info *in, const json_t *root);

#endif
