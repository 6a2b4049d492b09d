/* param_classes.c: the pairs of a communicator by classes: grouping,
 * the draw of samples and spot-checks, the check, the split and the
 * filling of the matrices (param_classes.h) */
#include "models/param_classes.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "base/splitmix.h"
#include "models/predict.h"
#include "models/schedule.h"
#include "models/stats.h"

int class_new(struct class_table *t, int same_node, int level, int parent)
{
    t->c = xrealloc(t->c, (size_t)(t->n + 1) * sizeof *t->c);
    struct param_class *c = &t->c[t->n];
    memset(c, 0, sizeof *c);
    c->same_node = same_node;
    c->level = level;
    c->parent = parent;
    c->node = -1;
    c->worst_file = -1;
    c->how = parent < 0 ? CLASS_SAMPLED : CLASS_SPLIT;
    return t->n++;
}

static int key_class(struct class_table *t, const struct class_loc *a,
                     const struct class_loc *b, const int *hops, int nodes)
{
    int same = a->node == b->node, level;
    if (same)
        level = a->package < 0 || a->package != b->package ? 0
                : a->llc >= 0 && a->llc == b->llc ? 2 : 1;
    else
        level = hops ? hops[a->node * nodes + b->node] : -1;
    for (int k = 0; k < t->n; k++)
        if (t->c[k].same_node == same && t->c[k].level == level)
            return k;
    return class_new(t, same, level, -1);
}

void class_add_pair(struct class_table *t, int i, int j, int cls, enum class_role role)
{
    if (t->npairs == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 64;
        t->pair = xrealloc(t->pair, (size_t)t->cap * sizeof *t->pair);
    }
    t->pair[t->npairs++] = (struct class_pair){.i = i, .j = j, .cls = cls, .role = role,
                                               .round = -1};
}

/* reservoir of n: the seen-th candidate (from 0) replaces one at random */
static void reservoir(long *slot, int n, long seen, long cand, uint64_t *s)
{
    if (seen < n) {
        slot[seen] = cand;
        return;
    }
    uint64_t r = splitmix64(s) % (uint64_t)(seen + 1);
    if (r < (uint64_t)n)
        slot[r] = cand;
}

/* round r into t->round[] unless there already */
static void add_round(struct class_table *t, int r)
{
    for (int k = 0; k < t->nrounds; k++)
        if (t->round[k] == r)
            return;
    t->round[t->nrounds++] = r;
}

/* the rounds spread over the schedule: CLASS_ROUNDS, or every round
 * where p has fewer */
static int spread_rounds(int p)
{
    int rc = round_count(p);
    return rc < CLASS_ROUNDS ? rc : CLASS_ROUNDS;
}

/* which rounds (param_classes.h): those of rank 0 with each other node's
 * first rank, where the other nodes are few enough, then rounds spread
 * over the schedule up to CLASS_ROUNDS, in schedule order */
static void choose_rounds(struct class_table *t, const struct class_loc *loc)
{
    int p = t->p, rc = round_count(p), want = spread_rounds(p);
    t->nrounds = 0;
    for (int i = 1; i < p && t->nodes - 1 <= CLASS_LEADER_ROUNDS; i++) {
        int first = loc[i].node != loc[0].node;
        for (int k = 1; k < i && first; k++)
            first = loc[k].node != loc[i].node;
        for (int r = 0; r < rc && first; r++)
            if (round_partner(p, r, 0) == i)
                add_round(t, r);
    }
    for (int k = 0; k < want && t->nrounds < want; k++)
        add_round(t, (int)((long)k * rc / want));
    for (int a = 1; a < t->nrounds; a++)        /* insertion sort: a few */
        for (int b = a; b > 0 && t->round[b - 1] > t->round[b]; b--) {
            int x = t->round[b];
            t->round[b] = t->round[b - 1];
            t->round[b - 1] = x;
        }
}

int classes_round_count(int p, int nodes)
{
    int want = spread_rounds(p);
    return nodes - 1 > want && nodes - 1 <= CLASS_LEADER_ROUNDS ? nodes - 1 : want;
}

/* the pairs of the chosen rounds, the samples of the classes they meet
 * (marked in mark, counted in has) */
static void pick_rounds(struct class_table *t, const struct class_loc *loc, char *mark,
                        int *has)
{
    int p = t->p;
    choose_rounds(t, loc);
    for (int k = 0; k < t->nrounds; k++) {
        int r = t->round[k];
        for (int i = 0; i < p; i++) {
            int j = round_partner(p, r, i), cls = j > i ? t->cls[i * p + j] : -1;
            if (cls < 0 || t->c[cls].how != CLASS_SAMPLED)
                continue;
            class_add_pair(t, i, j, cls, ROLE_SAMPLE);
            t->pair[t->npairs - 1].round = r;
            mark[(long)i * p + j] = 1;
            has[cls]++;
        }
    }
}

/* each class's sample: CLASS_SAMPLE pairs at random (marked in mark),
 * less those the rounds gave it (has) */
