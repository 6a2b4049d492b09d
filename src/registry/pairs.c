/* pairs.c: the pair criteria of point-to-point records ("specific pairs of
 * nodes which have a specific criteria").  To add one: a keep function and
 * a table line (and, for --validate --ranks, its count: enum pair_count). */
#include <stdlib.h>

#include "registry/registry.h"

static int all(const struct place *a, const struct place *b, int i, int j)
{
    (void)a; (void)b; (void)i; (void)j;
    return 1;
}

/* grid neighbours: one step along exactly one axis */
static int neighbours(const struct place *a, const struct place *b, int i, int j)
{
    (void)i; (void)j;
    return abs(a->x - b->x) + abs(a->y - b->y) + abs(a->z - b->z) == 1;
}

static int with_rank0(const struct place *a, const struct place *b, int i, int j)
{
    (void)a; (void)b;
    return i == 0 || j == 0;
}

static int same_node(const struct place *a, const struct place *b, int i, int j)
{
    (void)i; (void)j;
    return a->node == b->node;
}

static int cross_node(const struct place *a, const struct place *b, int i, int j)
{
    (void)i; (void)j;
    return a->node != b->node;
}

static const struct pair_filter filters[] = {
    {"ALL", all, "every pair, one after another (the default)", 0, 0, PAIRS_ALL},
    {"NEIGHBOURS", neighbours, "grid neighbours: one step along one axis", 0, 0,
     PAIRS_NEIGHBOURS},
    {"RANK0", with_rank0, "pairs with the communicator's rank 0", 0, 0, PAIRS_RANK0},
    {"SAME-NODE", same_node, "pairs on one node", 0, 0, PAIRS_SAME_NODE},
    {"CROSS-NODE", cross_node, "pairs on different nodes", 0, 0, PAIRS_CROSS_NODE},
    {"ROUNDS", all, "every pair, in rounds of disjoint pairs measured at the same "
     "time (round-robin: P-1 rounds, P for odd P)", 1, 0, PAIRS_ALL},
    {"SAMPLE", all, "SAMPLE:N, N pairs drawn with a fixed seed, one after another",
     0, 1, PAIRS_ALL},
};

static const char *const filter_aliases[] = {"NEIGHBORS", "NEIGHBOURS", NULL};

const struct table pair_filter_table = {
    "pair criterion", filters, sizeof filters / sizeof filters[0], sizeof filters[0],
    filter_aliases, NULL,
};
