/* pattern_scale.c: generating, checking and predicting every built-in
 * barrier pattern for P ranks (default 4096), in wall-clock seconds.  The
 * work is linear in the signals; a dense P x P x P product would take
 * hours at this size.  No MPI launcher needed.  usage: pattern_scale [P] */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "base/base.h"
#include "models/pattern.h"
#include "models/predict.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    int p = argc > 1 ? atoi(argv[1]) : 4096;
    size_t pp = (size_t)p * (size_t)p;
    /* the model's required matrices only (the optional ones absent, as
     * in a folder from before they were measured) */
    struct params pm = {.p = p};
    pm.m[PF_O] = xcalloc((size_t)p, sizeof(double));
    enum param_file pair[] = {PF_OIJ, PF_LIJ, PF_BIJ, PF_LIJ_SMALL};
    for (size_t k = 0; k < sizeof pair / sizeof pair[0]; k++)
        pm.m[pair[k]] = xcalloc(pp, sizeof(double));
    double *o = pm.m[PF_O], *oij = pm.m[PF_OIJ], *lij = pm.m[PF_LIJ],
           *lsm = pm.m[PF_LIJ_SMALL];
    for (int i = 0; i < p; i++)
        o[i] = 0.05;
    for (size_t i = 0; i < pp; i++) {
        oij[i] = 0.25;
        lij[i] = lsm[i] = 0.2 + (double)(i % 7) * 0.01;
    }
    struct { const char *name; void (*gen)(struct bpattern *, int, int); int arg; } g[] = {
        {"LINEAR", gen_linear, 0}, {"TREE", gen_tree, 2}, {"TREE:4", gen_tree, 4},
        {"DISSEMINATION", gen_dissemination, 0}, {"PAIRWISE", gen_pairwise, 0}};
    printf("barrier patterns for P = %d (generate, check eqs. 5.1-5.2, predict by events):\n", p);
    for (size_t k = 0; k < sizeof g / sizeof g[0]; k++) {
        struct bpattern bp;
        int who, stage, missing;
        double t0 = now();
        g[k].gen(&bp, p, g[k].arg);
        double t1 = now();
        int bad = bpattern_check(&bp, &who, &stage, &missing);
        double t2 = now();
        struct signal_costs c = costs_from_params(&pm);
        double pred = predict_barrier(&bp, &c, NULL, SIGNAL_EAGER, 0);
        double t3 = now();
        printf("  %-14s %3d stages %8ld signals  generate %.3f s  check %.3f s  "
               "predict %.3f s  (%s, %.2f us)\n", g[k].name, bp.nstages,
               bpattern_edges(&bp), t1 - t0, t2 - t1, t3 - t2, bad ? "BROKEN" : "ok", pred);
        bpattern_free(&bp);
    }
    params_free(&pm);
    return 0;
}
