/* like.h: what --like osu|imb changes in a record (like.c) */
#ifndef MPIGAUGE_LIKE_H
#define MPIGAUGE_LIKE_H

#include <stdint.h>
#include "input/options.h"
#include "registry/record.h"

/* the peer's iteration and warm-up counts for one message of bytes */
void like_iters(const struct record *r, int like, uint64_t bytes, long *iters,
                long *warmup);

/* 1 when a streaming window's receives all go into one buffer:
 * buffers=single, or buffers= not written under --like osu (osu_bw's
 * default); 0 for every call that streams no window of receives */
int record_shared_recv(const struct record *r, const struct options *o);

/* 1 when the peer times every iteration of a pair alone and sums the
 * times: OSU 7.4's point-to-point benchmarks (osu_latency, osu_bw,
 * osu_bibw and their persistent forms) read the clock around each round
 * trip or window, and the reads' cost is in what they report */
int like_times_each(const struct record *r, int like);

#endif
