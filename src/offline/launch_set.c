/* launch_set.c: result folders and launch sets read back (launch_set.h) */
#include "offline/launch_set.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "base/base.h"
#include "base/exit_status.h"
#include "registry/launch_names.h"
#include "offline/fingerprint_diff.h"

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* the fingerprint's environment made again from the run's own
 * (settings.environment) by today's filter (registry/launch_names.h), so
 * that a run written under an older filter compares by today's: every
 * name holding PORT was once left out, OMPI_COMMAND once kept (issue 53);
 * a run.json without its environment keeps its fingerprint as written */
static void refilter(json_t *root)
{
    json_t *fp = json_object_get(root, "fingerprint");
    const json_t *env = json_object_get(json_object_get(root, "settings"), "environment");
    if (!json_is_object(fp) || !json_is_object(env))
        return;
    json_t *kept = json_object();
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)env, key, v)
        if (!launch_name_family(key))
            json_object_set(kept, key, v);
    json_object_set_new(fp, "environment", kept);
}

/* run.json of dir, checked for what the tools read: 0, or -1 and why
 * (-2 when the file is there but damaged: not JSON, or not a run.json) */
static int load_run(struct launch *l, const char *dir, char *why, size_t len)
{
    char path[PATH_BYTES];
    snprintf(path, sizeof path, "%s/run.json", dir);
    json_error_t e;
    l->root = json_load_file(path, 0, &e);
    if (!l->root) {
        if (!is_file(path))
            snprintf(why, len, "%s: no such file (the launch did not start, "
                     "or was killed before its first rewrite)", path);
        else
            snprintf(why, len, "%s:%d:%d: not JSON: %s", path, e.line, e.column, e.text);
        return is_file(path) ? -2 : -1;
    }
    json_t *recs = json_object_get(l->root, "records");
    if (!json_is_object(l->root) || !json_is_array(recs) ||
        !json_is_string(json_object_get(l->root, "status"))) {
        snprintf(why, len, "%s: not an mpigauge run.json (no \"status\" or "
                 "\"records\")", path);
        return -2;
    }
    refilter(l->root);
    l->by_file = json_object();
    size_t i;
    json_t *r;
    json_array_foreach(recs, i, r) {
        const char *f = json_string_value(json_object_get(r, "file"));
        if (f)
            json_object_set(l->by_file, f, r);
    }
    return 0;
}

static void drop_launch(struct launch *l)
{
    json_decref(l->by_file);
    json_decref(l->root);
    memset(l, 0, sizeof *l);
}

static void leave_out(struct launch_set *s, const char *name, const char *why)
{
    char line[PATH_BYTES + 400];
    snprintf(line, sizeof line, "%s: %s", name, why);
    s->left_out = xrealloc(s->left_out, (size_t)(s->nleft + 1) * sizeof *s->left_out);
    s->left_out[s->nleft++] = xstrdup(line);
}

/* K of "launch-K" (or, with out, of "launch-K.out"), or -1 */
static long launch_number_in(const char *name, int out)
{
    if (strncmp(name, "launch-", 7) != 0 || !isdigit((unsigned char)name[7]))
        return -1;
    char *end;
    long k = strtol(name + 7, &end, 10);
    if (out && strcmp(end, ".out") == 0)
        end += 4;
    return *end || k < 0 || k > 1000000 ? -1 : k;
}

static long launch_number(const char *name)
{
    return launch_number_in(name, 0);
}

/* the output launches.sh keeps of a launch, named for a folder that is
 * missing: a launch that failed before mpigauge made its result folder */
static int is_orphan_output(const char *name)
{
    return launch_number(name) < 0 && launch_number_in(name, 1) >= 0;
}

static int by_number(const void *a, const void *b)
{
    long x = launch_number_in(*(char *const *)a, 1), y = launch_number_in(*(char *const *)b, 1);
    return x < y ? -1 : x > y;
}

/* the launch-K folders in dir, and the launch-K.out files of launches
 * that have no folder, by K; their count */
