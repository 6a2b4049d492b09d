/* test_hybrid.c: SSS clustering reproduces the groupings of Meyer's
 * thesis (tables 7.1 and 7.2) from cost matrices shaped like its
 * platforms, says where groups and nodes disagree, and the hybrid barrier
 * built from them passes the knowledge-matrix check with only pivots
 * signalling across groups. */
#include <stdlib.h>
#include <string.h>
#include "models/cluster.h"
#include "models/hybrid.h"
#include "unit.h"

/* costs of p ranks on nodes node(r): 1 us inside a node, 10 across, with
 * a deterministic +-10% ripple */
static double *costs(int p, int (*node)(int))
{
    double *d = malloc(sizeof *d * (size_t)p * p);
    for (int i = 0; i < p; i++)
        for (int j = 0; j < p; j++) {
            double ripple = 1 + 0.1 * (((i * 7 + j * 13) % 11) - 5) / 5.0;
            d[i * p + j] = i == j ? 0 : (node(i) == node(j) ? 1.0 : 10.0) * ripple;
        }
    return d;
}

static int round_robin8(int r) { return r % 8; }   /* table 7.1: 60 ranks */
static int blocks12(int r) { return r / 12; }      /* table 7.2: 115 ranks */
static int pairs2(int r) { return r / 2; }         /* 2 hosts x 2 ranks */
static int one_node(int r) { (void)r; return 0; }

/* 1 when the groups are exactly the nodes */
static int groups_are_nodes(const int *group, int p, int (*node)(int))
{
    for (int i = 0; i < p; i++)
        for (int j = 0; j < p; j++)
            if ((group[i] == group[j]) != (node(i) == node(j)))
                return 0;
    return 1;
}

static void test_sss(void)
{
    int group[115], pivot[115], hw[115];
    double *d = costs(60, round_robin8);
    CHECK(sss_cluster(d, 60, SSS_SPARSENESS, group, pivot) == 8);
    CHECK(groups_are_nodes(group, 60, round_robin8));
    CHECK(pivot[0] == 0 && pivot[7] == 7 && group[56] == 0 && group[55] == 7);
    free(d);
    d = costs(115, blocks12);
    CHECK(sss_cluster(d, 115, SSS_SPARSENESS, group, pivot) == 10);
    CHECK(groups_are_nodes(group, 115, blocks12));
    CHECK(pivot[9] == 108 && group[114] == 9);
    for (int i = 0; i < 115; i++)
        hw[i] = blocks12(i);
    char why[512];
    CHECK(cluster_disagreements(group, hw, 115, why, sizeof why) == 0 && why[0] == 0);
    hw[13] = 0;                /* a rank the hardware puts on node 0 */
    CHECK(cluster_disagreements(group, hw, 115, why, sizeof why) == 2);
    CHECK(strstr(why, "group 1 spans nodes 1 and 0") != NULL);
    CHECK(strstr(why, "node 0 spans groups 0 and 1") != NULL);
    free(d);
    d = costs(6, one_node);    /* uniform costs: one group */
    CHECK(sss_cluster(d, 6, SSS_SPARSENESS, group, pivot) == 1);
    free(d);
}

static struct hybrid built(int p, int (*node)(int))
{
    double *d = costs(p, node), *zero = calloc((size_t)p * p, sizeof *zero);
    struct params pm = {.p = p, .m[PF_O] = zero, .m[PF_OIJ] = d, .m[PF_LIJ] = d,
                        .m[PF_BIJ] = zero, .m[PF_LIJ_SMALL] = d};
    struct signal_costs c = costs_from_params(&pm);
    struct hybrid h;
    hybrid_build(&h, p, d, &c, SIGNAL_SYNCHRONOUS, 0);
    free(d);
    free(zero);
    return h;
}

/* signals between different nodes come from and go to pivots only */
static int only_pivots_across(const struct hybrid *h, int (*node)(int))
{
    for (int s = 0; s < h->grouped.nstages; s++)
        for (int e = 0; e < h->grouped.st[s].n; e++) {
            struct edge x = h->grouped.st[s].e[e];
            if (node(x.from) != node(x.to) &&
                (h->pivot[h->group[x.from]] != x.from || h->pivot[h->group[x.to]] != x.to))
                return 0;
        }
    return 1;
}

