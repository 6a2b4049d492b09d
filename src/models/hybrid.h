/* hybrid.h: a barrier built for the machine from measured costs (Meyer's
 * thesis, chapter 7): ranks grouped by SSS clustering, inside each group
 * and among the groups' pivots the built-in pattern the model rates
 * cheapest, joined as arrival inside the groups, a barrier among the
 * pivots, and the arrivals transposed in reverse as the release. */
#ifndef MPIGAUGE_HYBRID_H
#define MPIGAUGE_HYBRID_H

#include "models/pattern.h"
#include "models/predict.h"

/* the patterns the construction chooses from */
enum { HYBRID_CANDIDATES = 5 };
const char *hybrid_candidate(int c);
/* candidate c over p ranks, as the flat pattern it is */
void hybrid_candidate_pattern(int c, struct bpattern *bp, int p);

struct hybrid {
    int p, ngroups;
    int *group;                /* per rank: its group */
    int *pivot;                /* per group: its pivot (the group's rank 0) */
    int *choice;               /* per group: the candidate inside it, -1: alone */
    double *choice_us;         /* and the model's time for it */
    int top;                   /* the candidate among the pivots, -1: one group */
    double top_us;
    struct bpattern bp;        /* the whole barrier, over the p ranks */
};

/* Builds h for p ranks.  distance (p x p) groups the ranks; c, kind and
 * per_iteration price the candidates as predict_barrier does. */
void hybrid_build(struct hybrid *h, int p, const double *distance,
                  const struct signal_costs *c, enum signal_kind kind,
                  double per_iteration);
void hybrid_free(struct hybrid *h);

#endif
