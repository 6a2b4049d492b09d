/* param_drift.h: how far the pairwise parameters moved between two
 * measurements of the same pairs (params.c measures a sample of pairs
 * again), and the matrices moved by it, for the prediction's interval */
#ifndef MPIGAUGE_PARAM_DRIFT_H
#define MPIGAUGE_PARAM_DRIFT_H

#include "models/predict.h"

/* the median of the n relative differences |again[k] - first[k]| /
 * first[k] (a first value of 0: 0 when again is 0 too, else left out);
 * NaN when none is left */
double drift_median(const double *first, const double *again, int n);

/* 1 when matrix f of pm is moved by params_moved: a p x p matrix of
 * doubles that pm holds, with a drift that is a number */
int drift_moves(const struct params *pm, int f);

/* a copy of pm whose matrices that drift_moves are new ones, every value
 * times 1 + sign * drift[f] (sign -1: the low end, 1: the high end); the
 * others (O_i, the tail, the classes) are pm's, not copied */
struct params params_moved(const struct params *pm, double sign);
/* frees what params_moved made (and only that) */
void params_moved_free(struct params *moved);

/* The interval that the parameters' own movement puts around a predicted
 * median (typical): the least and greatest of typical and predict(ctx,
 * pm moved down), predict(ctx, pm moved up).  Least and greatest, not the
 * two as they come: a flight is a one-way time less its overheads, and a
 * one-way time that drifted less than its overheads can make the "up"
 * prediction the lower.  *lo and *hi are left as they were where no
 * matrix drift_moves (nothing measured again: by classes). */
void drift_interval(const struct params *pm, double typical,
                    double (*predict)(void *ctx, const struct params *moved), void *ctx,
                    double *lo, double *hi);

#endif
