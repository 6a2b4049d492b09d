/* hybrid.c: the greedy construction of section 7.3 of Meyer's thesis.
 *
 * 1. Each group (cluster.h) gets the candidate the model rates cheapest
 *    over its members, its pivot as the pattern's rank 0.
 * 2. The groups' arrival stages run side by side: of a group's pattern,
 *    the stages until its pivot knows every member has arrived (all of a
 *    LINEAR's or TREE's way up; all of DISSEMINATION, which has no
 *    master).
 * 3. The pivots then run the candidate the model rates cheapest among
 *    them, in full: afterwards every pivot knows every rank arrived.
 * 4. Each group's arrival stages, transposed and in reverse order,
 *    release its members.
 * Empty stages are left out.  The thesis's exception (a DISSEMINATION at
 * the top needs no release) is kept by running the top pattern whole. */
#include "models/hybrid.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "models/cluster.h"

static const struct {
    const char *name;
    void (*gen)(struct bpattern *bp, int p, int arg);
    int arg;
} candidates[HYBRID_CANDIDATES] = {
    {"LINEAR", gen_linear, 0},
    {"TREE", gen_tree, 2},
    {"TREE:4", gen_tree, 4},
    {"DISSEMINATION", gen_dissemination, 0},
    {"PAIRWISE", gen_pairwise, 0},
};

const char *hybrid_candidate(int c)
{
    return c >= 0 && c < HYBRID_CANDIDATES ? candidates[c].name : "none";
}

void hybrid_candidate_pattern(int c, struct bpattern *bp, int p)
{
    candidates[c].gen(bp, p, candidates[c].arg);
}

/* A flat LINEAR over the p ranks (arg unused).  It is one of the
 * candidates the construction weighs flat over all the ranks
 * (against_flat), so the model never rates the built barrier dearer than
 * this stand-in: the plan's estimate is an upper bound, not a guess. */
void hybrid_standin(struct bpattern *bp, int p, int arg)
{
    (void)arg;
    hybrid_candidate_pattern(0, bp, p);
}

/* stages [from, to) of local (over n members) into out's stage `at` on,
 * member i as rank map[i]; transposed and in reverse when back is set */
static void place(struct bpattern *out, const struct bpattern *local, int from,
                  int to, const int *map, int at, int back)
{
    for (int s = from; s < to; s++) {
        int src = back ? to - 1 - (s - from) : s;
        while (out->nstages <= at + s - from)
            bpattern_stage(out);
        for (int e = 0; e < local->st[src].n; e++) {
            struct edge x = local->st[src].e[e];
            if (back)
                bpattern_edge(out, at + s - from, map[x.to], map[x.from]);
            else
                bpattern_edge(out, at + s - from, map[x.from], map[x.to]);
        }
    }
}

/* the model's time for the barrier bp */
static double price_pattern(const struct bpattern *bp, const struct signal_costs *sc,
                            enum signal_kind kind, double per_iteration)
{
    double *bytes = xcalloc((size_t)bpattern_edges(bp) + 1, sizeof *bytes);
    double us = predict_barrier(bp, sc, bytes, kind, per_iteration);
    free(bytes);
    return us;
}

/* the model's time for candidate c over the n ranks map[] of p */
static double price(int c, const int *map, int n, int p, const struct signal_costs *sc,
                    enum signal_kind kind, double per_iteration)
{
    struct bpattern local, whole;
    candidates[c].gen(&local, n, candidates[c].arg);
    bpattern_init(&whole, p);
    place(&whole, &local, 0, local.nstages, map, 0, 0);
    double us = price_pattern(&whole, sc, kind, per_iteration);
    bpattern_free(&local);
    bpattern_free(&whole);
    return us;
}

/* the candidate the model rates cheapest over map[0..n) */
static int cheapest(const int *map, int n, int p, const struct signal_costs *sc,
                    enum signal_kind kind, double per_iteration, double *us)
{
    int best = 0;
    for (int c = 0; c < HYBRID_CANDIDATES; c++) {
        double t = price(c, map, n, p, sc, kind, per_iteration);
        if (c == 0 || t < *us) {
            best = c;
            *us = t;
        }
    }
    return best;
}

