/* trend_write.c: the series of --trend into its folder (trend.h):
 * trend.txt, trend.json and series-N.dat, made in a temporary folder
 * beside it and renamed into place, so that a failed write leaves no
 * half of them */
#include "offline/trend.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "base/base.h"
#include "base/exit_status.h"
#include "offline/launch_set.h"

static json_t *change_json(const struct trend_series *s, const struct trend_change *c)
{
    char text[1500];
    trend_change_text(s, c, text, sizeof text);
    const struct trend_point *b = &s->pt[c->at];
    return json_pack("{s:i,s:I,s:s?,s:s?,s:o,s:o,s:o,s:o,s:s,s:b,s:s}", "at", c->at,
                     "set", (json_int_t)b->set_id, "date", b->date, "build", b->build,
                     "p_value", json_real(c->p), "ratio", json_finite_or_null(c->e.ratio),
                     "lo", json_finite_or_null(c->e.lo), "hi", json_finite_or_null(c->e.hi),
                     "verdict", verdict_name(c->v), "confirmed", c->confirmed, "text", text);
}

static json_t *series_json(const struct trend_series *s, int k)
{
    json_t *pts = json_array(), *chs = json_array();
    for (int i = 0; i < s->n; i++) {
        const struct trend_point *p = &s->pt[i];
        json_array_append_new(pts, json_pack("{s:I,s:s?,s:s?,s:s?,s:b,s:i,s:o,s:o,s:o}",
            "set", (json_int_t)p->set_id, "date", p->date, "build", p->build, "folder",
            p->folder, "is_set", p->is_set, "launches", p->n, "median_us",
            json_finite_or_null(p->median), "lo_us", json_finite_or_null(p->lo), "hi_us",
            json_finite_or_null(p->hi)));
    }
    for (int i = 0; i < s->nch; i++)
        json_array_append_new(chs, change_json(s, &s->ch[i]));
    char dat[32];
    snprintf(dat, sizeof dat, "series-%d.dat", k + 1);
    return json_pack("{s:s,s:s,s:f,s:o,s:s,s:o,s:o,s:b}", "system", s->system, "record",
                     s->identity, "elements", s->elements, "bytes",
                     json_finite_or_null(s->bytes), "data", dat, "points", pts,
                     "changes", chs, "fail_new", s->failed);
}

/* the change starting at point i: 1 confirmed, 2 not, 0 none */
static int change_at(const struct trend_series *s, int i)
{
    for (int c = 0; c < s->nch; c++)
        if (s->ch[c].at == i)
            return s->ch[c].confirmed ? 1 : 2;
    return 0;
}

static void series_text(FILE *f, const struct trend_series *s, int k)
{
    fprintf(f, "\nSeries %d: %s, %.0f elements (system %s): %d point%s\n", k + 1,
            s->identity, s->elements, s->system, s->n, s->n == 1 ? "" : "s");
    fprintf(f, "  %4s %-26s %12s %12s %12s %4s  %s\n", "#", "date", "median_us", "lo_us",
            "hi_us", "n", "build");
    for (int i = 0; i < s->n; i++) {
        const struct trend_point *p = &s->pt[i];
        int c = change_at(s, i);
        fprintf(f, "%s %4d %-26s %12.4f %12.4f %12.4f %4d  %s\n", c == 1 ? ">" : c ? "?" : " ",
                i + 1, p->date ? p->date : "-", p->median, p->lo, p->hi, p->n,
                p->build ? p->build : "-");
    }
    for (int c = 0; c < s->nch; c++) {
        char text[1500];
        trend_change_text(s, &s->ch[c], text, sizeof text);
        fprintf(f, "  change at point %d (p = %.3f): %s\n", s->ch[c].at + 1, s->ch[c].p, text);
    }
    if (s->nch == 0)
        fprintf(f, "  no change point\n");
}