static void pick_samples(struct class_table *t, char *mark, const int *has,
                         uint64_t *s)
{
    int p = t->p;
    long *slot = xmalloc_array((size_t)t->n * CLASS_SAMPLE, sizeof *slot);
    long *seen = xcalloc((size_t)t->n, sizeof *seen);
    for (int i = 0; i < p; i++)
        for (int j = i + 1; j < p; j++) {
            int k = t->cls[i * p + j];
            if (t->c[k].how == CLASS_SAMPLED && has[k] < CLASS_SAMPLE &&
                !mark[(long)i * p + j])
                reservoir(slot + (size_t)k * CLASS_SAMPLE, CLASS_SAMPLE, seen[k]++,
                          (long)i * p + j, s);
        }
    for (int k = 0; k < t->n; k++)
        for (long q = 0; q < seen[k] && q < CLASS_SAMPLE - has[k]; q++) {
            long ij = slot[(size_t)k * CLASS_SAMPLE + q];
            mark[ij] = 1;
            class_add_pair(t, (int)(ij / p), (int)(ij % p), k, ROLE_SAMPLE);
        }
    free(slot);
    free(seen);
}

/* each class's spot-checks: on every node of it one pair outside the
 * sample with a rank there, at random */
static void pick_spots(struct class_table *t, const struct class_loc *loc, int nodes,
                       char *mark, uint64_t *s)
{
    int p = t->p;
    size_t cells = (size_t)t->n * nodes;
    long *slot = xmalloc_array(cells, sizeof *slot), *seen = xcalloc(cells, sizeof *seen);
    for (int i = 0; i < p; i++)
        for (int j = i + 1; j < p; j++) {
            int k = t->cls[i * p + j], a = loc[i].node, b = loc[j].node;
            if (t->c[k].how != CLASS_SAMPLED || mark[(long)i * p + j])
                continue;
            size_t ca = (size_t)k * nodes + a, cb = (size_t)k * nodes + b;
            reservoir(slot + ca, 1, seen[ca]++, (long)i * p + j, s);
            if (b != a)
                reservoir(slot + cb, 1, seen[cb]++, (long)i * p + j, s);
        }
    for (size_t c = 0; c < cells; c++)
        if (seen[c] && !mark[slot[c]]) {
            mark[slot[c]] = 1;
            class_add_pair(t, (int)(slot[c] / p), (int)(slot[c] % p), (int)(c / nodes),
                     ROLE_SPOT);
            t->c[c / nodes].spot++;
        }
    free(slot);
    free(seen);
}

int classes_plan(struct class_table *t, int p, const struct class_loc *loc,
                 const int *hops, int nodes, int rounds)
{
    memset(t, 0, sizeof *t);
    t->p = p;
    t->hops_known = hops != NULL;
    t->nodes = nodes;
    t->cls = xmalloc_array((size_t)p * p, sizeof *t->cls);
    for (int i = 0; i < p; i++) {
        t->cls[i * p + i] = -1;
        for (int j = i + 1; j < p; j++) {
            int k = key_class(t, &loc[i], &loc[j], hops, nodes);
            t->cls[i * p + j] = t->cls[j * p + i] = k;
            t->c[k].pairs++;
        }
    }
    /* a class of few pairs is measured whole: a sample and a spot-check
     * on each of its nodes would be about as many */
    for (int i = 0; i < p; i++)
        for (int j = i + 1; j < p; j++) {
            int k = t->cls[i * p + j];
            if (t->c[k].pairs <= 2 * CLASS_SAMPLE) {
                t->c[k].how = CLASS_FULL;
                class_add_pair(t, i, j, k, ROLE_FULL);
            }
        }
    char *mark = xcalloc((size_t)p * p, 1);
    int *has = xcalloc((size_t)t->n, sizeof *has);
    uint64_t s = CLASS_SEED;
    if (rounds)
        pick_rounds(t, loc, mark, has);
    pick_samples(t, mark, has, &s);
    pick_spots(t, loc, nodes, mark, &s);
    free(mark);
    free(has);
    return t->npairs;
}

int class_per_pair(int f, const struct params *pm)
{
    return param_files[f].cells == CELLS_PAIR && pm->m[f];
}

int class_checked(int f, const struct params *pm)
{
    return class_per_pair(f, pm) && param_files[f].term != COST_NONE &&
           param_files[f].term != COST_PER_BYTE;
}

/* the measured pair k counts for class id's value: a sample of it, or
 * any measured pair now in it where it was made by a split or measured
 * in full (there the median only describes it) */
static int counts_for(const struct class_table *t, int k, int id)
{
    const struct class_pair *q = &t->pair[k];
    if (t->cls[q->i * t->p + q->j] != id)
        return 0;
    return q->role == ROLE_SAMPLE || t->c[id].how != CLASS_SAMPLED;
}

/* class id's value in each per-pair matrix: the median of its counted
 * pairs, both ways */
