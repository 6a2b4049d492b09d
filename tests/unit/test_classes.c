/* test_classes.c: --params classes without MPI: the pairs grouped by
 * node, package, cache and route links; each class's sample and a
 * spot-check on every node; a class with one slow node found and split
 * by it; a class with no structure measured in full; every pair filled
 * with its class's value (models/param_classes.h) */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "models/param_classes.h"
#include "models/predict.h"
#include "models/schedule.h"
#include "unit.h"

#define P 32
#define NODES 4                /* 8 ranks a node, 2 packages of 4, one cache each */

static void places(struct class_loc *loc)
{
    for (int r = 0; r < P; r++)
        loc[r] = (struct class_loc){.node = r / 8, .package = (r % 8) / 4,
                                    .llc = (r % 8) / 4};
}

/* the true value of a pair: 1 us on a package, 2 on a node, 50 across,
 * 150 across with node `slow`, or by node pair where scatter (no
 * structure a split could keep) */
static double truth(int i, int j, int slow, int scatter)
{
    int a = i / 8, b = j / 8;
    if (a == b)
        return (i % 8) / 4 == (j % 8) / 4 ? 1 : 2;
    if (scatter)
        return 50 * (1 + a + NODES * b + b + NODES * a);
    return a == slow || b == slow ? 150 : 50;
}

/* pm as if every pair were measured: each checked matrix the truth */
static void measure_all(struct params *pm, int slow, int scatter)
{
    params_alloc(pm, P);
    for (int f = 0; f < PF_MODEL_COUNT; f++)
        if (class_per_pair(f, pm))
            for (int i = 0; i < P; i++)
                for (int j = 0; j < P; j++)
                    ((double *)pm->m[f])[i * P + j] = i == j ? 0 : truth(i, j, slow, scatter);
}

static int filled_right(const struct params *pm, int slow, int scatter)
{
    int bad = 0;
    const double *l = pm->m[PF_LIJ_SMALL];
    for (int i = 0; i < P; i++)
        for (int j = 0; j < P; j++)
            bad += i != j && fabs(l[i * P + j] - truth(i, j, slow, scatter)) > 1e-9;
    return bad == 0;
}

/* how many of rank 0's pairs with rank per * n (n = 1, 2, ...) are in
 * the rounds */
static int leaders_in_rounds(const struct class_table *t, int per)
{
    int n = 0;
    for (int k = 0; k < t->npairs; k++)
        n += t->pair[k].round >= 0 && t->pair[k].i == 0 && t->pair[k].j % per == 0;
    return n;
}

/* 16 nodes of 2: a round for each of the 15 other nodes' first ranks;
 * 32 nodes of 1, more than CLASS_LEADER_ROUNDS others: CLASS_ROUNDS
 * rounds spread over the schedule */
static void leader_rounds(void)
{
    struct class_loc loc[P];
    struct class_table t;
    for (int per = 2; per >= 1; per--) {
        for (int r = 0; r < P; r++)
            loc[r] = (struct class_loc){.node = r / per, .package = -1, .llc = -1};
        classes_plan(&t, P, loc, NULL, P / per, 1);
        int others = P / per - 1;
        if (others <= CLASS_LEADER_ROUNDS)
            CHECK(t.nrounds == others && leaders_in_rounds(&t, per) == others);
        else
            CHECK(t.nrounds == CLASS_ROUNDS && t.round[1] == round_count(P) / CLASS_ROUNDS);
        for (int k = 1; k < t.nrounds; k++)
            CHECK(t.round[k - 1] < t.round[k]);
        classes_free(&t);
    }
}

