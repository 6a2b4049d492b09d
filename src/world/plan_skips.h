/* plan_skips.h: why a planned record is skipped (plan_skips.c) */
#ifndef MPIGAUGE_PLAN_SKIPS_H
#define MPIGAUGE_PLAN_SKIPS_H

#include "world/plan.h"

/* writes into pl->skipped why pl's record cannot run on pl->tc (empty
 * when it can); counts its pairs into pl->breadth (collective over the
 * world for a pairwise call) */
void plan_skip_reason(struct planned *pl, const struct world *w, const struct options *o);

#endif