void class_values(struct class_table *t, int id, const struct params *pm)
{
    size_t p = (size_t)t->p;
    double *x = xmalloc_array(2 * (size_t)t->npairs + 1, sizeof *x);
    int n = 0;
    for (int f = 0; f < PF_MODEL_COUNT; f++) {
        if (!class_per_pair(f, pm))
            continue;
        const double *m = pm->m[f];
        n = 0;
        for (int k = 0; k < t->npairs; k++)
            if (counts_for(t, k, id)) {
                x[n++] = m[t->pair[k].i * p + t->pair[k].j];
                x[n++] = m[t->pair[k].j * p + t->pair[k].i];
            }
        t->c[id].v[f] = median_of(x, (size_t)n);
    }
    t->c[id].sampled = n / 2;
    free(x);
}

/* how far v lies from the class's c, relative, and whether beyond the bound */
double class_apart(double v, double c, int *off)
{
    double d = fabs(v - c);
    if (d > CLASS_BOUND_REL * fabs(c) + CLASS_BOUND_ABS)
        *off = 1;
    return fabs(c) > 0 ? d / fabs(c) : d > 0 ? INFINITY : 0;
}

/* spot-check k against its class */
static void spot_check(struct class_table *t, struct class_pair *q,
                       const struct params *pm)
{
    struct param_class *c = &t->c[q->cls];
    size_t p = (size_t)t->p;
    q->dev = 0;
    q->off = 0;
    for (int f = 0; f < PF_MODEL_COUNT; f++) {
        if (!class_checked(f, pm))
            continue;
        const double *m = pm->m[f];
        double d = fmax(class_apart(m[q->i * p + q->j], c->v[f], &q->off),
                        class_apart(m[q->j * p + q->i], c->v[f], &q->off));
        if (d > c->worst) {
            c->worst = d;
            c->worst_file = f;
        }
        q->dev = fmax(q->dev, d);
    }
    c->spot_off += q->off;
}

int classes_check(struct class_table *t, const struct params *pm)
{
    for (int k = 0; k < t->n; k++)
        class_values(t, k, pm);
    for (int k = 0; k < t->npairs; k++)
        if (t->pair[k].role == ROLE_SPOT)
            spot_check(t, &t->pair[k], pm);
    int failed = 0;
    for (int k = 0; k < t->n; k++)
        failed += t->c[k].how == CLASS_SAMPLED && t->c[k].spot_off > 0;
    return failed;
}

/* the tail of class id: each bin's median over its counted pairs */
static void tail_median(const struct class_table *t, int id, const float *tail,
                        double *x, float *bins)
{
    size_t p = (size_t)t->p;
    for (int b = 0; b < PARAM_TAIL_BINS; b++) {
        int n = 0;
        for (int k = 0; k < t->npairs; k++)
            if (counts_for(t, k, id))
                x[n++] = tail[(t->pair[k].i * p + t->pair[k].j) * PARAM_TAIL_BINS + b];
        bins[b] = n ? (float)median_of(x, (size_t)n) : 0;
    }
}

/* every pair of class id not measured takes the class's values */
static void fill_class(const struct class_table *t, int id, const char *measured,
                       double *x, struct params *pm)
{
    size_t p = (size_t)t->p;
    float *tail = pm->m[PF_TAIL], bins[PARAM_TAIL_BINS];
    if (tail)
        tail_median(t, id, tail, x, bins);
    for (size_t ij = 0; ij < p * p; ij++) {
        if (t->cls[ij] != id || measured[ij])
            continue;
        for (int f = 0; f < PF_MODEL_COUNT; f++)
            if (class_per_pair(f, pm))
                ((double *)pm->m[f])[ij] = t->c[id].v[f];
        if (tail)
            memcpy(tail + ij * PARAM_TAIL_BINS, bins, sizeof bins);
    }
}

void classes_fill(const struct class_table *t, struct params *pm)
{
    size_t p = (size_t)t->p;
    char *measured = xcalloc(p * p, 1);
    double *x = xmalloc_array((size_t)t->npairs + 1, sizeof *x);
    for (int k = 0; k < t->npairs; k++)
        measured[t->pair[k].i * p + t->pair[k].j] =
            measured[t->pair[k].j * p + t->pair[k].i] = 1;
    for (int id = 0; id < t->n; id++)
        if (t->c[id].how == CLASS_SAMPLED || t->c[id].how == CLASS_SPLIT)
            fill_class(t, id, measured, x, pm);
    free(measured);
    free(x);
}

void class_label(const struct class_table *t, int k, char *out, size_t len)
{
    const struct param_class *c = &t->c[k];
    static const char *on_node[] = {"same node", "same node, one package",
                                    "same node, one cache"};
    size_t at;
    if (c->same_node)
        at = (size_t)snprintf(out, len, "%s", on_node[c->level]);
    else if (c->level >= 0)
        at = (size_t)snprintf(out, len, "other node, %d links", c->level);
    else
        at = (size_t)snprintf(out, len, "other node");
    if (at < len && c->how == CLASS_SPLIT && c->node >= 0)
        snprintf(out + at, len - at, ", with node %d",
                 t->world_node ? t->world_node[c->node] : c->node);
    else if (at < len && c->how == CLASS_SPLIT)
        snprintf(out + at, len - at, ", %d node pairs", c->node_pairs);
}

