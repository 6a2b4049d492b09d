/* set_summary.h: mpigauge --set SET, a launch set summarised: per record
 * and size the launches' medians, their median, min, max and coefficient
 * of variation, a distribution-free interval for the median over
 * launches (the launch is the unit), and a sentence where the launches
 * spread wider than one launch's interval; into SET/set.json and
 * SET/set.txt (docs/report.md, Launch sets).  Includes offline/, models/
 * and base/; no MPI. */
#ifndef MPIGAUGE_SET_SUMMARY_H
#define MPIGAUGE_SET_SUMMARY_H

#include "offline/launch_set.h"
#include "models/launch_stats.h"

/* One size of one record over a set's launches. */
struct set_size {
    double elements, bytes;
    double t[MAX_LAUNCHES];    /* each launch's median, launch order */
    int number[MAX_LAUNCHES];  /* its launch's K (launch-K) */
    int n;                     /* launches that measured it */
    int targets_met;           /* of them, those that met their target */
    double launch_width;       /* median over launches of (hi - lo) / t */
    struct launch_spread spread;
    int wider;                 /* max - min > the median launch interval */
};

/* The size `elements` of record `file` over s's launches. */
void set_size_of(const struct launch_set *s, const char *file, double elements,
                 struct set_size *z);

/* mpigauge --set SET: the exit status (2: a bad set, said on stderr;
 * 5: a file could not be written) */
int set_summary_main(const char *dir);

#endif
