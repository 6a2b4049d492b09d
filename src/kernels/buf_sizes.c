/* buf_sizes.c: buffer sizes, in elements, for n elements on p ranks */
#include "kernels/buf_sizes.h"

#include "registry/record.h"

void bufs_n_0(int p, size_t n, size_t *s, size_t *r) { (void)p; *s = n; *r = 0; }
void bufs_n_n(int p, size_t n, size_t *s, size_t *r) { (void)p; *s = n; *r = n; }
void bufs_n_pn(int p, size_t n, size_t *s, size_t *r) { *s = n; *r = (size_t)p * n; }
void bufs_2n_pn(int p, size_t n, size_t *s, size_t *r) { *s = 2 * n; *r = (size_t)p * n; }
void bufs_3n_n(int p, size_t n, size_t *s, size_t *r) { (void)p; *s = 3 * n; *r = n; }
void bufs_pn_n(int p, size_t n, size_t *s, size_t *r) { *s = (size_t)p * n; *r = n; }
void bufs_pn_2n(int p, size_t n, size_t *s, size_t *r) { *s = (size_t)p * n; *r = 2 * n; }
void bufs_pn_pn(int p, size_t n, size_t *s, size_t *r) { *s = (size_t)p * n; *r = (size_t)p * n; }
/* REDUCE_SCATTER: the ramp's 2n at most a rank, and with inplace=1 the
 * whole input (p n at most: the ramp sums to it) in the receive buffer */
void bufs_pn_in_place(int p, size_t n, size_t *s, size_t *r)
{
    *s = (size_t)p * n;
    *r = (size_t)(p > 2 ? p : 2) * n;
}

void bufs_fan_in(int p, size_t n, size_t *s, size_t *r)
{
    int w = fan_in_windows();
    *s = n;
    *r = (size_t)(p < w ? p : w) * n;
}
