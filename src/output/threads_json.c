/* threads_json.c: what the output says of a record whose family runs
 * threads (the threads hook: holds.threads, today LATENCY_MT, BW_MT,
 * MSGRATE_MT): in run.json, in the "threads" object its family's facts
 * begin (threads=, comm=), per point each thread's own figures and the
 * fastest and slowest thread by name; the name of a sample ("thread 3 of pair 0->1") for the prose;
 * the rows of its .threads.dat.  A point's samples are T per pair in
 * thread order (measure/ways.c), each a thread's time per message;
 * thread t's figures come from its mean over the pairs.  The point's
 * msg_rate and mbps are these threads' sums (measure/gather.c). */
#include "output/threads_json.h"

#include <math.h>
#include <stdio.h>
#include "base/thread_level.h"

int sample_thread(const struct holds *h, size_t i)
{
    return h->threads ? (int)(i % (size_t)h->threads) : -1;
}

void sample_name(const struct holds *h, const struct sample *s, size_t i, char *buf,
                 size_t len)
{
    int t = sample_thread(h, i);
    if (t >= 0 && s->b < 0)      /* a collective's: one a thread of each rank */
        snprintf(buf, len, "thread %d of rank %d", t, s->a);
    else if (t >= 0)
        snprintf(buf, len, "thread %d of pair %d->%d", t, s->a, s->b);
    else
        snprintf(buf, len, "%d->%d", s->a, s->b);
}

void thread_rows(FILE *f, const struct holds *h, const struct point *pt)
{
    for (size_t i = 0; i < pt->nsamples; i++) {
        const struct sample *s = &pt->samples[i];
        fprintf(f, "%llu %d %d %d %.4f %.6g %.6g\n", (unsigned long long)pt->elements,
                s->a, s->b, sample_thread(h, i), s->t_us, 1e6 / s->t_us,
                (double)pt->bytes / s->t_us);
    }
}

/* one sample by name: {"thread", "pair": "a->b", "t_us"} */
static json_t *named_sample(const struct holds *h, const struct point *pt, size_t i)
{
    const struct sample *s = &pt->samples[i];
    char pair[48];
    if (s->b < 0)                /* a collective's thread: its rank */
        return json_pack("{s:i,s:i,s:o}", "thread", sample_thread(h, i), "rank", s->a,
                         "t_us", isfinite(s->t_us) ? json_real(s->t_us) : json_null());
    snprintf(pair, sizeof pair, "%d->%d", s->a, s->b);
    return json_pack("{s:i,s:s,s:o}", "thread", sample_thread(h, i), "pair", pair,
                     "t_us", isfinite(s->t_us) ? json_real(s->t_us) : json_null());
}

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
    const struct holds *h = &res->holds;
    if (!h->threads)
        return;
    int n = h->threads;
    json_t *per = json_array();
    for (size_t i = 0; i < res->npts; i++) {
        const struct point *pt = &res->pts[i];
        json_t *o2 = json_pack("{s:I,s:o}", "elements", (json_int_t)pt->elements,
                               "threads", point_threads(pt, n));
        if (pt->nsamples) {
            json_object_set_new(o2, "fastest", named_sample(h, pt, pt->s.imin));
            json_object_set_new(o2, "slowest", named_sample(h, pt, pt->s.imax));
        }
        json_array_append_new(per, o2);
    }
    json_t *threads = json_object_get(o, "threads");   /* the family's facts */
    if (!json_is_object(threads)) {
        threads = json_pack("{s:i}", "threads", n);
        json_object_set_new(o, "threads", threads);
    }
    json_object_set_new(threads, "per_thread", per);
}

void threads_json_run(json_t *root, const struct run_info *in)
{
    json_object_set_new(root, "mpi_thread_multiple_asked",
                        json_boolean(in->thread_asked == MPI_THREAD_MULTIPLE));
    json_object_set_new(root, "mpi_thread_level_asked", in->thread_asked < 0 ? json_null()
                        : json_string(thread_level_name(in->thread_asked)));
    json_object_set_new(root, "mpi_thread_level", json_string(thread_level_name(in->thread_level)));
}
