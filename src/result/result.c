/* result.c: a point's defaults, and who frees a point and a result */
#include "result/result.h"

#include <math.h>
#include <stdlib.h>

struct point point_blank(uint64_t elements, uint64_t bytes, long warmup)
{
    struct point pt = {.elements = elements, .bytes = bytes, .warmup = warmup,
                       .mbps = NAN, .busbw = NAN, .rate = NAN, .iter_mean = NAN,
                       .iter_median = NAN, .pred = NAN, .pred_lsq = NAN,
                       .pred_loggp = NAN, .pred_mean = NAN, .pred_p90 = NAN,
                       .pred_lo = NAN, .pred_hi = NAN,
                       .t_pure = NAN, .t_overall = NAN, .t_compute = NAN, .overlap = NAN, .init = NAN,
                       .pair_min = NAN, .pair_med = NAN, .pair_max = NAN,
                       .tail = {NAN, NAN, NAN, NAN, NAN}, .slowest_rank = -1,
                       .slowest_share = NAN, .slowest_excess_us = NAN};
    for (int i = 0; i < POINT_EXTRAS; i++)
        pt.extra[i] = NAN;
    return pt;
}

void point_free(struct point *pt)
{
    free(pt->samples);
    free(pt->reps);
    free(pt->cp);
    free(pt->calls);
    pt->calls = NULL;
    pt->samples = NULL;
    pt->reps = NULL;
    pt->cp = NULL;
}

static void hybrid_info_free(struct hybrid_info *hi)
{
    if (!hi)
        return;
    hybrid_free(&hi->h);
    free(hi->world);
    free(hi->node);
    free(hi);
}

void result_free(struct result *res)
{
    for (size_t k = 0; k < res->npts; k++)
        point_free(&res->pts[k]);
    free(res->pts);
    res->pts = NULL;
    res->npts = 0;
    hybrid_info_free(res->hybrid);
    res->hybrid = NULL;
    facts_free(&res->facts);
    for (int k = 0; k < res->ncomposed; k++)
        free(res->composed[k].pts);
    free(res->composed);
    res->composed = NULL;
    res->ncomposed = 0;
}
