/* fingerprint_diff.h: what differs between two runs' fingerprints
 * (output/fingerprint.h), named one line each, for --compare: the
 * fingerprint's fields, the options and environment variables in it one
 * by one, and where the control variables' hashes differ, each control
 * variable.  Includes jansson; no MPI. */
#ifndef MPIGAUGE_FINGERPRINT_DIFF_H
#define MPIGAUGE_FINGERPRINT_DIFF_H

#include <jansson.h>

/* The differences of b from a, each a string ("ranks: 2 in A, 4 in B"),
 * in a new array; a missing fingerprint (a run from before them) is one
 * difference.  cvars_a and cvars_b: run.json's settings.cvars (or NULL). */
json_t *fingerprint_diff(const json_t *a, const json_t *b, const json_t *cvars_a,
                         const json_t *cvars_b);

/* 1 when a and b hold the same values, numbers compared as numbers (1
 * and 1.0 alike: a tool that rewrites run.json may change the form) */
int json_same(const json_t *a, const json_t *b);

#endif
