/* looks.h: the looks of a comparison.  A fixed design has one look, at
 * every launch; a sequential one (scripts/launches.sh --until-decided)
 * looks at the sets after L_1 < L_2 < ... < L_n launches a side, as
 * SET/looks.json records it in both sets, each look spending its part of
 * the level (models/verdict.h, look_alpha).  docs/report.md, Launching
 * until decided.  Includes base/ and jansson; no MPI. */
#ifndef MPIGAUGE_LOOKS_H
#define MPIGAUGE_LOOKS_H

#include "base/base.h"

enum { MAX_LOOKS = 64 };

struct looks {
    int n;                     /* 0: a fixed design, one look at every launch */
    int at[MAX_LOOKS];         /* launches a side at each look, ascending */
    char file[PATH_BYTES];           /* the looks.json it came from */
};

/* A's and B's looks.json, which must agree (or both be absent): 0, or 2
 * after saying on stderr what is wrong, naming the file and field */
int looks_load(struct looks *l, const char *dir_a, const char *dir_b);

#endif
