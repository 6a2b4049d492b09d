/* param_classes.h: the pairwise parameters by classes of pairs (--params
 * classes, docs/models.md "Parameters by classes").  The pairs of a
 * communicator fall into classes by what the run knows of where its ranks
 * are: on one node (and there in one package, under one last-level cache,
 * where hwloc says), or on two nodes so many network links apart (where
 * the simulated platform says).  A sample of each class is measured, its
 * median fills every other pair of the class, and a spot-check of other pairs
 * (one on every node of the class) tests the class: where one differs
 * beyond the bound, the class is split by node pairs, or measured in
 * full.  Every rank computes the same plan from the same places (no
 * randomness that differs between ranks).  Plain data; no MPI. */
#ifndef MPIGAUGE_PARAM_CLASSES_H
#define MPIGAUGE_PARAM_CLASSES_H

#include "models/param_files.h"

#define CLASS_SAMPLE 5         /* pairs measured for a class's value */
#define CLASS_BOUND_REL 0.25   /* a spot-checked pair may differ by 25% ... */
#define CLASS_BOUND_ABS 0.1    /* ... plus 0.1 us from its class's value */
#define CLASS_SEED 1           /* the draw of samples and spot-checks */
/* beyond PARAM_TURNS_MAX ranks, where full measures in rounds of disjoint
 * pairs at once, a class's sample is the pairs of at least CLASS_ROUNDS of
 * those rounds, measured the same way (so that classes and full differ by
 * the sample only, not by the contention the pairs met): the rounds that
 * hold rank 0's pair with each other node's first rank, where there are
 * no more than CLASS_LEADER_ROUNDS other nodes, then rounds spread over
 * the schedule.  Those pairs are where a LINEAR or TREE barrier's root
 * meets the other nodes and what HYBRID's top level reads when the nodes
 * are its groups (their pivots are the nodes' first ranks): one value for
 * all of them moved HYBRID's prediction 1.8 points from full's at 64
 * simulated ranks (docs/models.md) */
#define CLASS_ROUNDS 8
#define CLASS_LEADER_ROUNDS 16
/* at most: the leader rounds, or CLASS_ROUNDS where they are fewer
 * (CLASS_ROUNDS is not above CLASS_LEADER_ROUNDS) */
#define CLASS_ROUNDS_MAX CLASS_LEADER_ROUNDS

/* where a rank is: its node (0.. within the communicator), and on it its
 * package and last-level cache (-1: unknown) */
struct class_loc {
    int node, package, llc;
};

enum class_how {
    CLASS_SAMPLED,             /* its value: the median of its sample */
    CLASS_SPLIT,               /* made by splitting a class whose spot-check failed */
    CLASS_FULL,                /* every pair measured (few pairs, or a failed split) */
    CLASS_GONE                 /* split into others: no pair is in it any more */
};

struct param_class {
    int same_node;
    /* on a node: 0 another package (or unknown), 1 one package, 2 one
     * cache; across nodes: the route's links, -1 unknown */
    int level;
    int parent;                /* the class it was split from, or -1 */
    int node;                  /* split: the node all its node pairs have, or -1 */
    int node_pairs;            /* split: node pairs in it */
    long pairs;                /* unordered pairs of ranks in it */
    int sampled;               /* pairs its value is the median of */
    int spot, spot_off;        /* pairs spot-checked, how many beyond the bound */
    double worst;              /* their largest difference, relative */
    int worst_file;            /* in which matrix (enum param_file), or -1 */
    enum class_how how;
    double v[PF_MODEL_COUNT];  /* its value in each per-pair matrix, us */
};

/* a pair measured: i < j, comm ranks */
enum class_role { ROLE_SAMPLE, ROLE_SPOT, ROLE_SPLIT, ROLE_FULL };
struct class_pair {
    int i, j, cls;
    int round;                 /* measured in this round of disjoint pairs, or -1: alone */
    enum class_role role;
    double dev;                /* a spot-check's largest relative difference */
    int off;                   /* ... beyond the bound */
};

struct class_table {
    int p;
    int *cls;                  /* p x p: the class of [i*p+j], -1 on the diagonal */
    int n;
    struct param_class *c;
    int npairs, cap;
    struct class_pair *pair;   /* every pair measured, in the order measured */
    int hops_known;            /* the network distance was known */
    int nodes;                 /* nodes of the communicator */
    int *world_node;           /* each one's index among the world's, or NULL */
    int nrounds;               /* rounds measured for the samples (0: none) */
    int round[CLASS_ROUNDS_MAX];   /* which */
};

/* Groups the p ranks' pairs into classes (hops: nodes x nodes links of
 * the route between two nodes, or NULL) and picks each class's sample
 * and spot-checks (all its pairs where it has no more than these):
 * appended to t->pair; returns how many were appended.  With rounds, the
 * pairs of the rounds of models/schedule.h above come first (their
 * .round set; t->round[] says which), a class's sample wherever they hold
 * any of its pairs. */
int classes_plan(struct class_table *t, int p, const struct class_loc *loc,
                 const int *hops, int nodes, int rounds);

/* how many rounds classes_plan measures for p ranks on so many nodes
 * (the estimate's count: world/estimate.c) */
int classes_round_count(int p, int nodes);

/* The values of each class from its sample's pairs in pm (measured
 * there, both ways), the spot-checks against them; returns how many
 * classes failed (a spot-check beyond the bound). */
int classes_check(struct class_table *t, const struct params *pm);

/* For each failed class: one pair of every node pair it spans (a
 * measured one where there is one), appended with ROLE_SPLIT; returns how
 * many were appended.  classes_split then groups the node pairs whose
 * values agree within the bound into new classes, or, where that makes
 * more classes than half its node pairs, marks the class to be
 * measured in full, appending all its pairs (ROLE_FULL): returns how many. */
int classes_split_pick(struct class_table *t, const struct class_loc *loc,
                       const struct params *pm);
int classes_split(struct class_table *t, const struct class_loc *loc,
                  const struct params *pm);

/* Every pair of a class (but those measured in full) that was not
 * measured takes the class's values (its medians, and each bin of the
 * tail's median), both ways, in every matrix pm holds; a measured pair
 * keeps its own (so the matrices keep some of the spread full's would
 * have: a barrier's critical path takes the largest of its signals). */
void classes_fill(const struct class_table *t, struct params *pm);

/* "same node, one package", "other node, 2 links, with node 3": class
 * k's place, for the files */
void class_label(const struct class_table *t, int k, char *out, size_t len);

void classes_free(struct class_table *t);

/* shared by param_classes.c and param_split.c */
int class_new(struct class_table *t, int same_node, int level, int parent);
void class_add_pair(struct class_table *t, int i, int j, int cls, enum class_role role);
int class_per_pair(int f, const struct params *pm);
/* and one the spot-check compares: B_ij and the full-range L_ij are not
 * (measured in rounds they carry the contention of the megabyte
 * messages, several times between pairs alike) */
int class_checked(int f, const struct params *pm);
void class_values(struct class_table *t, int id, const struct params *pm);
/* |v - c| / |c|; *off = 1 where beyond the bound (else untouched) */
double class_apart(double v, double c, int *off);

#endif
