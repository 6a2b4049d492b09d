/* threads_json.c: what run.json says of a threaded call (LATENCY_MT,
 * BW_MT, MSGRATE_MT) beside its points: threads=, comm=, and per point
 * each thread's own figures.  A point's samples are T per pair in thread
 * order (measure/families.c), each a thread's time per message; thread
 * t's figures come from its mean over the pairs.  The point's msg_rate
 * and mbps are these threads' sums (measure/gather.c). */
#include "output/threads_json.h"

#include <math.h>
#include "base/thread_level.h"

static json_t *num(double v)
{
    return isfinite(v) ? json_real(v) : json_null();
}

static json_t *point_threads(const struct point *pt, int n)
{
    json_t *a = json_array();
    for (int t = 0; t < n; t++) {
        double us = 0;
        size_t cnt = 0;
        for (size_t i = (size_t)t; i < pt->nsamples; i += (size_t)n, cnt++)
            us += pt->samples[i].t_us;
        us = cnt ? us / (double)cnt : NAN;
        json_array_append_new(a, json_pack("{s:i,s:o,s:o,s:o}", "thread", t,
                              "t_us", num(us), "msg_rate", num(1e6 / us),
                              "mbps", num((double)pt->bytes / us)));
    }
    return a;
}

void threads_json_add(json_t *o, const struct result *res)
{
    const struct record *r = res->rec;
    if (!r->call->family->threaded)
        return;
    int n = record_threads(r);
    json_t *per = json_array();
    for (size_t i = 0; i < res->npts; i++)
        json_array_append_new(per, json_pack("{s:I,s:o}", "elements",
                              (json_int_t)res->pts[i].elements, "threads",
                              point_threads(&res->pts[i], n)));
    json_object_set_new(o, "threads", json_pack("{s:i,s:s,s:o}", "threads", n,
                        "comm", r->tcomm == TCOMM_SHARED ? "shared" : "per-thread",
                        "per_thread", per));
}

void threads_json_run(json_t *root, const struct run_info *in)
{
    json_object_set_new(root, "mpi_thread_multiple_asked", json_boolean(in->thread_asked));
    json_object_set_new(root, "mpi_thread_level", json_string(thread_level_name(in->thread_level)));
}
