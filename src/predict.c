/* predict.c: the barrier cost model of thesis section 5.6.5 */
#include "predict.h"

#include <stdlib.h>
#include <string.h>

/* does rank j signal rank i in stage s? */
static int signals(const struct stage *st, int j, int i)
{
    for (int e = 0; e < st->n; e++)
        if (st->e[e].from == j && st->e[e].to == i)
            return 1;
    return 0;
}

double predict_barrier(const struct bpattern *bp, const struct params *pm,
                       double bytes)
{
    int p = bp->p;
    double *t = calloc((size_t)p, sizeof *t);       /* end of the last stage */
    double *next = malloc((size_t)p * sizeof *next);
    double *lsum = malloc((size_t)p * sizeof *lsum);
    double *omax = malloc((size_t)p * sizeof *omax);
    int *last = malloc((size_t)p * sizeof *last);   /* last active stage */
    if (!t || !next || !lsum || !omax || !last)
        abort();
    for (int i = 0; i < p; i++)
        last[i] = -1;

    for (int s = 0; s < bp->nstages; s++) {
        const struct stage *st = &bp->st[s];
        for (int i = 0; i < p; i++) {
            lsum[i] = 0;
            omax[i] = pm->o[i];            /* condition 1: at least O_ii */
        }
        for (int e = 0; e < st->n; e++) {
            int i = st->e[e].from, j = st->e[e].to;
            lsum[i] += pm->lij[(size_t)i * p + j] + bytes * pm->bij[(size_t)i * p + j];
            /* condition 2: j has waited for i's signal since signalling i */
            int awaiting = last[j] >= 0 && s - last[j] >= 2 &&
                           signals(&bp->st[last[j]], j, i);
            double o = awaiting ? pm->o[j] : pm->oij[(size_t)i * p + j];
            if (o > omax[i])
                omax[i] = o;
        }
        /* each rank's own work in the stage, then the signals it awaits */
        for (int i = 0; i < p; i++)
            next[i] = t[i] + 2 * lsum[i] + omax[i];
        for (int e = 0; e < st->n; e++) {
            int i = st->e[e].from, j = st->e[e].to;
            double arrival = t[i] + 2 * lsum[i] + omax[i];
            if (arrival > next[j])
                next[j] = arrival;
        }
        memcpy(t, next, (size_t)p * sizeof *t);
        for (int e = 0; e < st->n; e++) {
            last[st->e[e].from] = s;
            last[st->e[e].to] = s;
        }
    }
    double worst = 0;
    for (int i = 0; i < p; i++)
        if (t[i] > worst)
            worst = t[i];
    free(t);
    free(next);
    free(lsum);
    free(omax);
    free(last);
    return worst;
}
