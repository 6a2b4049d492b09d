/* set_summary.c: mpigauge --set (set_summary.h) */
#include "offline/set_summary.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "base/base.h"
#include "base/exit_status.h"
#include "models/launch_modes.h"

void set_size_of(const struct launch_set *s, const char *file, double elements,
                 struct set_size *z)
{
    memset(z, 0, sizeof *z);
    z->elements = elements;
    z->bytes = NAN;
    double width[MAX_LAUNCHES], sorted[MAX_LAUNCHES];
    int nw = 0;
    for (int k = 0; k < s->n && z->n < MAX_LAUNCHES; k++) {
        struct launch_point p;
        if (!launch_point_at(s, k, file, elements, &p))
            continue;
        z->bytes = p.bytes;
        z->targets_met += p.target_met;
        if (!isnan(p.lo_us) && !isnan(p.hi_us))
            width[nw++] = (p.hi_us - p.lo_us) / p.t_us;
        sorted[z->n] = p.t_us;
        z->number[z->n] = s->launch[k].number;
        z->t[z->n++] = p.t_us;
    }
    z->spread = launch_spread_of(sorted, (size_t)z->n);
    z->launch_width = NAN;
    if (nw) {
        struct launch_spread w = launch_spread_of(width, (size_t)nw);
        z->launch_width = w.median;
        z->wider = z->n > 1 &&
                   z->spread.max - z->spread.min > w.median * z->spread.median;
    }
}

/* the launch modes of one size: its launches in separated groups, each
 * with its median and launches; null when fewer than two modes */
static json_t *modes_json(const struct set_size *z)
{
    int label[MAX_LAUNCHES], count[MAX_LAUNCHES] = {0};
    int ng = launch_groups(z->t, (size_t)z->n, label);
    for (int k = 0; k < z->n; k++)
        count[label[k]]++;
    if (mode_count(count, ng) < 2)
        return json_null();
    json_t *groups = json_array();
    for (int g = 0; g < ng; g++) {
        double v[MAX_LAUNCHES];
        int n = 0;
        json_t *which = json_array();
        for (int k = 0; k < z->n; k++) {
            if (label[k] != g)
                continue;
            v[n++] = z->t[k];
            json_array_append_new(which, json_integer(z->number[k]));
        }
        json_array_append_new(groups, json_pack("{s:o,s:o,s:o,s:b}", "median_us",
            json_finite_or_null(launch_spread_of(v, (size_t)n).median), "launches",
            which, "count", json_integer(n), "mode", n >= 2));
    }
    return groups;
}

static json_t *size_json(const struct set_size *z)
{
    json_t *t = json_array();
    for (int k = 0; k < z->n; k++)
        json_array_append_new(t, json_real(z->t[k]));
    const struct launch_spread *p = &z->spread;
    return json_pack("{s:o,s:o,s:o,s:i,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:b,s:i,s:o}",
        "elements", json_finite_or_null(z->elements), "bytes", json_finite_or_null(z->bytes), "launch_medians_us", t,
        "launches", z->n, "median_us", json_finite_or_null(p->median), "min_us", json_finite_or_null(p->min),
        "max_us", json_finite_or_null(p->max), "cv", json_finite_or_null(p->cv), "lo_us", json_finite_or_null(p->lo),
        "hi_us", json_finite_or_null(p->hi), "coverage", json_finite_or_null(p->coverage),
        "launch_interval_rel", json_finite_or_null(z->launch_width), "spread_wider", z->wider,
        "targets_met", z->targets_met, "modes", modes_json(z));
}

/* the sizes of a record, from the first launch that has the record */
static const json_t *points_of(const struct launch_set *s, const char *file)
{
    for (int k = 0; k < s->n; k++) {
        const json_t *rec = json_object_get(s->launch[k].by_file, file);
        if (rec && record_points(rec))
            return record_points(rec);
    }
    return NULL;
}

