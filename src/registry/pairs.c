/* pairs.c: the pair criteria of point-to-point records ("specific pairs of
 * nodes which have a specific criteria").  To add one: a keep function and
 * a table line. */
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
    {"ALL", all, "every pair (the default)"},
    {"NEIGHBOURS", neighbours, "grid neighbours: one step along one axis"},
    {"RANK0", with_rank0, "pairs with the communicator's rank 0"},
    {"SAME-NODE", same_node, "pairs on one node"},
    {"CROSS-NODE", cross_node, "pairs on different nodes"},
};

static const char *const filter_aliases[] = {"NEIGHBORS", "NEIGHBOURS", NULL};

const struct table pair_filter_table = {
    "pair criterion", filters, sizeof filters / sizeof filters[0], sizeof filters[0],
    filter_aliases, NULL,
};