static int launch_names(const char *dir, char ***names)
{
    DIR *d = opendir(dir);
    int n = 0;
    *names = NULL;
    struct dirent *e;
    while (d && (e = readdir(d))) {
        char path[PATH_BYTES + 200], folder[PATH_BYTES + 200];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        int orphan = 0;
        if (is_orphan_output(e->d_name) && is_file(path)) {
            snprintf(folder, sizeof folder, "%.*s", (int)(strlen(path) - 4), path);
            orphan = !is_dir(folder);
        }
        if (!orphan && (launch_number(e->d_name) < 0 || !is_dir(path)))
            continue;
        *names = xrealloc(*names, (size_t)(n + 1) * sizeof **names);
        (*names)[n++] = xstrdup(e->d_name);
    }
    if (d)
        closedir(d);
    if (n > 1)
        qsort(*names, (size_t)n, sizeof **names, by_number);
    return n;
}

static const char *status_of(const struct launch *l)
{
    return json_string_value(json_object_get(l->root, "status"));
}

static int usable_status(const char *st)
{
    return strcmp(st, "complete") == 0 || strcmp(st, "complete-with-errors") == 0;
}

/* records done of all, for the note on an interrupted launch */
static void done_count(const struct launch *l, int *done, int *all)
{
    json_t *recs = json_object_get(l->root, "records"), *r;
    size_t i;
    *done = 0;
    *all = (int)json_array_size(recs);
    json_array_foreach(recs, i, r) {
        const char *st = json_string_value(json_object_get(r, "status"));
        *done += st && strcmp(st, "done") == 0;
    }
}

/* the launches of one fingerprint: the most common one's (the first
 * launch's on a tie); the others are left out, named */
static void keep_one_fingerprint(struct launch_set *s)
{
    int best = 0, most = 0;
    for (int i = 0; i < s->n; i++) {
        int same = 0;
        json_t *fi = json_object_get(s->launch[i].root, "fingerprint");
        for (int j = 0; j < s->n; j++)
            same += json_same(fi, json_object_get(s->launch[j].root, "fingerprint"));
        if (same > most) {
            most = same;
            best = i;
        }
    }
    json_t *ref = json_object_get(s->launch[best].root, "fingerprint");
    int kept = 0;
    for (int i = 0; i < s->n; i++) {
        if (json_same(ref, json_object_get(s->launch[i].root, "fingerprint"))) {
            s->launch[kept++] = s->launch[i];
            continue;
        }
        leave_out(s, s->launch[i].name, "its fingerprint differs from the set's "
                  "(mpigauge --compare with a launch of the set names the differences)");
        drop_launch(&s->launch[i]);
    }
    s->n = kept;
}

static int load_set(struct launch_set *s, const char *what)
{
    char **names;
    s->total = launch_names(s->dir, &names);
    s->launch = xcalloc((size_t)s->total + 1, sizeof *s->launch);
    for (int i = 0; i < s->total; i++) {
        char path[PATH_BYTES + 200], why[PATH_BYTES + 400];
        int bad;
        snprintf(path, sizeof path, "%s/%s", s->dir, names[i]);
        struct launch *l = &s->launch[s->n];
        snprintf(l->name, sizeof l->name, "%s", names[i]);
        l->number = (int)launch_number_in(names[i], 1);
        if (l->number > s->last)
            s->last = l->number;
        if (is_orphan_output(names[i])) {
            snprintf(l->name, sizeof l->name, "launch-%d", l->number);
            snprintf(why, sizeof why, "no result folder: the launch ended before mpigauge "
                     "made it (its output: %s)", path);
            leave_out(s, l->name, why);
            drop_launch(l);
        } else if ((bad = load_run(l, path, why, sizeof why)) != 0) {
            s->damaged += bad == -2;
            leave_out(s, names[i], why);
            drop_launch(l);
        } else if (s->n == MAX_LAUNCHES) {
            leave_out(s, names[i], "past the 256 launches a set uses");
            drop_launch(l);
        } else if (!usable_status(status_of(l))) {
            int done, all;
            done_count(l, &done, &all);
            snprintf(why, sizeof why, "%s (%d of %d records done)", status_of(l), done, all);
            leave_out(s, names[i], why);
            drop_launch(l);
        } else {
            s->n++;
        }
        free(names[i]);
    }
    free(names);
    if (s->n > 1)
        keep_one_fingerprint(s);
    if (s->n == 0) {
        fprintf(stderr, "mpigauge: %s '%s': no complete launch among its %d launch "
                "folder%s\n", what, s->dir, s->total, s->total == 1 ? "" : "s");
        for (int i = 0; i < s->nleft; i++)
            fprintf(stderr, "  %s\n", s->left_out[i]);
        return EXIT_BAD_INPUT;
    }
    return 0;
}

