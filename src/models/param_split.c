/* param_split.c: a class whose spot-check failed, split by node pairs:
 * one pair of each node pair it spans is measured, and the node pairs
 * whose values agree within the bound make a class each; where that
 * leaves too many classes the class is measured in full
 * (param_classes.h) */
#include "models/param_classes.h"

#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "models/predict.h"

static int failed(const struct param_class *c)
{
    return c->how == CLASS_SAMPLED && c->spot_off > 0;
}

/* the node pair of a pair, lower node first */
static int node_pair(const struct class_table *t, const struct class_loc *loc, int i,
                     int j)
{
    int a = loc[i].node, b = loc[j].node;
    return a <= b ? a * t->nodes + b : b * t->nodes + a;
}

int classes_split_pick(struct class_table *t, const struct class_loc *loc,
                       const struct params *pm)
{
    (void)pm;
    int p = t->p, added = 0, measured = t->npairs;
    size_t cells = (size_t)t->nodes * t->nodes;
    char *have = xmalloc_array(cells, 1);
    for (int id = 0; id < t->n; id++) {
        if (!failed(&t->c[id]))
            continue;
        memset(have, 0, cells);
        for (int k = 0; k < measured; k++)
            if (t->cls[t->pair[k].i * p + t->pair[k].j] == id)
                have[node_pair(t, loc, t->pair[k].i, t->pair[k].j)] = 1;
        for (int i = 0; i < p; i++)
            for (int j = i + 1; j < p; j++) {
                int np = node_pair(t, loc, i, j);
                if (t->cls[i * p + j] != id || have[np])
                    continue;
                have[np] = 1;  /* the first pair of the node pair, in rank order */
                class_add_pair(t, i, j, id, ROLE_SPLIT);
                added++;
            }
    }
    free(have);
    return added;
}

/* the measured pairs' values, oriented from the lower node, into v (2
 * per per-pair matrix) */
static void oriented(const struct class_table *t, const struct class_loc *loc,
                     const struct class_pair *q, const struct params *pm, double *v)
{
    size_t p = (size_t)t->p, ij = q->i * p + q->j, ji = q->j * p + q->i;
    int flip = loc[q->i].node > loc[q->j].node, n = 0;
    for (int f = 0; f < PF_MODEL_COUNT; f++) {
        if (!class_checked(f, pm))
            continue;
        const double *m = pm->m[f];
        v[n++] = flip ? m[ji] : m[ij];
        v[n++] = flip ? m[ij] : m[ji];
    }
}

static int agree(const double *a, const double *b, int n)
{
    int off = 0;
    for (int k = 0; k < n; k++)
        class_apart(a[k], b[k], &off);
    return !off;
}

/* the node pairs class id spans, grouped: group[np] (-1: not in it);
 * returns how many groups, *nps how many node pairs */
static int group_node_pairs(const struct class_table *t, const struct class_loc *loc,
                            int id, const struct params *pm, int *group, int *nps)
{
    int p = t->p, ngroups = 0;
    double *seed = xmalloc_array((size_t)t->npairs * 2 * PF_MODEL_COUNT + 1, sizeof *seed);
    double v[2 * PF_MODEL_COUNT];
    int width = 0;
    for (int f = 0; f < PF_MODEL_COUNT; f++)
        width += 2 * class_checked(f, pm);
    *nps = 0;
    for (int k = 0; k < t->npairs; k++) {
        const struct class_pair *q = &t->pair[k];
        int np = node_pair(t, loc, q->i, q->j);
        if (t->cls[q->i * p + q->j] != id || group[np] >= 0)
            continue;
        (*nps)++;
        oriented(t, loc, q, pm, v);
        int g = 0;
        while (g < ngroups && !agree(v, seed + (size_t)g * width, width))
            g++;
        if (g == ngroups)
            memcpy(seed + (size_t)ngroups++ * width, v, (size_t)width * sizeof *v);
        group[np] = g;
    }
    free(seed);
    return ngroups;
}

/* the node that every node pair of new class id has, where it has all
 * of the parent's node pairs with that node and more than one */
static int common_node(const struct class_table *t, const int *group, int g,
                       int nodes)
{
    for (int n = 0; n < nodes; n++) {
        int with = 0, all = 0, in = 0;
        for (int a = 0; a < nodes; a++)
            for (int b = a; b < nodes; b++) {
                int np = a * nodes + b;
                if (group[np] < 0)
                    continue;
                in += group[np] == g;
                all += a == n || b == n;
                with += group[np] == g && (a == n || b == n);
            }
        if (in > 1 && with == in && with == all)
            return n;
    }
    (void)t;
    return -1;
}

/* class id into ngroups new ones by group[] */
static void split_into(struct class_table *t, const struct class_loc *loc, int id,
                       const int *group, int ngroups, const struct params *pm)
{
    int p = t->p, first = t->n;
    for (int g = 0; g < ngroups; g++) {
        int k = class_new(t, t->c[id].same_node, t->c[id].level, id);
        t->c[k].node = common_node(t, group, g, t->nodes);
    }
    for (int a = 0; a < t->nodes * t->nodes; a++)
        if (group[a] >= 0)
            t->c[first + group[a]].node_pairs++;
    for (int i = 0; i < p; i++)
        for (int j = i + 1; j < p; j++)
            if (t->cls[i * p + j] == id) {
                int k = first + group[node_pair(t, loc, i, j)];
                t->cls[i * p + j] = t->cls[j * p + i] = k;
                t->c[k].pairs++;
            }
    t->c[id].how = CLASS_GONE;
    for (int g = 0; g < ngroups; g++)
        class_values(t, first + g, pm);
}

/* class id measured in full: its pairs not yet measured appended */
static int to_full(struct class_table *t, int id)
{
    int p = t->p, added = 0;
    char *mark = xcalloc((size_t)p * p, 1);
    for (int k = 0; k < t->npairs; k++)
        mark[t->pair[k].i * p + t->pair[k].j] = 1;
    for (int i = 0; i < p; i++)
        for (int j = i + 1; j < p; j++)
            if (t->cls[i * p + j] == id && !mark[i * p + j]) {
                class_add_pair(t, i, j, id, ROLE_FULL);
                added++;
            }
    free(mark);
    t->c[id].how = CLASS_FULL;
    return added;
}

int classes_split(struct class_table *t, const struct class_loc *loc,
                  const struct params *pm)
{
    size_t cells = (size_t)t->nodes * t->nodes;
    int *group = xmalloc_array(cells, sizeof *group), added = 0, n = t->n;
    for (int id = 0; id < n; id++) {
        if (!failed(&t->c[id]))
            continue;
        for (size_t c = 0; c < cells; c++)
            group[c] = -1;
        int nps, ngroups = group_node_pairs(t, loc, id, pm, group, &nps);
        /* split, unless that makes more classes than half its node pairs
         * (then there is no structure a split keeps, and sampling saves
         * little: every pair is measured) */
        if (2 * ngroups > nps)
            added += to_full(t, id);
        else
            split_into(t, loc, id, group, ngroups, pm);
    }
    free(group);
    return added;
}
