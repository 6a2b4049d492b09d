/* set_compare.h: mpigauge --compare A B, is B slower than A? (docs/report.md,
 * Did it get slower?).  Per record and size, the ratio B/A with its 95%
 * interval (size_verdict.h: from the launches' medians for two launch
 * sets, from each run's interval for two single runs), and the verdict the
 * interval allows against the tolerance: slower, faster, no-change or
 * undecided.  Unlike runs (their fingerprints differ) are
 * refused, naming every difference, unless --allow-different.  Includes
 * offline/, models/ and base/; no MPI. */
#ifndef MPIGAUGE_SET_COMPARE_H
#define MPIGAUGE_SET_COMPARE_H

#include "input/options.h"

/* "5%", "5" or "0.5%" (digits, an optional fraction, an optional percent
 * sign: the one grammar of --fail-above and --tolerance, also for the
 * scripts, which pass them on): 0 and the fraction (0.05), or -1 */
int parse_percent(const char *s, double *out);

/* The exit status: 0 compared (and nothing regressed past --fail-above),
 * 1 a record regressed or nothing could be compared, 2 bad arguments or
 * unlike runs (said on stderr, nothing printed on stdout). */
int set_compare_main(const struct options *o);

#endif
