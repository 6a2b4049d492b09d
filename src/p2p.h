/* p2p.h: point-to-point calls (p2p.c) */
#ifndef MPIGAUGE_P2P_H
#define MPIGAUGE_P2P_H

#include "bench.h"

void p2p_buffers(int p, size_t n, size_t *send, size_t *recv);
void p2p_prepare_ready(struct bench *b);
void run_send(struct bench *b, int iters);
void run_ssend(struct bench *b, int iters);
void run_bsend(struct bench *b, int iters);
void run_rsend(struct bench *b, int iters);
void run_isend(struct bench *b, int iters);
void run_ibsend(struct bench *b, int iters);
void run_issend(struct bench *b, int iters);
void run_irsend(struct bench *b, int iters);
void run_irecv(struct bench *b, int iters);
void run_sendrecv(struct bench *b, int iters);
void run_sendrecv_replace(struct bench *b, int iters);
void check_pingpong(struct bench *b);
void check_replace(struct bench *b);

#endif
