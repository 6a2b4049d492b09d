/* hybrid.h: a barrier built for the machine from measured costs (Meyer's
 * thesis, chapter 7): ranks grouped by SSS clustering, inside each group
 * and among the groups' pivots the built-in pattern the model rates
 * cheapest, joined as arrival inside the groups, a barrier among the
 * pivots, and the arrivals transposed in reverse as the release.  The
 * model then prices that grouped barrier against every candidate flat
 * over all the ranks, and the barrier is whichever it rates fastest (a
 * flat DISSEMINATION over 1024 simulated ranks beat the grouped one,
 * 9.665 us against 10.495, and the model had said so). */
#ifndef MPIGAUGE_HYBRID_H
#define MPIGAUGE_HYBRID_H

#include "models/pattern.h"
#include "models/predict.h"

/* the patterns the construction chooses from */
enum { HYBRID_CANDIDATES = 5 };
const char *hybrid_candidate(int c);
/* candidate c over p ranks, as the flat pattern it is */
void hybrid_candidate_pattern(int c, struct bpattern *bp, int p);
/* HYBRID's generator in the pattern table: what the plan verifies and the
 * estimate prices before the costs are measured (the barrier itself is
 * built when the record runs, measure/hybrid_run.c) */
void hybrid_standin(struct bpattern *bp, int p, int arg);

struct hybrid {
    int p, ngroups;
    int *group;                /* per rank: its group */
    int *pivot;                /* per group: its pivot (the group's rank 0) */
    int *choice;               /* per group: the candidate inside it, -1: alone */
    double *choice_us;         /* and the model's time for it */
    int top;                   /* the candidate among the pivots, -1: one group */
    double top_us;
    double grouped_us;         /* the model's time for the grouped barrier */
    int flat;                  /* the cheapest candidate flat over all ranks */
    double flat_us;            /* and its time */
    int chose_flat;            /* 1: bp is that flat candidate (it was faster) */
    struct bpattern bp;        /* the barrier that runs, over the p ranks: the
                                * grouped one, or the flat one when faster */
    struct bpattern grouped;   /* the construction's barrier, whichever runs */
    enum param_file grouped_by;   /* the matrix the groups come from (PF_OIJ) */
};

/* Builds h for p ranks.  distance (p x p) groups the ranks; c, kind and
 * per_iteration price the candidates as predict_barrier does. */
void hybrid_build(struct hybrid *h, int p, const double *distance,
                  const struct signal_costs *c, enum signal_kind kind,
                  double per_iteration);
void hybrid_free(struct hybrid *h);

/* The matrix HYBRID groups the ranks by: O_ij, as the thesis does, unless
 * O_ij puts every rank in one group while L_ij parts them into groups
 * that stand well apart (every pair inside a group nearer than half the
 * nearest pair across groups): a platform whose overheads are alike on
 * every pair (a SimGrid platform with SimGrid's own smpi/os) still has
 * hosts that its latencies tell apart (the small messages' L_ij first).
 * Noise on one machine does not part ranks that well.  Returns PF_OIJ,
 * PF_LIJ_SMALL or PF_LIJ. */
enum param_file hybrid_grouping(const struct params *pm, int p);

#endif
