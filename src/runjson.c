/* runjson.c: run.json, with jansson.  Rewritten whole after every record
 * (through a temporary file and rename), so it is never half-written. */
#include "output.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "interrupt.h"

static json_t *num(double x)
{
    return isfinite(x) ? json_real(x) : json_null();
}

static json_t *point_json(const struct point *pt)
{
    json_t *p = json_object();
    json_object_set_new(p, "elements", json_integer((json_int_t)pt->elements));
    json_object_set_new(p, "bytes", json_integer((json_int_t)pt->bytes));
    json_object_set_new(p, "t_min_us", num(pt->s.min));
    json_object_set_new(p, "t_avg_us", num(pt->s.avg));
    json_object_set_new(p, "t_max_us", num(pt->s.max));
    json_object_set_new(p, "iters", json_integer(pt->iters));
    json_object_set_new(p, "warmup", json_integer(pt->warmup));
    json_object_set_new(p, "samples", json_integer((json_int_t)pt->nsamples));
    json_object_set_new(p, "mismatches", json_integer((json_int_t)pt->mismatches));
    json_object_set_new(p, "t_med_us", num(pt->med));
    json_object_set_new(p, "ci95_us", json_pack("[oo]", num(pt->ci_lo), num(pt->ci_hi)));
    json_object_set_new(p, "blocks", json_integer(pt->blocks));
    json_object_set_new(p, "late", json_integer(pt->late));
    json_object_set_new(p, "target_met", json_boolean(pt->met));
    if (counters_events()) {
        json_t *c = json_object();
        for (int i = 0; i < counters_events(); i++)
            json_object_set_new(c, counters_event(i), json_pack("{s:o,s:o}", "avg",
                                num(pt->papi_avg[i]), "max", num(pt->papi_max[i])));
        json_object_set_new(p, "counters_per_call", c);
    }
    if (pt->ncomm > 0) {
        json_object_set_new(p, "iter_max_mean_us", num(pt->iter_mean));
        json_object_set_new(p, "iter_max_median_us", num(pt->iter_median));
        json_object_set_new(p, "t_pred_us", num(pt->pred));
    }
    return p;
}

