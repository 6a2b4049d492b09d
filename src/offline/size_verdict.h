/* size_verdict.h: one size of one record, A against B (docs/report.md,
 * Verdicts).  Two launch sets: the ratio B/A as the median of the
 * pairwise ratios of their launch medians, with the interval that inverts
 * the exact rank test, at each look of the comparison's design (a size is
 * reported at the first look that settles it, else at the last); the
 * launch modes of the two sets together, and the ratio within the modes
 * both drew.  Two single runs: the ratio of their medians, with the
 * interval from each run's own 95% interval (B's lower end over A's upper
 * end, B's upper over A's lower).  Includes offline/ and models/; no MPI. */
#ifndef MPIGAUGE_SIZE_VERDICT_H
#define MPIGAUGE_SIZE_VERDICT_H

#include "models/effect.h"
#include "models/verdict.h"
#include "offline/looks.h"
#include "offline/set_summary.h"

/* One-sided level of a fixed design (a 95% interval): identical sets are
 * called slower at most 2.5% of the time per size, faster alike */
#define SET_ALPHA 0.025

/* groups of launch medians reported per size at most */
enum { MAX_GROUPS = 16 };

struct mode_group {
    double median;             /* of its launches, both sets */
    int na, nb;                /* its launches from A and from B */
};

/* the launch modes of A and B together, at one size */
struct mode_mix {
    int ngroups, nmodes;       /* groups (up to MAX_GROUPS kept), and of them
                                * modes (two launches or more) */
    struct mode_group g[MAX_GROUPS];
    int differs;               /* a mode's share differs between A and B
                                * beyond chance (Fisher's exact test, p < 5%) */
    int within;                /* a comparison within the shared modes made */
    struct effect in;          /* its ratio and interval */
    enum verdict in_v;
};

/* what the comparison says of one size */
struct size_cmp {
    double elements, bytes;
    double ta, tb;             /* the medians: of the launch medians, or the run's */
    double lo[2], hi[2];       /* A's and B's own intervals */
    int na, nb;                /* launches (sets) or 1 (single runs) */
    struct effect e;           /* B/A, its interval */
    int look;                  /* launches a side at the look reported; 0: every launch */
    double alpha;              /* that look's one-sided level */
    enum verdict v;
    int settled;               /* against the tolerance and the gate */
    int regressed;             /* the gate given and the interval wholly above it */
    long to_settle;            /* launches_to_settle (models/verdict.h) */
    const char *why;           /* why not settled, or NULL */
    struct mode_mix mix;       /* sets only */
};

/* The tolerance and the gate, as fractions (0.05); gate < 0: none */
struct judging {
    double tol, gate;
    const struct looks *looks;
    int last_a, last_b;        /* the largest K of each set's launch-K folders */
};

void judge_sets(struct size_cmp *c, const struct set_size *a, const struct set_size *b,
                const struct judging *j);
void judge_runs(struct size_cmp *c, const struct launch_point *a,
                const struct launch_point *b, const struct judging *j);

#endif
