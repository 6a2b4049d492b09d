/* runjson.c: run.json, with jansson.  Rewritten whole (through a
 * temporary file and rename), so it is never half-written; each record's
 * entry is rendered once and kept on disk (spill.c).
 * A point carries the data-file columns (the column table), the options
 * come from the option table. */
#include "output/output.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "output/columns.h"
#include "output/compose_report.h"
#include "output/streams_json.h"
#include "output/fits.h"
#include "output/fingerprint.h"
#include "output/job.h"
#include "output/build_json.h"
#include "base/build_info.h"
#include "output/events_json.h"
#include "output/call_json.h"
#include "output/clock_json.h"
#include "output/record_settings.h"
#include "output/threads_json.h"
#include "output/timer_json.h"
#include "output/machine_json.h"
#include "output/per_comm.h"
#include "output/library_settings.h"
#include "output/hybrid_writer.h"
#include "output/io_check.h"
#include "output/type_lines.h"
#include "output/switch_notes.h"
#include "registry/settings.h"

static json_t *num(double x)
{
    return isfinite(x) ? json_real(x) : json_null();
}

static json_t *column_json(const struct column *c, double v)
{
    if (c->format == COL_FLAG)
        return json_boolean(v != 0);
    if (c->format == COL_COUNT)
        return json_integer((json_int_t)v);
    return num(v);
}

static json_t *point_json(const struct writer *w, const struct result *res,
                          const struct point *pt)
{
    json_t *p = json_object();
    struct column cols[MAX_COLUMNS];
    size_t n = result_columns(res, cols, MAX_COLUMNS);
    for (size_t i = 0; i < n; i++)
        json_object_set_new(p, cols[i].name,
                            column_json(&cols[i], column_value(&cols[i], res, pt)));
    const struct events *ev = &w->info->ev;
    if (ev->n) {
        json_t *c = json_object();
        for (int i = 0; i < ev->n; i++)
            json_object_set_new(c, ev->name[i], json_pack("{s:o,s:o}", "avg",
                                num(pt->count_avg[i]), "max", num(pt->count_max[i])));
        json_object_set_new(p, "counters_per_call", c);
    }
    return p;
}

/* text from the user (a path, a record) as a JSON string: as it is when
 * it is UTF-8, else with every byte outside ASCII shown as '?' (JSON
 * strings must be UTF-8, and jansson refuses others) */
static json_t *text_json(const char *path)
{
    json_t *s = json_string(path);
    if (s)
        return s;
    char safe[PATH_BYTES];
    snprintf(safe, sizeof safe, "%s", path);
    for (char *c = safe; *c; c++)
        if ((unsigned char)*c >= 0x80)
            *c = '?';
    return json_string(safe);
}

static const char *record_status(const struct result *res)
{
    return res->skipped[0] ? "skipped" : res->error[0] ? "error"
           : res->interrupted ? "interrupted" : res->done ? "done"
           : res->npts ? "partial" : "pending";
}

static json_t *text_or_null(const char *s)
{
    return s[0] ? json_string(s) : json_null();
}

static json_t *pattern_json(const struct result *res)
{
    const struct record *r = res->rec;
    char oi[128], oij[128], lij[128];
    param_file_name(r->topo->name, PF_O, oi, sizeof oi);
    param_file_name(r->topo->name, PF_OIJ, oij, sizeof oij);
    param_file_name(r->topo->name, PF_LIJ, lij, sizeof lij);
    json_t *pj = json_object();
    json_object_set_new(pj, "name", json_string(r->pattern->name));
    if (r->pattern_file[0])
        json_object_set_new(pj, "file", text_json(r->pattern_file));
    else if (r->pattern->default_arg)
        json_object_set_new(pj, "arity", json_integer(r->pattern_arg));
    /* the synchronisation family's rows: "send"/"ssend", "uniform"/"exchange" */
    json_object_set_new(pj, "signal", json_string(record_setting_word(r, "signal")));
    json_object_set_new(pj, "payload", json_string(record_setting_word(r, "payload")));
    /* of rank 0's communicator */
    json_object_set_new(pj, "stages", json_integer(res->pattern.stages));
    json_object_set_new(pj, "signals", json_integer(res->pattern.signals));
    json_object_set_new(pj, "params", json_pack("{s:s,s:s,s:s}", "O", oi,
                        "Oij", oij, "Lij", lij));
    return pj;
}

static const char *check_status(const struct writer *w, const struct result *res)
{
    if (!w->info->opt->check || !res->done)
        return NULL;
    return !res->holds.checked ? "no data" : res->mismatches ? "failed"
           : res->error[0] ? "incomplete" : "passed";
}

/* a calendar time as ISO 8601 with milliseconds and the zone, as the
 * run's date is written (localtime); null for 0, a record not run */