/* gnuplot's data: index, median, lo, hi, change (1 confirmed, 2 not), date */
static void series_dat(FILE *f, const struct trend_series *s)
{
    fprintf(f, "# %s, %.0f elements, system %s\n# point median_us lo_us hi_us change date\n",
            s->identity, s->elements, s->system);
    for (int i = 0; i < s->n; i++) {
        const struct trend_point *p = &s->pt[i];
        fprintf(f, "%d %.9g %.9g %.9g %d %s\n", i + 1, p->median, isnan(p->lo) ? p->median : p->lo,
                isnan(p->hi) ? p->median : p->hi, change_at(s, i), p->date ? p->date : "-");
    }
}

/* text into dir/name: 0, or -1 (said) */
static int put(const char *dir, const char *name, const char *text, size_t len)
{
    char path[PATH_BYTES + 64];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    errno = 0;
    FILE *f = fopen(path, "w");
    int ok = f && fwrite(text, 1, len, f) == len;
    ok = f && fclose(f) == 0 && ok;
    if (!ok)
        fprintf(stderr, "mpigauge --trend: cannot write %s: %s (exit %d)\n", path,
                errno ? strerror(errno) : "a write failed", EXIT_WRITE_FAILED);
    return ok ? 0 : -1;
}

/* every file into the temporary folder tmp */
static int put_all(const char *tmp, struct trend_series *const *s, int n, const char *text,
                   size_t len, const char *js)
{
    if (put(tmp, "trend.txt", text, len) || put(tmp, "trend.json", js, strlen(js)))
        return -1;
    for (int k = 0; k < n; k++) {
        char *dat = NULL, name[32];
        size_t dlen = 0;
        FILE *f = open_memstream(&dat, &dlen);
        series_dat(f, s[k]);
        fclose(f);
        snprintf(name, sizeof name, "series-%d.dat", k + 1);
        int rc = put(tmp, name, dat, dlen);
        free(dat);
        if (rc)
            return -1;
    }
    return 0;
}

static void remove_folder(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        char path[PATH_BYTES + 300];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            unlink(path);
    }
    if (d)
        closedir(d);
    rmdir(dir);
}

/* dir is missing or an empty folder (removed, to be renamed onto) */
static int fresh(const char *dir)
{
    struct stat sb;
    if (stat(dir, &sb) != 0)
        return 0;
    if (S_ISDIR(sb.st_mode) && rmdir(dir) == 0)
        return 0;
    fprintf(stderr, "mpigauge --trend: -o '%s' exists and is not an empty folder\n", dir);
    return EXIT_BAD_INPUT;
}

int trend_write(const char *dir, struct trend_series *const *s, int n, int json_out)
{
    char *text = NULL, tmp[PATH_BYTES];
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    json_t *all = json_array();
    fprintf(f, "Trends: %d series (docs/report.md, Trends and change points)\n", n);
    for (int k = 0; k < n; k++) {
        series_text(f, s[k], k);
        json_array_append_new(all, series_json(s[k], k));
    }
    fclose(f);
    json_t *root = json_pack("{s:o}", "series", all);
    char *dump = json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER), *js = NULL;
    json_decref(root);
    if (asprintf(&js, "%s\n", dump ? dump : "") < 0)
        js = NULL;
    free(dump);
    if (!js)
        return EXIT_NO_MEMORY;
    snprintf(tmp, sizeof tmp, "%s.tmp-%ld", dir, (long)getpid());
    int rc = fresh(dir);
    if (rc == 0 && mkdir(tmp, 0777) != 0) {
        fprintf(stderr, "mpigauge --trend: cannot make %s: %s (exit %d)\n", tmp,
                strerror(errno), EXIT_WRITE_FAILED);
        rc = EXIT_WRITE_FAILED;
    } else if (rc == 0 && (put_all(tmp, s, n, text, len, js) || rename(tmp, dir) != 0)) {
        remove_folder(tmp);
        rc = EXIT_WRITE_FAILED;
    }
    if (rc == 0 && json_out)   /* checked by offline_main (stdout_whole.h) */
        fputs(js, stdout);
    else if (rc == 0)
        fwrite(text, 1, len, stdout);
    free(text);
    free(js);
    return rc;
}
