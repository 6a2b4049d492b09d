/* families.c: what every family shares: the call modes' names and the
 * one rule of what --cache cold cycles (cache_warm_why).  Every family's
 * own row is in its home in kernels/ (docs/developing.md, "One home per
 * family"). */
#include "registry/record.h"

const char *call_mode_name(enum call_mode m)
{
    static const char *const names[NMODES] = {"blocking", "non-blocking",
                                              "persistent", "partitioned"};
    return (unsigned)m < NMODES ? names[m] : "?";
}

const char *cache_warm_why(const struct record *r)
{
    const struct call *c = r->call;
    /* a pattern's signals carry the payload from buffers bound into its
     * persistent requests, made once per size (kernels/sync_barrier.c) */
    if (c->family->way == WAY_BARRIER && r->max > 0 && r->pattern &&
        (r->pattern->generate || r->pattern_file[0]))
        return "a barrier pattern's payload is sent from one pair of buffers "
               "bound into its persistent requests (made once per size), which "
               "--cache cold does not multiply";
    if (!c->family->moves_data || call_has(c, CALL_SIZELESS) || call_has(c, CALL_NO_DATA))
        return "it moves no data: there are no buffers to cycle";
    /* measure/thread_fan.c hands each thread its slot once a size */
    if (c->family->way != WAY_PAIRS && record_threads(r) > 1)
        return "threads= gives each thread its own slot of one pair of buffers, "
               "which --cache cold does not multiply";
    return NULL;
}
