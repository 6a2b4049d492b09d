/* fits.c: a record's fits: the latency/bandwidth line as the prose says
 * it (only the terms that mean something for the record: result's
 * fit_terms, models/stats.h's fit_read), and every fit as run.json keeps
 * it (that line, BSP's g and l, the record's own and levels=hw's). */
#include "output/fits.h"

#include <math.h>
#include <stdio.h>

static json_t *num(double x)
{
    return isfinite(x) ? json_real(x) : json_null();
}

/* the least-squares line, and of its terms only those that mean something
 * for the record (res->fit_terms: models/stats.h, fit_read) */
void fit_text(const struct result *res, char *buf, size_t len)
{
    const struct fit *f = &res->fit;
    const struct fit_reading *t = &res->fit_terms;
    if (!f->ok) {
        snprintf(buf, len, "no fit (fewer than two different sizes).");
        return;
    }
    char line[128], lat[200], bw[160];
    if (t->bandwidth)
        snprintf(line, sizeof line, "t = %.3f us + bytes / %.1f MB/s", f->alpha,
                 f->bandwidth_mbs);
    else
        snprintf(line, sizeof line, "t = %.3f us + %.3g us/byte", f->alpha, f->beta);
    if (t->latency)
        snprintf(lat, sizeof lat, "latency %.3f us", f->latency_us);
    else
        snprintf(lat, sizeof lat, "%s", t->latency_why);
    if (t->bandwidth)
        snprintf(bw, sizeof bw, "asymptotic bandwidth %.1f MB/s", f->bandwidth_mbs);
    else if (!res->holds.bandwidth)
        snprintf(bw, sizeof bw, "no bandwidth (%s %s)", res->rec->call->name, t->bandwidth_why);
    else
        snprintf(bw, sizeof bw, "no bandwidth (%s)", t->bandwidth_why);
    snprintf(buf, len, "least squares over %zu sizes gives %s: %s, %s, R^2 = %.4f.", f->n,
             line, lat, bw, f->r2);
}

/* a BSP fit; a flagged one gives no parameters (its numbers stay under
 * "fitted") */
static json_t *bsp_json(const struct fit *f, const char *topology)
{
    int flagged = f->flagged[0] != 0;
    return json_pack("{s:o,s:o,s:o,s:s,s:s?,s:{s:o,s:o}}",
                     "g_us_per_word", flagged ? json_null() : num(f->beta),
                     "l_us", flagged ? json_null() : num(f->alpha), "r2", num(f->r2),
                     "topology", topology, "flagged", flagged ? f->flagged : NULL, "fitted",
                     "g_us_per_word", num(f->beta), "l_us", num(f->alpha));
}

/* levels=hw: each level's fit, then the record's own topology's, with the
 * memory hwloc gives each (the record's: every node's, added up) */
static json_t *levels_json(const struct writer *w, const struct result *res)
{
    const struct run_info *in = w->info;
    json_t *list = json_array();
    for (int i = 0; i < res->nlevels; i++) {
        const struct bsp_level *lv = &res->levels[i];
        json_t *o = lv->fit.ok ? bsp_json(&lv->fit, lv->level) : json_pack("{s:s}", "topology", lv->level);
        json_object_set_new(o, "communicators", json_integer(lv->ncomm));
        json_object_set_new(o, "ranks_max", json_integer(lv->max_size));
        json_object_set_new(o, "memory_bytes", json_integer((json_int_t)lv->bytes));
        json_array_append_new(list, o);
    }
    unsigned long long all = 0;
    for (int r = 0; r < in->ranks; r++) {
        int first = 1;         /* each node's memory once */
        for (int q = 0; q < r && first; q++)
            first = in->places[q].node != in->places[r].node;
        all += first ? in->places[r].node_bytes : 0;
    }
    json_t *o = res->bsp.ok ? bsp_json(&res->bsp, res->rec->topo->name)
                            : json_pack("{s:s}", "topology", res->rec->topo->name);
    json_object_set_new(o, "communicators", json_integer(res->ncomm));
    json_object_set_new(o, "memory_bytes", json_integer((json_int_t)all));
    json_array_append_new(list, o);
    return list;
}

json_t *fits_json(json_t *o, const struct writer *w, const struct result *res)
{
    const struct fit *f = &res->fit;
    const struct fit_reading *t = &res->fit_terms;
    if (res->done && f->ok)
        json_object_set_new(o, "fit", json_pack("{s:o,s:o,s:b,s:o,s:o,s:o,s:o,s:I}",
                            "latency_us", num(f->latency_us), "us_per_byte", num(f->beta),
                            "intercept_is_latency", t->latency, "intercept_note",
                            t->latency ? json_null() : json_string(t->latency_why),
                            "bandwidth_MBps", t->bandwidth ? num(f->bandwidth_mbs) : json_null(),
                            "bandwidth_note", t->bandwidth ? json_null()
                            : json_string(t->bandwidth_why), "r2", num(f->r2),
                            "sizes", (json_int_t)f->n));
    else
        json_object_set_new(o, "fit", json_null());
    if (res->done && res->holds.bsp && res->bsp.ok)
        json_object_set_new(o, "bsp", bsp_json(&res->bsp, res->rec->topo->name));
    if (res->nlevels)
        json_object_set_new(o, "bsp_levels", levels_json(w, res));
    return o;
}