static void grouping(void)
{
    struct class_loc loc[P];
    places(loc);
    int hops[NODES * NODES];
    for (int k = 0; k < NODES * NODES; k++)
        hops[k] = 3;
    struct class_table t;
    classes_plan(&t, P, loc, hops, NODES, 0);
    /* one cache (= one package here), another package, across 3 links */
    CHECK(t.n == 2 + 1);
    long pairs = 0;
    int spot = 0, sample = 0, nodes_seen[3][NODES] = {{0}};
    for (int k = 0; k < t.n; k++)
        pairs += t.c[k].pairs;
    CHECK(pairs == P * (P - 1) / 2);
    for (int k = 0; k < t.npairs; k++) {
        const struct class_pair *q = &t.pair[k];
        spot += q->role == ROLE_SPOT;
        sample += q->role == ROLE_SAMPLE;
        if (q->role == ROLE_SPOT) {
            nodes_seen[q->cls][loc[q->i].node] = 1;
            nodes_seen[q->cls][loc[q->j].node] = 1;
        }
    }
    CHECK(sample == 3 * CLASS_SAMPLE);
    CHECK(spot >= t.n);        /* some spot-check in every class */
    int every = 1;
    for (int k = 0; k < t.n; k++)
        for (int n = 0; n < NODES; n++)
            every &= nodes_seen[k][n];
    CHECK(every);              /* a spot-check on every node of every class */
    char label[160];
    class_label(&t, t.cls[0 * P + 8], label, sizeof label);
    CHECK(strcmp(label, "other node, 3 links") == 0);
    class_label(&t, t.cls[0 * P + 1], label, sizeof label);
    CHECK(strcmp(label, "same node, one cache") == 0);
    classes_free(&t);
    /* with rounds: the pairs of CLASS_ROUNDS rounds of the schedule,
     * rank 0's pairs with the other nodes' first ranks among them */
    classes_plan(&t, P, loc, NULL, NODES, 1);
    int in_round = 0, partners = 1;
    for (int k = 0; k < t.npairs; k++)
        if (t.pair[k].round >= 0) {
            in_round++;
            partners &= round_partner(P, t.pair[k].round, t.pair[k].i) == t.pair[k].j;
        }
    CHECK(t.nrounds == CLASS_ROUNDS && in_round == CLASS_ROUNDS * P / 2 && partners);
    CHECK(leaders_in_rounds(&t, 8) == NODES - 1);
    classes_free(&t);
    leader_rounds();
}

/* plan, check, split and fill over pm; returns the classes that failed */
static int run(struct class_table *t, struct params *pm, const struct class_loc *loc)
{
    classes_plan(t, P, loc, NULL, NODES, 0);
    int failed = classes_check(t, pm);
    if (failed) {
        classes_split_pick(t, loc, pm);
        classes_split(t, loc, pm);
    }
    classes_fill(t, pm);
    return failed;
}

static void slow_node(void)
{
    struct class_loc loc[P];
    places(loc);
    struct params pm;
    struct class_table t;
    measure_all(&pm, -1, 0);
    CHECK(run(&t, &pm, loc) == 0);
    CHECK(filled_right(&pm, -1, 0));
    classes_free(&t);
    params_free(&pm);

    measure_all(&pm, 2, 0);
    CHECK(run(&t, &pm, loc) == 1);
    CHECK(filled_right(&pm, 2, 0));
    int with2 = -1, gone = 0;
    for (int k = 0; k < t.n; k++) {
        gone += t.c[k].how == CLASS_GONE;
        if (t.c[k].how == CLASS_SPLIT && t.c[k].node == 2)
            with2 = k;
    }
    CHECK(gone == 1 && with2 >= 0 && t.c[with2].pairs == 8 * 24);
    classes_free(&t);
    params_free(&pm);

    /* every node pair its own value: split would keep them all, so in full */
    measure_all(&pm, -1, 1);
    CHECK(run(&t, &pm, loc) == 1);
    int full = 0;
    for (int k = 0; k < t.n; k++)
        full += t.c[k].how == CLASS_FULL;
    CHECK(full == 1);
    CHECK(filled_right(&pm, -1, 1));
    classes_free(&t);
    params_free(&pm);
}

void test_classes(void)
{
    grouping();
    slow_node();
}