static json_t *record_json(const struct run *run, const struct result *res)
{
    const struct record *r = res->rec;
    json_t *o = json_object();
    json_object_set_new(o, "line", json_integer(r->line));
    json_object_set_new(o, "text", json_string(r->text));
    json_object_set_new(o, "call", json_string(r->call->name));
    json_object_set_new(o, "family", json_string(family_name(r->call->family)));
    json_object_set_new(o, "datatype", json_string(r->dt->name));
    json_object_set_new(o, "topology", json_string(r->topo->name));
    char op[64];
    json_object_set_new(o, "op", json_string(op_label(r, op, sizeof op)));
    json_t *comms = json_array();
    for (int i = 0; res->tc && i < res->tc->n; i++)
        json_array_append_new(comms, json_integer(res->tc->sizes[i]));
    json_object_set_new(o, "communicators", comms);
    json_object_set_new(o, "file", res->file[0] ? json_string(res->file) : json_null());
    json_object_set_new(o, "skipped", res->skipped[0] ? json_string(res->skipped)
                                                      : json_null());
    json_object_set_new(o, "error", res->error[0] ? json_string(res->error)
                                                  : json_null());
    json_object_set_new(o, "status", json_string(res->skipped[0] ? "skipped"
                                                 : res->error[0] ? "error"
                                                 : res->interrupted ? "interrupted"
                                                 : res->done ? "done"
                                                 : res->npts ? "partial"
                                                             : "pending"));
    if (run->opt.check && res->done)
        json_object_set_new(o, "check", json_string(!r->call->check ? "no data"
                                                    : res->mismatches ? "failed"
                                                                      : "passed"));
    else
        json_object_set_new(o, "check", json_null());
    json_object_set_new(o, "mismatches", json_integer((json_int_t)res->mismatches));
    if (r->pattern && (r->pattern->generate || r->pattern_file[0])) {
        char oi[128], oij[128], lij[128];
        params_file_name(r->topo, "O", oi, sizeof oi);
        params_file_name(r->topo, "Oij", oij, sizeof oij);
        params_file_name(r->topo, "Lij", lij, sizeof lij);
        json_t *pj = json_object();
        json_object_set_new(pj, "name", json_string(r->pattern->name));
        if (r->pattern_file[0])
            json_object_set_new(pj, "file", json_string(r->pattern_file));
        else if (r->pattern->default_arg)
            json_object_set_new(pj, "arity", json_integer(r->pattern_arg));
        /* of rank 0's communicator */
        json_object_set_new(pj, "stages", json_integer(res->bp.nstages));
        json_object_set_new(pj, "signals", json_integer(bpattern_edges(&res->bp)));
        json_object_set_new(pj, "params", json_pack("{s:s,s:s,s:s}", "O", oi,
                            "Oij", oij, "Lij", lij));
        json_object_set_new(o, "pattern", pj);
    }
    json_t *pts = json_array();
    for (size_t i = 0; i < res->npts; i++)
        json_array_append_new(pts, point_json(&res->pts[i]));
    json_object_set_new(o, "points", pts);
    if (res->done && res->fit.ok) {
        json_t *f = json_object();
        json_object_set_new(f, "latency_us", num(res->fit.latency_us));
        json_object_set_new(f, "bandwidth_MBps", num(res->fit.bandwidth_mbs));
        json_object_set_new(f, "r2", num(res->fit.r2));
        json_object_set_new(f, "sizes", json_integer((json_int_t)res->fit.n));
        json_object_set_new(o, "fit", f);
    } else {
        json_object_set_new(o, "fit", json_null());
    }
    if (r->call->bsp && res->done && res->bsp.ok)
        json_object_set_new(o, "bsp", json_pack("{s:f,s:f,s:f,s:s}", "g_us_per_word",
                            res->bsp.beta, "l_us", res->bsp.alpha, "r2", res->bsp.r2,
                            "topology", r->topo->name));
    return o;
}

static json_t *options_json(const struct options *opt)
{
    json_t *o = json_object();
    json_object_set_new(o, "iters", opt->iters > 0 ? json_integer(opt->iters) : json_null());
    json_object_set_new(o, "warmup", opt->warmup >= 0 ? json_integer(opt->warmup) : json_null());
    json_object_set_new(o, "check", json_boolean(opt->check));
    json_object_set_new(o, "quiet", json_boolean(opt->quiet));
    json_object_set_new(o, "grid", opt->grid[0] ? json_pack("[iii]", opt->grid[0],
                        opt->grid[1], opt->grid[2]) : json_null());
    json_object_set_new(o, "output", opt->outdir ? json_string(opt->outdir) : json_null());
    json_object_set_new(o, "blocks", json_integer(opt->blocks));
    json_object_set_new(o, "target", json_real(opt->target));
    json_object_set_new(o, "adaptive", json_boolean(opt->adaptive));
    json_object_set_new(o, "budget_s", json_real(opt->budget));
    json_object_set_new(o, "time_s", opt->time_per_size > 0 ? json_real(opt->time_per_size)
                                                            : json_null());
    json_object_set_new(o, "raw", json_boolean(opt->raw));
    json_object_set_new(o, "sync", json_string(opt->sync_window ? "window" : "barrier"));
    json_object_set_new(o, "coll_time", json_string(opt->span ? "span" : "max"));
    json_object_set_new(o, "window_us", opt->window_us > 0 ? json_real(opt->window_us)
                                                           : json_null());
    json_object_set_new(o, "cache", json_string(opt->cache_cold ? "cold" : "warm"));
    json_object_set_new(o, "scratch", opt->scratch ? json_string(opt->scratch) : json_null());
    json_object_set_new(o, "papi", opt->papi ? json_string(opt->papi) : json_null());
    json_object_set_new(o, "max_memory", opt->max_memory ? json_integer((json_int_t)opt->max_memory)
                                                         : json_null());
    return o;
}

