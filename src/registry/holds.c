/* holds.c: what a record's results hold (record.h's struct holds), from
 * its call's capabilities and its family's way and hooks: the writers
 * read these, so what a family's results hold is decided here once. */
#include "registry/record_view.h"

/* busbw_mbps = mbps x this (registry/calls.h's enum busbw_kind) */
static double busbw_factor(enum busbw_kind k, int n)
{
    switch (k) {
    case BUSBW_WHOLE: return 1;
    case BUSBW_ALLREDUCE: return 2.0 * (n - 1) / n;
    case BUSBW_SHARE: return n - 1;
    case BUSBW_NONE: break;
    }
    return 0;
}

/* the per-point quantities r's results have, in the family's order, into
 * out (at most POINT_EXTRAS); returns how many (struct holds' extra[]) */
static int record_extras(const struct record *r, const struct point_extra **out)
{
    const struct point_extra *x = r->call->family->extras;
    int n = 0;
    for (; x && x->name && n < POINT_EXTRAS; x++)
        if (!x->holds || x->holds(r))
            out[n++] = x;
    return n;
}

struct holds record_holds(const struct record *r, int p)
{
    const struct call *c = r->call;
    const struct family *f = c->family;
    struct holds h = {
        .per = f->per,
        .pairs = f->way == WAY_PAIRS,
        .all_pairs = f->way == WAY_ALL_PAIRS,
        .phases = c->phased != NULL,
        .threads = record_per_thread(r) ? record_threads(r) : 0,
        .window = record_window(r),
        .bandwidth = f->moves_data,
        .rate = call_has(c, CALL_RATE),
        .barrier = f->way == WAY_BARRIER,
        .bsp = call_has(c, CALL_BSP),
        .aggregate = c->streams != NULL,
        .streams = c->streams ? c->streams(p > 0 ? p : 1) : 0,
        .matrix = call_has(c, CALL_MATRIX),
        .rotates = call_has(c, CALL_ROTATES),
        .in_place = call_has(c, CALL_IN_PLACE),
        .receives = f->named_receives && c->mode != MODE_PARTITIONED,
        .window_receives = streams_receives(c),
        .posts = c->post != NULL,
        .persists = c->init != NULL,
        .checked = c->check != NULL,
        .switches = f->named_receives && f->moves_data,
        .busbw = c->busbw,
        .busbw_factor = busbw_factor(c->busbw, p > 0 ? p : 1),
        .busbw_n = p > 0 ? p : 1,
    };
    h.nextras = record_extras(r, h.extra);
    return h;
}

const char *busbw_formula(enum busbw_kind k)
{
    switch (k) {
    case BUSBW_WHOLE: return "1 (the whole buffer moves once: busbw = algbw = mbps)";
    case BUSBW_ALLREDUCE: return "2(n-1)/n (nccl-tests' allreduce; algbw = mbps)";
    case BUSBW_SHARE: return "n-1 (bytes is one rank's share: nccl-tests' algbw is "
                             "n x mbps, its busbw algbw x (n-1)/n)";
    case BUSBW_NONE: break;
    }
    return "none";
}
