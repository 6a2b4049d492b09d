/* llc_size.h: the last-level cache, for --cache cold */
#ifndef MPIGAUGE_LLC_SIZE_H
#define MPIGAUGE_LLC_SIZE_H

#include <stdint.h>

/* The size in bytes of the largest data or unified cache hwloc finds;
 * 32 MiB when it finds none (a guess on the large side, which only costs
 * memory). */
uint64_t cache_llc_bytes(void);

/* How many copies of a buffer pair of copy_bytes each to cycle through
 * so that together they are at least twice the last-level cache. */
int cache_copies(uint64_t copy_bytes);

#endif