int launch_set_load(struct launch_set *s, const char *dir, const char *what)
{
    memset(s, 0, sizeof *s);
    snprintf(s->dir, sizeof s->dir, "%s", dir);
    char path[PATH_BYTES], why[PATH_BYTES + 400];
    snprintf(path, sizeof path, "%s/run.json", dir);
    if (!is_dir(dir)) {
        fprintf(stderr, "mpigauge: %s '%s': %s\n", what, dir,
                errno == ENOENT ? "no such folder" : "not a folder");
        return EXIT_BAD_INPUT;
    }
    if (is_file(path)) {
        s->launch = xcalloc(1, sizeof *s->launch);
        const char *slash = strrchr(dir, '/');
        snprintf(s->launch[0].name, sizeof s->launch[0].name, "%s",
                 slash && slash[1] ? slash + 1 : dir);
        s->total = 1;
        if (load_run(&s->launch[0], dir, why, sizeof why)) {
            fprintf(stderr, "mpigauge: %s: %s\n", what, why);
            return EXIT_BAD_INPUT;
        }
        s->n = 1;
        return 0;
    }
    s->is_set = 1;
    char **names;
    int found = launch_names(dir, &names);
    for (int i = 0; i < found; i++)
        free(names[i]);
    free(names);
    if (found == 0) {
        fprintf(stderr, "mpigauge: %s '%s' is neither a result folder (no run.json) "
                "nor a launch set (no launch-K folder)\n", what, dir);
        return EXIT_BAD_INPUT;
    }
    return load_set(s, what);
}

void launch_set_free(struct launch_set *s)
{
    for (int i = 0; i < s->n; i++)
        drop_launch(&s->launch[i]);
    free(s->launch);
    for (int i = 0; i < s->nleft; i++)
        free(s->left_out[i]);
    free(s->left_out);
    memset(s, 0, sizeof *s);
}

const json_t *launch_set_fingerprint(const struct launch_set *s)
{
    return s->n ? json_object_get(s->launch[0].root, "fingerprint") : NULL;
}

const json_t *launch_set_cvars(const struct launch_set *s)
{
    json_t *settings = s->n ? json_object_get(s->launch[0].root, "settings") : NULL;
    return settings ? json_object_get(settings, "cvars") : NULL;
}

static int by_line(const void *a, const void *b)
{
    json_int_t x = json_integer_value(json_object_get(*(json_t *const *)a, "line"));
    json_int_t y = json_integer_value(json_object_get(*(json_t *const *)b, "line"));
    return x < y ? -1 : x > y;
}

json_t *launch_set_records(const struct launch_set *s)
{
    json_t *out = json_array();
    if (!s->n)
        return out;
    json_t *recs = json_object_get(s->launch[0].root, "records"), *r;
    size_t i, n = 0;
    json_t **v = xcalloc(json_array_size(recs) + 1, sizeof *v);
    json_array_foreach(recs, i, r)
        if (json_string_value(json_object_get(r, "file")))
            v[n++] = r;
    qsort(v, n, sizeof *v, by_line);
    for (i = 0; i < n; i++)
        json_array_append(out, v[i]);
    free(v);
    return out;
}

const json_t *record_points(const json_t *rec)
{
    const json_t *p = json_object_get(rec, "points");
    return json_is_array(p) ? p : NULL;
}

double json_number_at(const json_t *o, const char *key)
{
    const json_t *v = json_object_get(o, key);
    return json_is_number(v) ? json_number_value(v) : NAN;
}

json_t *json_finite_or_null(double x)
{
    return isfinite(x) ? json_real(x) : json_null();
}

int launch_point_at(const struct launch_set *s, int k, const char *file,
                    double elements, struct launch_point *p)
{
    const json_t *rec = json_object_get(s->launch[k].by_file, file);
    const json_t *pts = rec ? record_points(rec) : NULL, *pt;
    size_t i;
    json_array_foreach(pts, i, pt) {
        if (json_number_at(pt, "elements") != elements)
            continue;
        p->t_us = json_number_at(pt, "t_med_us");
        if (isnan(p->t_us))
            p->t_us = json_number_at(pt, "t_avg_us");
        p->lo_us = json_number_at(pt, "ci_lo_us");
        p->hi_us = json_number_at(pt, "ci_hi_us");
        p->bytes = json_number_at(pt, "bytes");
        p->target_met = json_is_true(json_object_get(pt, "target_met"));
        return !isnan(p->t_us) && p->t_us > 0;
    }
    return 0;
}
