/* store_keys.h: what the store keys its rows by (docs/report.md, The
 * store).  A system is a run's fingerprint less what names one build of
 * mpigauge or one input file ("mpigauge", "build", "input_fnv1a64"): the
 * change under test may be the build itself, and a record keeps its series
 * when lines are added to or removed from the input around it.  A record is
 * its identity within its system: call, datatype, op, topology, call mode
 * and its settings (record_settings, sorted by key), not its line, file
 * name or sizes; a second record of the same identity in one run is told
 * apart by " #2" (and so on, in the order of its input lines).  Includes
 * jansson; no MPI. */
#ifndef MPIGAUGE_STORE_KEYS_H
#define MPIGAUGE_STORE_KEYS_H

#include <jansson.h>
#include <stddef.h>

/* the system part of a fingerprint (a new reference), and its key: 16
 * hex digits of FNV-1a 64 over its canonical JSON (sorted keys) */
json_t *system_of(const json_t *fingerprint);
void system_key(const json_t *system, char key[17]);

/* "ALLREDUCE DOUBLE SUM WORLD blocking inplace=0": a record's identity
 * (call_mode and the settings only where run.json has them) */
void record_identity(const json_t *rec, char *out, size_t len);

/* 16 hex digits of FNV-1a 64 over the canonical JSON of every root in
 * roots[0..n), in order: the same launches give the same content key
 * wherever their folder lies */
void content_key(json_t *const *roots, int n, char key[17]);

#endif