/* stages of local until its rank 0 knows that every rank arrived */
static int arrival_stages(const struct bpattern *local)
{
    int n = local->p;
    char *know = xcalloc((size_t)n * n, 1), *next = xcalloc((size_t)n * n, 1);
    for (int i = 0; i < n; i++)
        know[(size_t)i * n + i] = 1;
    int s = 0, all = n < 2;
    for (; s < local->nstages && !all; s++) {
        memcpy(next, know, (size_t)n * n);
        for (int e = 0; e < local->st[s].n; e++) {
            const struct edge *x = &local->st[s].e[e];
            for (int k = 0; k < n; k++)
                next[(size_t)x->to * n + k] |= know[(size_t)x->from * n + k];
        }
        memcpy(know, next, (size_t)n * n);
        all = memchr(know, 0, (size_t)n) == NULL;
    }
    free(know);
    free(next);
    return s;
}

/* group g's members, its pivot first */
static int members(const struct hybrid *h, int g, int *map)
{
    int n = 0;
    map[n++] = h->pivot[g];
    for (int i = 0; i < h->p; i++)
        if (h->group[i] == g && i != h->pivot[g])
            map[n++] = i;
    return n;
}

static void drop_empty_stages(struct bpattern *bp)
{
    int kept = 0;
    for (int s = 0; s < bp->nstages; s++) {
        if (bp->st[s].n == 0) {
            free(bp->st[s].e);
            continue;
        }
        bp->st[kept++] = bp->st[s];
    }
    bp->nstages = kept;
}

/* steps 1, 2 and 4 for every group: arrivals at stage 0, releases at `at` */
static void groups_in_and_out(struct hybrid *h, const struct signal_costs *sc,
                              enum signal_kind kind, double per_iteration,
                              struct bpattern *in, struct bpattern *out)
{
    int *map = xmalloc_array((size_t)h->p, sizeof *map);
    for (int g = 0; g < h->ngroups; g++) {
        int n = members(h, g, map);
        h->choice[g] = -1;
        if (n < 2)
            continue;
        h->choice[g] = cheapest(map, n, h->p, sc, kind, per_iteration,
                                &h->choice_us[g]);
        struct bpattern local;
        candidates[h->choice[g]].gen(&local, n, candidates[h->choice[g]].arg);
        int a = arrival_stages(&local);
        place(in, &local, 0, a, map, 0, 0);
        place(out, &local, 0, a, map, 0, 1);
        bpattern_free(&local);
    }
    free(map);
}

/* src's stages after dst's, rank i as map[i] (NULL: as itself) */
static void append(struct bpattern *dst, const struct bpattern *src, const int *map)
{
    for (int s = 0; s < src->nstages; s++) {
        int at = bpattern_stage(dst);
        for (int e = 0; e < src->st[s].n; e++) {
            struct edge x = src->st[s].e[e];
            bpattern_edge(dst, at, map ? map[x.from] : x.from, map ? map[x.to] : x.to);
        }
    }
}

/* step 3: the cheapest candidate among the pivots, whole */
static void pivots_barrier(struct hybrid *h, const struct signal_costs *c,
                           enum signal_kind kind, double per_iteration,
                           struct bpattern *top)
{
    h->top = cheapest(h->pivot, h->ngroups, h->p, c, kind, per_iteration, &h->top_us);
    candidates[h->top].gen(top, h->ngroups, candidates[h->top].arg);
}

/* 1 when d's SSS groups are two or more and stand well apart */
static int well_apart(const double *d, int p)
{
    int *group = xcalloc((size_t)p, sizeof *group), *pivot = xcalloc((size_t)p, sizeof *pivot);
    int n = sss_cluster(d, p, SSS_SPARSENESS, group, pivot);
    double inside = 0, across = INFINITY;
    for (int i = 0; i < p; i++)
        for (int j = 0; j < p; j++) {
            double v = d[(size_t)i * (size_t)p + (size_t)j];
            if (i == j || isnan(v))
                continue;
            if (group[i] == group[j])
                inside = fmax(inside, v);
            else
                across = fmin(across, v);
        }
    free(group);
    free(pivot);
    return n >= 2 && inside < 0.5 * across;
}

