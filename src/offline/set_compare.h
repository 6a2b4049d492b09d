/* set_compare.h: mpigauge --compare A B, is B slower than A? (docs/report.md,
 * Did it get slower?).  Two launch sets: a size's verdict comes from the
 * launches' medians, by the exact one-sided Wilcoxon-Mann-Whitney test at
 * 2.5% each way.  Two single runs: by their 95% intervals, which cover the
 * noise within one launch only, and a size that missed its target in
 * either is inconclusive.  Unlike runs (their fingerprints differ) are
 * refused, naming every difference, unless --allow-different.  Includes
 * offline/, models/ and base/; no MPI. */
#ifndef MPIGAUGE_SET_COMPARE_H
#define MPIGAUGE_SET_COMPARE_H

#include "input/options.h"

/* The one-sided level of the set rule: "slower" when P(U <= u) is at
 * most this under identical sets (and "faster" alike), so that a size of
 * two identical sets is called different at most 5% of the time. */
#define SET_ALPHA 0.025

/* The exit status: 0 compared (and nothing regressed past --fail-above),
 * 1 a record regressed or nothing could be compared, 2 bad arguments or
 * unlike runs (said on stderr, nothing printed on stdout). */
int set_compare_main(const struct options *o);

#endif