static void text_head(FILE *f, const struct launch_set *s)
{
    const json_t *fp = launch_set_fingerprint(s);
    const json_t *root = s->launch[0].root;
    fprintf(f, "Launch set %s: %d launch%s used of %d", s->dir, s->n,
            s->n == 1 ? "" : "es", s->total);
    if (fp)
        fprintf(f, " (%s, %s, %lld ranks on %lld node%s)",
                json_string_value(json_object_get(root, "input")),
                json_string_value(json_object_get(fp, "mpi_library")),
                json_integer_value(json_object_get(fp, "ranks")),
                json_integer_value(json_object_get(fp, "nodes")),
                json_integer_value(json_object_get(fp, "nodes")) == 1 ? "" : "s");
    fprintf(f, ".\n");
    for (int i = 0; i < s->nleft; i++)
        fprintf(f, "Left out: %s.\n", s->left_out[i]);
    fprintf(f, "Per size: each launch's median (us); over the launches their median, min, "
            "max, coefficient of variation, and a distribution-free interval for the "
            "median with its coverage (the launch is the unit; below 6 launches no "
            "interval reaches 95%%).\n");
    if (mann_whitney_min_p((size_t)s->n, (size_t)s->n) > 0.025)
        fprintf(f, "With %d launch%s, a comparison with a set as large cannot reach a 95%% "
                "interval (1/C(2n, n) > 2.5%%: mpigauge --compare needs at least 4 "
                "launches a side, or 3 against 5 or more).\n", s->n, s->n == 1 ? "" : "es");
}

/* the sentence on sizes whose launches spread wider than one launch's
 * interval */
static void text_wider(FILE *f, const struct set_size *z, int nz)
{
    int n = 0;
    double worst = 0, width = 0;
    for (int i = 0; i < nz; i++) {
        if (!z[i].wider)
            continue;
        n++;
        double spread = (z[i].spread.max - z[i].spread.min) / z[i].spread.median;
        if (spread > worst) {
            worst = spread;
            width = z[i].launch_width;
        }
    }
    if (!n)
        return;
    fprintf(f, "  At %d of %d sizes the launches' medians spread wider than one launch's "
            "95%% interval (up to %.1f%% of the median, where one launch's interval "
            "spans %.1f%%): one launch's interval does not cover the next launch; "
            "decide on the set, not on one launch.\n", n, nz, 100 * worst, 100 * width);
}

/* the sizes whose launches fall into modes: a line each, with each
 * group's median and launches (named where there are at most 8) */
static void text_modes(FILE *f, const struct set_size *z, int nz)
{
    int said = 0;
    for (int i = 0; i < nz; i++) {
        json_t *groups = modes_json(&z[i]), *g;
        if (!json_is_array(groups))
            continue;
        if (!said++)
            fprintf(f, "  Launch modes: the launches' medians fall into groups more than "
                    "%.0f%% apart, and a set's median is whichever group drew most of its "
                    "launches (mpigauge --compare compares within the modes too):\n",
                    100 * (MODE_GAP - 1));
        fprintf(f, "    at %.0f elements:", z[i].elements);
        size_t k, j;
        json_array_foreach(groups, k, g) {
            json_t *which = json_object_get(g, "launches"), *w;
            fprintf(f, "%s %.4g us (%zu launch%s", k ? "," : "",
                    json_number_value(json_object_get(g, "median_us")), json_array_size(which),
                    json_array_size(which) == 1 ? "" : "es");
            if (json_array_size(which) <= 8) {
                fprintf(f, ":");
                json_array_foreach(which, j, w)
                    fprintf(f, " %lld", json_integer_value(w));
            }
            fprintf(f, ")");
        }
        fprintf(f, "\n");
        json_decref(groups);
    }
}

static void text_size(FILE *f, const struct set_size *z)
{
    const struct launch_spread *p = &z->spread;
    fprintf(f, "  %10.0f %10.0f %10.4f %10.4f %10.4f %6.1f %10.4f %10.4f %6.1f  ",
            z->elements, z->bytes, p->median, p->min, p->max, 100 * p->cv, p->lo,
            p->hi, 100 * p->coverage);
    for (int k = 0; k < z->n; k++)
        fprintf(f, "%s%.4f", k ? " " : "", z->t[k]);
    fprintf(f, "\n");
}

