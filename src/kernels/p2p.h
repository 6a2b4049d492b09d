/* p2p.h: point-to-point calls (p2p.c) */
#ifndef MPIGAUGE_P2P_H
#define MPIGAUGE_P2P_H

#include "kernels/kernel.h"

void p2p_prepare_ready(struct kernel *k);
void run_send(struct kernel *k, int iters);
void run_ssend(struct kernel *k, int iters);
void run_bsend(struct kernel *k, int iters);
void run_rsend(struct kernel *k, int iters);
void run_isend(struct kernel *k, int iters);
void run_ibsend(struct kernel *k, int iters);
void run_issend(struct kernel *k, int iters);
void run_irsend(struct kernel *k, int iters);
void run_irecv(struct kernel *k, int iters);
void run_pingping(struct kernel *k, int iters);
void run_sendrecv(struct kernel *k, int iters);
void run_sendrecv_replace(struct kernel *k, int iters);
void check_pingpong(struct kernel *k);
void check_replace(struct kernel *k);

#endif
