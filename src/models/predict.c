/* predict.c: the barrier cost model of J. C. Meyer's thesis (NTNU 2012),
 * section 5.6.5 */
#include "models/predict.h"

#include <stdlib.h>
#include <string.h>
#include "base/base.h"

/* does rank j signal rank i in stage s? */
static int signals(const struct stage *st, int j, int i)
{
    for (int e = 0; e < st->n; e++)
        if (st->e[e].from == j && st->e[e].to == i)
            return 1;
    return 0;
}

/* per-rank scratch of one prediction */
struct walk {
    double *t;                 /* end of the last stage */
    double *next, *lsum, *omax;
    int *last;                 /* last active stage */
};

/* each rank's own work in stage s: 2 sum_j L_ij (+ payload) and the
 * largest overhead, with both conditions of eq. 5.4 */
static void stage_work(const struct bpattern *bp, const struct params *pm,
                       double bytes, int s, struct walk *w)
{
    int p = bp->p;
    const struct stage *st = &bp->st[s];
    for (int i = 0; i < p; i++) {
        w->lsum[i] = 0;
        w->omax[i] = pm->o[i];            /* condition 1: at least O_ii */
    }
    for (int e = 0; e < st->n; e++) {
        int i = st->e[e].from, j = st->e[e].to;
        size_t ij = (size_t)i * p + j;
        w->lsum[i] += pm->lij[ij] + bytes * pm->bij[ij];
        /* condition 2: j has waited for i's signal since signalling i */
        int awaiting = w->last[j] >= 0 && s - w->last[j] >= 2 &&
                       signals(&bp->st[w->last[j]], j, i);
        double o = awaiting ? pm->o[j] : pm->oij[ij];
        if (o > w->omax[i])
            w->omax[i] = o;
    }
}

/* rank i ends stage s when its own work and every signal to it are done */
static void stage_end(const struct bpattern *bp, int s, struct walk *w)
{
    const struct stage *st = &bp->st[s];
    for (int i = 0; i < bp->p; i++)
        w->next[i] = w->t[i] + 2 * w->lsum[i] + w->omax[i];
    for (int e = 0; e < st->n; e++) {
        int i = st->e[e].from, j = st->e[e].to;
        double arrival = w->t[i] + 2 * w->lsum[i] + w->omax[i];
        if (arrival > w->next[j])
            w->next[j] = arrival;
    }
    memcpy(w->t, w->next, (size_t)bp->p * sizeof *w->t);
    for (int e = 0; e < st->n; e++) {
        w->last[st->e[e].from] = s;
        w->last[st->e[e].to] = s;
    }
}

double predict_barrier(const struct bpattern *bp, const struct params *pm,
                       double bytes)
{
    size_t p = (size_t)(bp->p > 0 ? bp->p : 1);
    struct walk w = {xcalloc(p, sizeof(double)), xmalloc_array(p, sizeof(double)),
                     xmalloc_array(p, sizeof(double)), xmalloc_array(p, sizeof(double)),
                     xmalloc_array(p, sizeof(int))};
    for (int i = 0; i < bp->p; i++)
        w.last[i] = -1;
    for (int s = 0; s < bp->nstages; s++) {
        stage_work(bp, pm, bytes, s, &w);
        stage_end(bp, s, &w);
    }
    double worst = 0;
    for (int i = 0; i < bp->p; i++)
        if (w.t[i] > worst)
            worst = w.t[i];
    free(w.t);
    free(w.next);
    free(w.lsum);
    free(w.omax);
    free(w.last);
    return worst;
}