static json_t *time_json(double t)
{
    if (!(t > 0))
        return json_null();
    time_t s = (time_t)t;
    struct tm tm;
    char day[32], zone[8], text[64];
    localtime_r(&s, &tm);
    strftime(day, sizeof day, "%Y-%m-%dT%H:%M:%S", &tm);
    strftime(zone, sizeof zone, "%z", &tm);
    int ms = (int)((t - (double)s) * 1000);
    snprintf(text, sizeof text, "%s.%03d%s", day, ms > 999 ? 999 : ms, zone);
    return json_string(text);
}

/* where the record was written (a command-line record's name) and when
 * it ran */
static json_t *placed(json_t *o, const struct result *res)
{
    if (res->rec->from)
        json_object_set_new(o, "source", json_string(res->rec->from));
    json_object_set_new(o, "start", time_json(res->wall_start));
    json_object_set_new(o, "end", time_json(res->wall_end));
    return o;
}

static void record_members(json_t *o, const struct writer *w, const struct result *res);

static json_t *record_json(const struct writer *w, const struct result *res)
{
    const struct record *r = res->rec;
    char op[64];
    if (!r->ok)                /* --keep-going: an invalid record */
        return placed(json_pack("{s:i,s:o,s:s,s:o,s:b,s:o}", "line", r->line, "text",
                                text_json(r->text), "status", "skipped", "skipped",
                                text_or_null(res->skipped), "invalid", 1, "points",
                                json_array()), res);
    json_t *comms = json_array();
    for (int i = 0; i < res->ncomm; i++)
        json_array_append_new(comms, json_integer(res->comm_sizes[i]));
    const char *check = check_status(w, res);
    json_t *o = json_pack("{s:i,s:o,s:s,s:s,s:s,s:s,s:s,s:s,s:o,s:o,s:o,s:o,s:s,s:o,s:I}",
        "line", r->line, "text", text_json(r->text), "call", r->call->name,
        "family", r->call->family->name, "call_mode", call_mode_name(r->call->mode),
        "datatype", r->dt->name,
        "topology", r->topo->name, "op", op_label(r, op, sizeof op),
        "communicators", comms, "file", text_or_null(res->file),
        "skipped", text_or_null(res->skipped), "error", text_or_null(res->error),
        "status", record_status(res), "check", check ? json_string(check) : json_null(),
        "mismatches", (json_int_t)res->mismatches);
    placed(o, res);
    record_members(o, w, res);
    return fits_json(o, w, res);
}

/* record_json's members after the fixed ones: each where the record has it */
static void record_members(json_t *o, const struct writer *w, const struct result *res)
{
    const struct record *r = res->rec;
    if (res->pattern.used)
        json_object_set_new(o, "pattern", pattern_json(res));
    if (res->vtopo_text)
        json_object_set_new(o, "shape", json_string(res->vtopo_text));
    if (w->info->opt->cache_cold)     /* and why, where the record runs warm */
        json_object_update_new(o, cache_warm_why(r) ? json_pack("{s:s,s:s}", "cache", "warm",
            "cache_why", cache_warm_why(r)) : json_pack("{s:s}", "cache", "cold"));
    json_t *cv = record_cvars_json(res);
    if (cv)
        json_object_set_new(o, "cvars", cv);
    if (res->facts.library_json)    /* the family's: the I/O family's hints */
        json_object_update(o, res->facts.library_json);
    if (res->hybrid)
        json_object_set_new(o, "hybrid", hybrid_json(res));
    json_object_set_new(o, "estimate_s", json_real(res->estimate_s));
    json_object_set_new(o, "elapsed_s", res->elapsed_s >= 0 ? json_real(res->elapsed_s)
                                                            : json_null());
    json_object_set_new(o, "record_settings", record_settings_json(r));
    type_json_add(o, res);
    call_json_add(o, res, w->info->opt);
    streams_json_add(o, res);
    threads_json_add(o, res);
    if (r->topo_file[0])
        json_object_set_new(o, "topology_file", text_json(r->topo_file));
    json_t *per_comm = comms_json(w->info, res);
    if (per_comm)
        json_object_set_new(o, "per_communicator", per_comm);
    json_t *pts = json_array();
    for (size_t i = 0; i < res->npts; i++)
        json_array_append_new(pts, point_json(w, res, &res->pts[i]));
    json_object_set_new(o, "points", pts);
    json_t *switches = switch_points_json(w->info, res);
    if (switches)
        json_object_set_new(o, "switch_points", switches);
    json_t *compose = compose_json(res);
    if (compose)
        json_object_set_new(o, "compose", compose);
}

