/* bsp.h: the h-relation (bsp.c) */
#ifndef MPIGAUGE_BSP_H
#define MPIGAUGE_BSP_H

#include "bench.h"

void bufs_hrelation(int p, size_t n, size_t *send, size_t *recv);
void layout_hrelation(struct bench *b);
void run_hrelation(struct bench *b, int iters);
void check_hrelation(struct bench *b);

#endif