enum param_file hybrid_grouping(const struct params *pm, int p)
{
    if (p < 2)
        return PF_OIJ;
    int *group = xcalloc((size_t)p, sizeof *group), *pivot = xcalloc((size_t)p, sizeof *pivot);
    int n = sss_cluster(pm->m[PF_OIJ], p, SSS_SPARSENESS, group, pivot);
    free(group);
    free(pivot);
    if (n != 1)
        return PF_OIJ;
    /* the small messages' latency first: a barrier's signals are small,
     * and L_ij's fit over 1 B - 1 MiB carries the bandwidth's contention
     * when pairs are measured in rounds */
    if (pm->m[PF_LIJ_SMALL] && well_apart(pm->m[PF_LIJ_SMALL], p))
        return PF_LIJ_SMALL;
    if (pm->m[PF_LIJ] && well_apart(pm->m[PF_LIJ], p))
        return PF_LIJ;
    return PF_OIJ;
}

/* the grouped barrier against the cheapest candidate flat over all p
 * ranks: bp becomes the flat one when the model rates it faster */
static void against_flat(struct hybrid *h, const struct signal_costs *c,
                         enum signal_kind kind, double per_iteration)
{
    int *all = xmalloc_array((size_t)h->p, sizeof *all);
    for (int i = 0; i < h->p; i++)
        all[i] = i;
    h->flat = cheapest(all, h->p, h->p, c, kind, per_iteration, &h->flat_us);
    free(all);
    h->grouped_us = price_pattern(&h->grouped, c, kind, per_iteration);
    h->chose_flat = h->flat_us < h->grouped_us;
    bpattern_init(&h->bp, h->p);
    if (h->chose_flat) {
        bpattern_free(&h->bp);
        candidates[h->flat].gen(&h->bp, h->p, candidates[h->flat].arg);
    } else {
        append(&h->bp, &h->grouped, NULL);
    }
}

void hybrid_build(struct hybrid *h, int p, const double *distance,
                  const struct signal_costs *c, enum signal_kind kind,
                  double per_iteration)
{
    memset(h, 0, sizeof *h);
    h->p = p;
    h->grouped_by = PF_OIJ;
    h->top = -1;
    h->flat = -1;
    h->grouped_us = h->flat_us = NAN;
    h->group = xcalloc((size_t)p, sizeof *h->group);
    h->pivot = xcalloc((size_t)p, sizeof *h->pivot);
    h->ngroups = sss_cluster(distance, p, SSS_SPARSENESS, h->group, h->pivot);
    h->choice = xcalloc((size_t)h->ngroups, sizeof *h->choice);
    h->choice_us = xcalloc((size_t)h->ngroups, sizeof *h->choice_us);
    bpattern_init(&h->grouped, p);
    if (h->ngroups == 1) {
        /* one group is the top level: its pattern whole, no release of
         * its own (a DISSEMINATION would otherwise run twice): the
         * cheapest flat candidate already */
        int *map = xmalloc_array((size_t)p, sizeof *map);
        int n = members(h, 0, map);
        struct bpattern local;
        h->choice[0] = -1;
        if (n > 1) {
            h->choice[0] = cheapest(map, n, p, c, kind, per_iteration, &h->choice_us[0]);
            candidates[h->choice[0]].gen(&local, n, candidates[h->choice[0]].arg);
            append(&h->grouped, &local, map);
            bpattern_free(&local);
            h->flat = h->choice[0];
            h->flat_us = h->grouped_us = h->choice_us[0];
        }
        free(map);
        bpattern_init(&h->bp, p);
        append(&h->bp, &h->grouped, NULL);
        return;
    }
    struct bpattern in, out, top;
    bpattern_init(&in, p);
    bpattern_init(&out, p);
    groups_in_and_out(h, c, kind, per_iteration, &in, &out);
    pivots_barrier(h, c, kind, per_iteration, &top);
    append(&h->grouped, &in, NULL);
    append(&h->grouped, &top, h->pivot);
    append(&h->grouped, &out, NULL);
    bpattern_free(&in);
    bpattern_free(&out);
    bpattern_free(&top);
    drop_empty_stages(&h->grouped);
    against_flat(h, c, kind, per_iteration);
}

void hybrid_free(struct hybrid *h)
{
    free(h->group);
    free(h->pivot);
    free(h->choice);
    free(h->choice_us);
    bpattern_free(&h->bp);
    bpattern_free(&h->grouped);
    memset(h, 0, sizeof *h);
}
