/* like.c: what --like changes in a record: the peer's iteration and
 * warm-up counts, and (osu) a window's one receive buffer.
 *
 * OSU 7.4 (c/util/osu_util.h): above LARGE_MESSAGE_SIZE (8192 bytes) the
 * large counts.  Latency (every point-to-point ping-pong): 10000 timed
 * and 100 skipped, 1000 and 10 large; bandwidth (a window a call):
 * 100 and 10, 20 and 2 large; collectives: 1000 and 100, 100 and 10.
 * IMB 2021 (IMB_mem_manager.c, IMB_warm_up.c): min(1000, 40 MiB / bytes)
 * and at least 1 (1000 for 0 bytes); a warm-up of a tenth, at least
 * min(10, that). */
#include "input/like.h"

#define OSU_LARGE 8192
#define IMB_SAMPLES 1000
#define IMB_VOLUME (40UL * 1048576UL)

static void osu(const struct record *r, uint64_t bytes, long *iters, long *warmup)
{
    int large = bytes > OSU_LARGE;
    if (call_has(r->call, CALL_WINDOWED) || r->call->family->always_windowed) {
        *iters = large ? 20 : 100;
        *warmup = large ? 2 : 10;
    } else if (pairwise(r->call)) {
        *iters = large ? 1000 : 10000;
        *warmup = large ? 10 : 100;
    } else {
        *iters = large ? 100 : 1000;
        *warmup = large ? 10 : 100;
    }
}

static void imb(uint64_t bytes, long *iters, long *warmup)
{
    uint64_t n = bytes ? IMB_VOLUME / bytes : IMB_SAMPLES;
    *iters = n > IMB_SAMPLES ? IMB_SAMPLES : n < 1 ? 1 : (long)n;
    long w = *iters / 10, least = *iters < 10 ? *iters : 10;
    *warmup = w > least ? w : least;
}

void like_iters(const struct record *r, int like, uint64_t bytes, long *iters,
                long *warmup)
{
    if (like == LIKE_OSU)
        osu(r, bytes, iters, warmup);
    else
        imb(bytes, iters, warmup);
}

int record_shared_recv(const struct record *r, const struct options *o)
{
    if (!streams_receives(r->call))
        return 0;
    return r->buffers == BUFFERS_SINGLE ||
           (r->buffers == BUFFERS_DEFAULT && o->like == LIKE_OSU);
}

int like_times_each(const struct record *r, int like)
{
    return like == LIKE_OSU && r->call->family == &family_p2p;
}