static json_t *record_summary(const struct launch_set *s, const json_t *rec, FILE *txt)
{
    const char *file = json_string_value(json_object_get(rec, "file"));
    const json_t *pts = points_of(s, file), *pt;
    json_t *sizes = json_array();
    int npts = (int)json_array_size(pts);
    struct set_size *z = xcalloc((size_t)npts + 1, sizeof *z);
    fprintf(txt, "\nLine %lld: %s (%s)\n",
            json_integer_value(json_object_get(rec, "line")),
            json_string_value(json_object_get(rec, "text")), file);
    fprintf(txt, "  %10s %10s %10s %10s %10s %6s %10s %10s %6s  %s\n", "elements", "bytes",
            "median_us", "min_us", "max_us", "cv%", "lo_us", "hi_us", "cover%",
            "launch medians (us)");
    size_t i;
    json_array_foreach(pts, i, pt) {
        set_size_of(s, file, json_number_at(pt, "elements"), &z[i]);
        text_size(txt, &z[i]);
        json_array_append_new(sizes, size_json(&z[i]));
    }
    text_wider(txt, z, npts);
    text_modes(txt, z, npts);
    free(z);
    return json_pack("{s:s,s:O?,s:O?,s:O?,s:o}", "file", file,
                     "line", json_object_get(rec, "line"),
                     "text", json_object_get(rec, "text"),
                     "call", json_object_get(rec, "call"), "sizes", sizes);
}

static json_t *launches_json(const struct launch_set *s)
{
    json_t *used = json_array(), *left = json_array();
    for (int k = 0; k < s->n; k++)
        json_array_append_new(used, json_string(s->launch[k].name));
    for (int i = 0; i < s->nleft; i++)
        json_array_append_new(left, json_string(s->left_out[i]));
    return json_pack("{s:i,s:o,s:o}", "total", s->total, "used", used, "left_out", left);
}

/* text into path's temporary, path.tmp: 0, or -1 (said, the temporary
 * gone) */
static int write_tmp(const char *path, const char *text, size_t len)
{
    char tmp[PATH_BYTES + 200];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    errno = 0;
    FILE *f = fopen(tmp, "w");
    int ok = f && fwrite(text, 1, len, f) == len;
    ok = f && fclose(f) == 0 && ok;
    if (ok)
        return 0;
    fprintf(stderr, "mpigauge --set: cannot write %s: %s (exit %d)\n", path,
            errno ? strerror(errno) : "a write failed", EXIT_WRITE_FAILED);
    unlink(tmp);
    return -1;
}

/* set.json and set.txt through temporaries and renames: both new and
 * whole, or neither touched (a full disk, a read-only folder) */
static int write_both(const char *dir, const char *js, const char *text, size_t len)
{
    char pj[PATH_BYTES], pt[PATH_BYTES], tj[PATH_BYTES + 8], tt[PATH_BYTES + 8];
    snprintf(pj, sizeof pj, "%s/set.json", dir);
    snprintf(pt, sizeof pt, "%s/set.txt", dir);
    snprintf(tj, sizeof tj, "%s.tmp", pj);
    snprintf(tt, sizeof tt, "%s.tmp", pt);
    if (write_tmp(pj, js, strlen(js)))
        return -1;
    if (write_tmp(pt, text, len)) {
        unlink(tj);
        return -1;
    }
    if (rename(tj, pj) == 0 && rename(tt, pt) == 0)
        return 0;
    fprintf(stderr, "mpigauge --set: cannot rename the temporaries in %s: %s (exit %d)\n",
            dir, strerror(errno), EXIT_WRITE_FAILED);
    unlink(tj);
    unlink(tt);
    return -1;
}

int set_summary_main(const char *dir)
{
    struct launch_set s;
    if (launch_set_load(&s, dir, "SET")) {
        launch_set_free(&s);
        return EXIT_BAD_INPUT;
    }
    if (!s.is_set) {
        fprintf(stderr, "mpigauge --set: '%s' is one result folder, not a launch set "
                "(folders launch-1, launch-2, ...; scripts/launches.sh)\n", dir);
        launch_set_free(&s);
        return EXIT_BAD_INPUT;
    }
    char *text = NULL;
    size_t len = 0;
    FILE *txt = open_memstream(&text, &len);
    text_head(txt, &s);
    json_t *records = launch_set_records(&s), *rec, *out = json_array();
    size_t i;
    json_array_foreach(records, i, rec)
        json_array_append_new(out, record_summary(&s, rec, txt));
    fclose(txt);
    const json_t *fp = launch_set_fingerprint(&s);
    json_t *root = json_pack("{s:s,s:o,s:O?,s:o}", "set", dir, "launches",
                             launches_json(&s), "fingerprint", fp, "records", out);
    char *js = json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
    int bad = !js || write_both(dir, js, text, len);
    if (!bad)                  /* checked by offline_main (stdout_whole.h) */
        fwrite(text, 1, len, stdout);
    free(js);
    free(text);
    json_decref(root);
    json_decref(records);
    launch_set_free(&s);
    return bad ? EXIT_WRITE_FAILED : EXIT_OK;
}
