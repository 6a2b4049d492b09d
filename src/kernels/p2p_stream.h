/* p2p_stream.h: streaming point-to-point calls (p2p_stream.c) */
#ifndef MPIGAUGE_STREAM_H
#define MPIGAUGE_STREAM_H

#include "kernels/kernel.h"

/* element w * count of buf: window slot w */
char *window_slot(const struct kernel *k, char *buf, int w);
/* message w's receive buffer: its slot, or rbuf with buffers=single */
char *recv_slot(const struct kernel *k, int w);
/* message w's send buffer: sbuf, or its slot (--check, buffers=multiple) */
char *send_slot(const struct kernel *k, int w);
/* --check of a window: every message from a slot of its own with data of
 * its own (k->distinct set while run makes one iteration), compared on
 * the receiving side when receives is set */
void check_window(struct kernel *k, int peer, int receives,
                  void (*run)(struct kernel *, int));
/* window= requests for the window's messages */
void layout_window(struct kernel *k);
/* the multi-pair calls (r < P/2 with r + P/2): layout_window's requests
 * where the call streams a window, and an odd rank out sits the size out
 * (k->sits_out) */
void layout_multi(struct kernel *k);
void run_bw(struct kernel *k, int iters);
void run_bibw(struct kernel *k, int iters);
void run_msgrate(struct kernel *k, int iters);
void run_multi_latency(struct kernel *k, int iters);
void run_multi_bibw(struct kernel *k, int iters);
void check_multi_bibw(struct kernel *k);
void check_bw(struct kernel *k);
void check_bibw(struct kernel *k);
void check_msgrate(struct kernel *k);
void check_multi_latency(struct kernel *k);

#endif
