/* p2p_partitioned.h: partitioned point-to-point (p2p_partitioned.c) */
#ifndef MPIGAUGE_P2P_PARTITIONED_H
#define MPIGAUGE_P2P_PARTITIONED_H

#include "kernels/kernel.h"

const char *psend_unavailable(void);
void psend_pair_begin(struct kernel *k);
void psend_pair_end(struct kernel *k);
void run_psend(struct kernel *k, int iters);
void check_psend(struct kernel *k);

#endif
