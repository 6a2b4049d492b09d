/* iters.c: the iteration counts of a record at each size */
#include "input/iters.h"

#include "input/like.h"

long default_iters(uint64_t bytes)
{
    if (bytes <= 8192)
        return 10000;
    uint64_t n = (UINT64_C(1) << 30) / bytes;
    return n > 1000 ? 1000 : n < 10 ? 10 : (long)n;
}

/* For calls that send one message per element (HRELATION): about 20000
 * messages per size, between 5 and 1000 iterations. */
static long default_iters_messages(uint64_t messages)
{
    uint64_t n = 20000 / (messages + 1);
    return n > 1000 ? 1000 : n < 5 ? 5 : (long)n;
}

long default_warmup(long iters)
{
    long w = iters / 10;
    return w < 2 ? 2 : w;
}

void choose_iters(const struct record *r, const struct options *o,
                  uint64_t elements, uint64_t bytes, long *iters, long *warmup)
{
    /* a window's traffic is window= messages of these bytes */
    long dflt = default_iters(bytes * (uint64_t)record_window(r)), like_warmup = -1;
    if (call_has(r->call, CALL_BSP))      /* an h-relation is h messages a rank */
        dflt = default_iters_messages(elements);
    if (o->like != LIKE_NONE)
        like_iters(r, o->like, bytes, &dflt, &like_warmup);
    *iters = r->iters > 0 ? r->iters : o->iters > 0 ? o->iters : dflt;
    /* the peer's warm-up goes with its own counts, not with --iters */
    if (like_warmup >= 0 && r->iters <= 0 && o->iters <= 0)
        *warmup = like_warmup;
    else
        *warmup = default_warmup(*iters);
    *warmup = r->warmup >= 0 ? r->warmup : o->warmup >= 0 ? o->warmup : *warmup;
}


int record_adaptive(const struct record *r, const struct options *o)
{
    return o->adaptive && (r->iters < 0 || o->adaptive_asked);
}

double record_time(const struct record *r, const struct options *o)
{
    return r->iters > 0 ? 0 : o->time_per_size;
}
