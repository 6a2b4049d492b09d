/* buf_sizes.h: how many elements each rank's send and receive buffers hold
 * for n elements on p ranks, one function per split the calls need */
#ifndef MPIGAUGE_BUF_SIZES_H
#define MPIGAUGE_BUF_SIZES_H

#include <stddef.h>

void bufs_n_0(int p, size_t n, size_t *send, size_t *recv);
void bufs_n_n(int p, size_t n, size_t *send, size_t *recv);
void bufs_n_pn(int p, size_t n, size_t *send, size_t *recv);
void bufs_2n_pn(int p, size_t n, size_t *send, size_t *recv);
void bufs_3n_n(int p, size_t n, size_t *send, size_t *recv);
void bufs_pn_n(int p, size_t n, size_t *send, size_t *recv);
void bufs_pn_2n(int p, size_t n, size_t *send, size_t *recv);
void bufs_pn_pn(int p, size_t n, size_t *send, size_t *recv);
void bufs_pn_in_place(int p, size_t n, size_t *send, size_t *recv);  /* max(p, 2) n received */
/* FAN_IN: the root's receive slots, a window for each of at most
 * fan_in_windows() senders (registry/record.h) */
void bufs_fan_in(int p, size_t n, size_t *send, size_t *recv);

#endif