/* the check of every pattern, as the run gives the construction: the
 * grouped barrier and the one that runs */
static int verified(const struct hybrid *h)
{
    struct bpattern_fault f;
    return bpattern_verify(&h->grouped, &f) == 0 && bpattern_verify(&h->bp, &f) == 0;
}

static void test_build(void)
{
    int who, stage, missing;
    struct hybrid h = built(4, pairs2);
    CHECK(h.ngroups == 2 && h.pivot[0] == 0 && h.pivot[1] == 2 && h.top >= 0);
    CHECK(bpattern_check(&h.bp, &who, &stage, &missing) == 0);
    CHECK(only_pivots_across(&h, pairs2) && verified(&h));
    CHECK(h.choice[0] >= 0 && h.choice_us[0] > 0 && h.top_us > 0);
    hybrid_free(&h);
    h = built(60, round_robin8);
    CHECK(h.ngroups == 8 && bpattern_check(&h.bp, &who, &stage, &missing) == 0);
    CHECK(only_pivots_across(&h, round_robin8) && verified(&h));
    hybrid_free(&h);
    h = built(115, blocks12);
    CHECK(h.ngroups == 10 && bpattern_check(&h.bp, &who, &stage, &missing) == 0);
    CHECK(verified(&h));
    hybrid_free(&h);
    h = built(5, one_node);    /* one group: its own pattern, whole */
    CHECK(h.ngroups == 1 && h.top == -1 && h.choice[0] >= 0);
    CHECK(bpattern_check(&h.bp, &who, &stage, &missing) == 0);
    hybrid_free(&h);
    h = built(1, one_node);
    CHECK(h.ngroups == 1 && h.bp.nstages == 0 && h.choice[0] == -1 && verified(&h));
    hybrid_free(&h);
}

/* 1 when a and b have the same stages and signals */
static int same_pattern(const struct bpattern *a, const struct bpattern *b)
{
    if (a->p != b->p || a->nstages != b->nstages)
        return 0;
    for (int s = 0; s < a->nstages; s++) {
        if (a->st[s].n != b->st[s].n)
            return 0;
        for (int e = 0; e < a->st[s].n; e++)
            if (a->st[s].e[e].from != b->st[s].e[e].from || a->st[s].e[e].to != b->st[s].e[e].to)
                return 0;
    }
    return 1;
}

static int blocks16(int r) { return r / 16; }

/* the grouped barrier against the cheapest flat one, priced by the same
 * model: whichever it rates faster runs.  Pairs of ranks 10x apart from
 * the rest (12 ranks on 6 nodes of 2): the grouped one, 66.5 us against
 * the flat PAIRWISE's 82.5 by this model; 64 ranks on 4 nodes of 16: the
 * flat PAIRWISE, 52.3 us against 59.6 (its log2 64 rounds cross nodes as
 * often as the pivots' do, and the release costs extra) */
static int pairs_of_2(int r) { return r / 2; }

static void test_against_flat(void)
{
    struct hybrid h = built(12, pairs_of_2);
    CHECK(h.ngroups == 6 && !h.chose_flat && h.grouped_us < h.flat_us);
    CHECK(same_pattern(&h.bp, &h.grouped) && verified(&h));
    hybrid_free(&h);
    h = built(64, blocks16);
    CHECK(h.ngroups == 4 && h.chose_flat && h.flat_us < h.grouped_us);
    CHECK(only_pivots_across(&h, blocks16));
    struct bpattern flat;
    hybrid_candidate_pattern(h.flat, &flat, 64);
    CHECK(same_pattern(&h.bp, &flat) && verified(&h));
    bpattern_free(&flat);
    hybrid_free(&h);
    h = built(5, one_node);    /* one group: its candidate is flat already */
    CHECK(!h.chose_flat && h.flat == h.choice[0] && h.flat_us == h.grouped_us);
    hybrid_free(&h);
}

void test_hybrid(void)
{
    test_sss();
    test_build();
    test_against_flat();
}