int runjson_write(const struct run *run, const char *status)
{
    const struct world *w = &run->world;
    json_t *root = json_object();
    json_object_set_new(root, "mpigauge", json_string(MPIGAUGE_VERSION));
    json_object_set_new(root, "status", json_string(status));
    json_object_set_new(root, "input", json_string(run->rs.file));
    json_object_set_new(root, "date", json_string(run->date));
    json_object_set_new(root, "mpi_library", json_string(w->library));
    json_object_set_new(root, "mpi_version", json_pack("[ii]", w->version, w->subversion));
    json_object_set_new(root, "ranks", json_integer(w->size));
    json_object_set_new(root, "grid", json_pack("[iii]", w->grid[0], w->grid[1], w->grid[2]));
    json_t *hosts = json_array();
    for (int i = 0; i < w->nhosts; i++)
        json_array_append_new(hosts, json_string(w->hosts[i]));
    json_object_set_new(root, "hosts", hosts);
    json_object_set_new(root, "grid_source", json_string(w->grid_source));
    json_t *places = json_array();
    for (int r = 0; r < w->size; r++) {
        const struct place *p = &w->places[r];
        json_array_append_new(places, json_pack("{s:i,s:[iii],s:i,s:i,s:i}",
                              "rank", p->rank, "xyz", p->x, p->y, p->z, "node",
                              p->node, "package", p->package, "core", p->core));
    }
    json_object_set_new(root, "places", places);
    json_object_set_new(root, "ranks_bound_to_a_core", json_integer(w->bound));
    json_object_set_new(root, "nodes", json_integer(w->nodes));
    json_object_set_new(root, "ranks_per_node_max", json_integer(w->max_node_ranks));
    json_object_set_new(root, "cores_per_node", json_integer(w->cores));
    json_object_set_new(root, "oversubscribed", json_boolean(w->max_node_ranks > w->cores));
    json_object_set_new(root, "wtick_s", json_real(run->wtick));
    json_object_set_new(root, "timer", json_pack("{s:f,s:f}", "resolution_s",
                        run->timer_res, "overhead_s", run->timer_cost));
    if (run->opt.sync_window)
        json_object_set_new(root, "clocks", json_pack("{s:f,s:f}", "max_offset_s",
                            run->clocks.max_offset, "max_rtt_s", run->clocks.max_rtt));
    if (run->opt.papi) {
        json_t *ev = json_array(), *by = json_object();
        for (int i = 0; i < counters_events(); i++) {
            json_array_append_new(ev, json_string(counters_event(i)));
            json_object_set_new(by, counters_event(i), json_string(counters_backend(i)));
        }
        json_object_set_new(root, "papi", json_pack("{s:o,s:o,s:s?}", "events", ev,
                            "backend", by, "unavailable",
                            run->papi_dropped[0] ? run->papi_dropped : NULL));
    }
    json_object_set_new(root, "peak_rss_kib", run->peak_rss_kib ? json_integer(run->peak_rss_kib)
                                                                : json_null());
    json_object_set_new(root, "options", options_json(&run->opt));
    json_t *recs = json_array();
    for (int i = 0; i < run->rs.n; i++)
        json_array_append_new(recs, record_json(run, &run->res[i]));
    json_object_set_new(root, "records", recs);

    char tmp[sizeof run->dir + 32], path[sizeof run->dir + 32];
    snprintf(tmp, sizeof tmp, "%s/.run.json.tmp", run->dir);
    snprintf(path, sizeof path, "%s/run.json", run->dir);
    int rc = json_dump_file(root, tmp, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
    if (rc == 0)
        rc = rename(tmp, path);
    /* what a signal that cannot wait for the ranks leaves behind */
    if (strcmp(status, "running") == 0) {
        json_object_set_new(root, "status", json_string("interrupted"));
        interrupt_snapshot(run->dir, json_dumps(root, JSON_INDENT(1) |
                                                JSON_PRESERVE_ORDER));
    }
    json_decref(root);
    if (rc)
        fprintf(stderr, "mpigauge: cannot write %s\n", path);
    return rc;
}
