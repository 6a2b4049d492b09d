/* coll_hrelation.h: the h-relation (coll_hrelation.c) */
#ifndef MPIGAUGE_HRELATION_H
#define MPIGAUGE_HRELATION_H

#include "kernels/kernel.h"

void layout_hrelation(struct kernel *k);
void run_hrelation(struct kernel *k, int iters);
void check_hrelation(struct kernel *k);

#endif
