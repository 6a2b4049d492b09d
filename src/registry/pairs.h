/* pairs.h: the point-to-point pair criteria (pairs.c); a part of registry.h, the registry's main header */
#ifndef MPIGAUGE_REGISTRY_PAIRS_H
#define MPIGAUGE_REGISTRY_PAIRS_H

#include "registry/table.h"
#include "registry/topologies.h"

/* ---- point-to-point pair criteria (op field NOP:NAME or DETAIL:NAME) -------
 * Which pairs (a sends first, b answers) of a communicator are measured;
 * i, j are their ranks in it. */
/* how --validate --ranks N counts a criterion's pairs without enumerating
 * them (world/offline_pairs.c; PAIRS_ENUMERATE: every pair, through keep) */
enum pair_count {
    PAIRS_ENUMERATE, PAIRS_ALL, PAIRS_NEIGHBOURS, PAIRS_RANK0, PAIRS_SAME_NODE,
    PAIRS_CROSS_NODE, PAIR_COUNTS
};

struct pair_filter {
    const char *name;
    int (*keep)(const struct place *a, const struct place *b, int i, int j);
    const char *desc;
    int rounds;                /* measured in rounds of disjoint pairs at once */
    int sample;                /* SAMPLE:N: N of the kept pairs, seeded draw */
    enum pair_count count;     /* the same pairs as keep keeps, by arithmetic */
};

extern const struct table pair_filter_table;

#endif