/* one option's value by its kind; null while an unset option is unset */
static json_t *option_json(const struct option_spec *sp, const struct options *o)
{
    const void *f = (const char *)o + sp->field;
    switch (sp->kind) {
    case OPT_FLAG: return json_boolean(*(const int *)f);
    case OPT_LONG:
        return sp->unset_null && *(const long *)f == (long)sp->dflt
               ? json_null() : json_integer(*(const long *)f);
    case OPT_INT: return json_integer(*(const int *)f);
    case OPT_REAL:
        return sp->unset_null && *(const double *)f == sp->dflt
               ? json_null() : json_real(*(const double *)f);
    case OPT_CHOICE: return json_string(sp->words[*(const int *)f]);
    case OPT_TEXT: {
        const char *s = *(const char *const *)f;
        return s ? json_string(s) : json_null();
    }
    case OPT_BYTES: {
        unsigned long long v = *(const unsigned long long *)f;
        return v ? json_integer((json_int_t)v) : json_null();
    }
    case OPT_GRID:
        return o->grid[0] ? json_pack("[iii]", o->grid[0], o->grid[1], o->grid[2])
                          : json_null();
    case OPT_RECORD:
    case OPT_RUN:
        return json_integer(o->ncmdline);
    }
    return json_null();
}

static json_t *options_json(const struct options *opt)
{
    json_t *o = json_object();
    for (size_t i = 0; i < noption_specs; i++)
        if (option_specs[i].json)
            json_object_set_new(o, option_specs[i].json,
                                option_json(&option_specs[i], opt));
    return o;
}

static json_t *run_json(const struct writer *w, const char *status)
{
    const struct run_info *in = w->info;
    json_t *root = json_pack("{s:s,s:i,s:o,s:s,s:o,s:s}", "mpigauge", MPIGAUGE_VERSION,
                             "format", RUN_JSON_FORMAT, "build", build_json(),
                             "status", status, "input", text_json(in->input),
                             "date", in->date);
    machine_json_add(root, in);
    threads_json_run(root, in);
    timer_json_add(root, in);
    if (in->clock)
        json_object_set_new(root, "clock", clock_json(in->clock));
    if (in->opt->papi)
        json_object_set_new(root, "papi", events_json(&in->ev));
    json_object_set_new(root, "estimate_s", json_real(in->estimate_s));
    json_object_set_new(root, "peak_rss_kib", in->peak_rss_kib
                        ? json_integer(in->peak_rss_kib) : json_null());
    json_object_set_new(root, "options", options_json(in->opt));
    writer_params_json((struct writer *)w, root);
    json_object_set_new(root, "settings", settings_json(in));
    json_object_set_new(root, "job", job_json());
    json_object_set_new(root, "fingerprint", fingerprint_json(in, root));
    return root;               /* the records are spliced in (spill.c) */
}

/* a record's entry: one line of compact JSON */
static char *entry_text(const struct writer *w, const struct result *res)
{
    json_t *o = record_json(w, res);
    char *text = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(o);
    return text;
}

void writer_pending(struct writer *w, const struct result *res)
{
    char *text = entry_text(w, res);
    spill_pending(w, text ? text : "null");
    free(text);
}

void runjson_record(struct writer *w, const struct result *res)
{
    char *text = entry_text(w, res);
    spill_done(w, text ? text : "null");
    free(text);
}

/* root's text and the record lists into path, through a temporary */
static int write_pieces(struct writer *w, json_t *root, const char *path,
                        const char *tmp)
{
    struct json_pieces p = w->lists;
    p.head = json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
    p.head_len = p.head ? strlen(p.head) : 0;
    errno = 0;
    int fd = p.head ? open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0666) : -1;
    int rc = fd < 0 || json_splice(fd, &p);
    if (fd >= 0 && close(fd) && !rc)
        rc = -1;
    if (!rc)
        rc = rename(tmp, path);
    free(p.head);
    return rc;
}

int runjson_write(struct writer *w, const char *status)
{
    spill_ready(w);
    spill_flush(w);
    json_t *root = run_json(w, status);
    char tmp[sizeof w->dir + 32], path[sizeof w->dir + 32];
    snprintf(tmp, sizeof tmp, "%s/.run.json.tmp", w->dir);
    snprintf(path, sizeof path, "%s/run.json", w->dir);
    int rc = write_pieces(w, root, path, tmp);
    if (rc) {
        io_failed(path);
        unlink(tmp);
    }
    /* what a signal that cannot wait for the ranks leaves behind */
    if (w->snapshot && strcmp(status, "running") == 0) {
        json_object_set_new(root, "status", json_string("interrupted"));
        struct json_pieces p = w->lists;
        p.head = json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
        p.head_len = p.head ? strlen(p.head) : 0;
        w->snapshot(w->dir, p.head ? &p : NULL);
    }
    json_decref(root);
    return rc;
}
