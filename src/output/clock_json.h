/* clock_json.h: what run.json and report.txt say of --sync window's clock
 * model (clock_json.c) */
#ifndef MPIGAUGE_CLOCK_JSON_H
#define MPIGAUGE_CLOCK_JSON_H

#include <jansson.h>
#include <stddef.h>
#include "result/result.h"

/* run.json lists the ranks' lines up to this many (the first ones) */
enum { CLOCK_RANKS_LISTED = 4096 };

/* run.json's "clock": "model", "rounds", "pings", "span_s", "fit_s",
 * "refits", "ranks" [{"rank", "at_s" (rank 0's time the offset is at),
 * "offset_us", "drift_ppm", "drift_se_ppm",
 * "rtt_us", "residual_us", "samples"}], "ranks_omitted", "max_offset_us",
 * "max_drift_ppm", "max_rtt_us", "max_residual_us" and "end_check":
 * {"max_error_us"} (null when the run did not reach its end); and how
 * the fit went: "scheme" ("flat" or "two-level"), "nodes", "rounds_run",
 * "bursts", "sequential_bursts" (the most one rank ran) and
 * "sequential_per_round" (bursts one after another in a round) */
json_t *clock_json(const struct clock_report *c);

/* The report's sentence on the fit (at the start) and on the end check
 * (at the end; empty when there was none). */
void clock_fit_text(const struct clock_report *c, char *buf, size_t len);
void clock_end_text(const struct clock_report *c, char *buf, size_t len);

#endif
