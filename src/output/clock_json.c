/* clock_json.c: run.json's "clock" and the report's sentences on the
 * clock model of --sync window (clock_json.h) */
#include "output/clock_json.h"

#include <math.h>
#include <stdio.h>

/* the largest |offset| (us), |drift| (ppm) and round trip (us) over the
 * ranks other than 0 */
struct extremes {
    double offset_us, drift_ppm, rtt_us;
};

static struct extremes extremes_of(const struct clock_report *c)
{
    struct extremes e = {0, 0, 0};
    for (int r = 1; r < c->ranks; r++) {
        const struct clock_line *f = &c->lines[r];
        e.offset_us = fmax(e.offset_us, fabs(f->offset) * 1e6);
        e.drift_ppm = fmax(e.drift_ppm, fabs(f->drift) * 1e6);
        e.rtt_us = fmax(e.rtt_us, f->rtt * 1e6);
    }
    return e;
}

/* The model in words, for run.json's "model" and the report. */
static void clock_model_text(const struct clock_report *c, char *buf, size_t len)
{
    char how[160];
    if (c->two_level)
        snprintf(how, sizeof how, "in two levels over %d nodes (each node's leader's "
                 "against world rank 0, every other rank's against its node's leader, "
                 "composed)", c->nodes);
    else
        snprintf(how, sizeof how, "to world rank 0");
    snprintf(buf, len, "each rank's offset and drift %s, least squares "
             "over %d rounds %.3g ms apart of %d ping-pongs per rank (the quickest's "
             "midpoint; rounds with a round trip over twice the median left out); "
             "offset at the fit's centre", how, c->rounds,
             c->rounds > 1 ? 1e3 * c->span_s / (c->rounds - 1) : 0, c->pings);
}

/* how the first fit went: its scheme and what it cost in bursts */
static json_t *cost_json(const struct clock_report *c, json_t *o)
{
    json_object_set_new(o, "scheme", json_string(c->two_level ? "two-level" : "flat"));
    json_object_set_new(o, "nodes", json_integer(c->nodes));
    json_object_set_new(o, "rounds_run", json_integer(c->rounds_run));
    json_object_set_new(o, "bursts", json_integer(c->bursts));
    json_object_set_new(o, "sequential_bursts", json_integer(c->sequential_bursts));
    json_object_set_new(o, "sequential_per_round", json_integer(c->per_round));
    return o;
}

static json_t *ranks_json(const struct clock_report *c)
{
    json_t *a = json_array();
    int n = c->ranks < CLOCK_RANKS_LISTED ? c->ranks : CLOCK_RANKS_LISTED;
    for (int r = 0; r < n; r++) {
        const struct clock_line *f = &c->lines[r];
        json_t *o = json_pack("{s:i,s:f,s:f,s:f,s:f,s:f,s:f,s:i}", "rank", r,
                              "at_s", f->t_ref, "offset_us", f->offset * 1e6,
                              "drift_ppm", f->drift * 1e6,
                              "drift_se_ppm", f->se_drift * 1e6, "rtt_us",
                              isfinite(f->rtt) ? f->rtt * 1e6 : 0.0, "residual_us",
                              f->max_residual * 1e6, "samples", f->used);
        /* fewer than 3 quick samples: an offset alone (clock_fit's
         * fallback), its drift 0 by assumption, not measured: no error
         * to claim (rank 0, the reference, is exact) */
        if (r > 0 && f->used < 3)
            json_object_set_new(o, "drift_se_ppm", json_null());
        json_array_append_new(a, o);
    }
    return a;
}

json_t *clock_json(const struct clock_report *c)
{
    char model[512];
    clock_model_text(c, model, sizeof model);
    struct extremes e = extremes_of(c);
    int omitted = c->ranks > CLOCK_RANKS_LISTED ? c->ranks - CLOCK_RANKS_LISTED : 0;
    return cost_json(c, json_pack("{s:s,s:i,s:i,s:f,s:f,s:i,s:o,s:i,s:f,s:f,s:f,s:f,s:o}",
                     "model", model, "rounds", c->rounds, "pings", c->pings,
                     "span_s", c->span_s, "fit_s", c->fit_s, "refits", c->refits,
                     "ranks", ranks_json(c), "ranks_omitted", omitted,
                     "max_offset_us", e.offset_us, "max_drift_ppm", e.drift_ppm,
                     "max_rtt_us", e.rtt_us, "max_residual_us", c->max_residual * 1e6,
                     "end_check", c->checked ? json_pack("{s:f,s:f}", "max_error_us",
                                                         c->end_error * 1e6, "rtt_us",
                                                         c->end_rtt * 1e6)
                                             : json_null()));
}

void clock_fit_text(const struct clock_report *c, char *buf, size_t len)
{
    char model[512];
    clock_model_text(c, model, sizeof model);
    struct extremes e = extremes_of(c);
    snprintf(buf, len, "on clocks corrected to rank 0 by a model of %s (largest "
             "offset %.3g us, drift %.3g ppm, residual %.3g us, round trip %.3g us; "
             "fitted in %.3g ms, %d rounds of at most %d bursts one after another, "
             "again whenever its predicted error reaches a tenth of the window)",
             model, e.offset_us, e.drift_ppm, c->max_residual * 1e6, e.rtt_us,
             c->fit_s * 1e3, c->rounds_run, c->per_round);
}

void clock_end_text(const struct clock_report *c, char *buf, size_t len)
{
    if (!c->checked) {
        buf[0] = 0;
        return;
    }
    snprintf(buf, len, "\nClock check at the end: one more round of ping-pongs found "
             "every rank's offset within %.3g us of the model's prediction (%d "
             "refit%s during the run).\n", c->end_error * 1e6, c->refits,
             c->refits == 1 ? "" : "s");
}
