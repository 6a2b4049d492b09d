/* trend.c: mpigauge --trend (trend.h): which series, and the gate */
#include "offline/trend.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "base/exit_status.h"
#include "offline/set_compare.h"
#include "offline/store_db.h"

struct trend_run {
    const struct options *o;
    sqlite3 *db;
    const char *path;
    struct trend_series **s;
    int n;
};

/* every word of -r's values is a word of the identity */
static int selected(const struct options *o, const char *identity)
{
    for (int i = 0; i < o->ncmdline; i++) {
        char *words = xstrdup(o->cmdline[i].text), *save = NULL;
        int all = 1;
        for (char *w = strtok_r(words, " \t", &save); w && all; w = strtok_r(NULL, " \t", &save)) {
            size_t len = strlen(w);
            const char *at = identity;
            all = 0;
            while (!all && (at = strstr(at, w)) != NULL) {
                all = (at == identity || at[-1] == ' ') && (at[len] == '\0' || at[len] == ' ');
                at++;
            }
        }
        free(words);
        if (all)
            return 1;
    }
    return o->ncmdline == 0;
}

/* the series of one record: one per size it has */
static int record_series(struct trend_run *t, long long rec, const char *key,
                         const char *identity)
{
    sqlite3_stmt *st = store_prepare(t->db, t->path, "SELECT DISTINCT elements FROM "
                                     "set_points WHERE record_id = ? ORDER BY elements");
    if (!st)
        return -1;
    sqlite3_bind_int64(st, 1, rec);
    int rc = 0;
    while (rc == 0 && sqlite3_step(st) == SQLITE_ROW) {
        struct trend_series *s = xcalloc(1, sizeof *s);
        s->record_id = rec;
        s->system = xstrdup(key);
        s->identity = xstrdup(identity);
        s->elements = sqlite3_column_double(st, 0);
        t->s = xrealloc(t->s, (size_t)(t->n + 1) * sizeof *t->s);
        t->s[t->n++] = s;
        rc = trend_series_load(t->db, t->path, s) || trend_series_detect(t->db, t->path, s);
    }
    sqlite3_finalize(st);
    return rc;
}

/* the records of the systems --system names (every one without it) */
static int gather(struct trend_run *t)
{
    char like[64];
    snprintf(like, sizeof like, "%s%%", t->o->system ? t->o->system : "");
    sqlite3_stmt *st = store_prepare(t->db, t->path, "SELECT s.key, r.id, r.identity FROM "
                                     "records r JOIN systems s ON s.id = r.system_id WHERE "
                                     "s.key LIKE ? ORDER BY s.id, r.id");
    if (!st)
        return -1;
    sqlite3_bind_text(st, 1, like, -1, SQLITE_TRANSIENT);
    int rc = 0;
    while (rc == 0 && sqlite3_step(st) == SQLITE_ROW) {
        const char *identity = (const char *)sqlite3_column_text(st, 2);
        if (selected(t->o, identity))
            rc = record_series(t, sqlite3_column_int64(st, 1),
                               (const char *)sqlite3_column_text(st, 0), identity);
    }
    sqlite3_finalize(st);
    return rc;
}

/* --system KEY: hex digits naming one stored system (a prefix will do) */
static int check_system(struct trend_run *t)
{
    const char *k = t->o->system;
    if (!k)
        return 0;
    size_t len = strspn(k, "0123456789abcdef");
    if (len == 0 || len > 16 || k[len]) {
        fprintf(stderr, "mpigauge --trend: --system '%s': expected a system's key, 1 to 16 "
                "hex digits in lower case (trend.txt names each system's)\n", k);
        return EXIT_BAD_INPUT;
    }
    char like[64];
    snprintf(like, sizeof like, "%s%%", k);
    long long n = store_id(t->db, t->path, "SELECT count(*) FROM systems WHERE key LIKE ?",
                           "t", like);
    if (n == 1)
        return 0;
    if (n >= 0)
        fprintf(stderr, "mpigauge --trend: --system '%s': %s in store '%s'\n", k,
                n ? "names more than one system; give more digits" : "no such system",
                t->path);
    return n < 0 ? EXIT_WRITE_FAILED : EXIT_BAD_INPUT;
}

/* --fail-new: the series whose newest level began at a confirmed change
 * slower beyond the gate (its last change point, so that the newest
 * point lies after it), said on stderr */
static int gate(struct trend_run *t, double p)
{
    int failed = 0;
    for (int i = 0; i < t->n; i++) {
        struct trend_series *s = t->s[i];
        const struct trend_change *c = s->nch ? &s->ch[s->nch - 1] : NULL;
        if (!c || !c->confirmed || c->v != VERDICT_SLOWER || !beyond_tolerance(c->e.lo, c->e.hi, p))
            continue;
        char text[1500];
        trend_change_text(s, c, text, sizeof text);
        const struct trend_point *from = &s->pt[c->at - 1];
        fprintf(stderr, "mpigauge --trend: --fail-new %s: system %s: %s; it changed from "
                "set %lld (%s, %s)\n", t->o->fail_new, s->system, text, from->set_id,
                from->date ? from->date : "no date", from->folder);
        s->failed = failed = 1;
    }
    return failed;
}

static int no_series(const struct trend_run *t)
{
    if (t->o->ncmdline)
        fprintf(stderr, "mpigauge --trend: store '%s' has no record with every word of "
                "-r '%s'%s\n", t->path, t->o->cmdline[0].text,
                t->o->ncmdline > 1 ? " (nor of the other -r)" : "");
    else
        fprintf(stderr, "mpigauge --trend: store '%s' holds no measured point%s\n", t->path,
                t->o->system ? " of that system" : "");
    return EXIT_BAD_INPUT;
}

int trend_main(const struct options *o)
{
    struct trend_run t = {o, NULL, o->trend, NULL, 0};
    double p = 0;
    if (o->fail_new && parse_percent(o->fail_new, &p)) {
        fprintf(stderr, "mpigauge --trend: --fail-new '%s': expected a percentage of 0 or "
                "more, like 5%% (or 5)\n", o->fail_new);
        return EXIT_BAD_INPUT;
    }
    if (store_open(t.path, 0, &t.db))
        return EXIT_BAD_INPUT;
    int rc = check_system(&t);
    if (rc == 0)
        rc = gather(&t) ? EXIT_BAD_INPUT : t.n == 0 ? no_series(&t) : 0;
    int failed = rc == 0 && o->fail_new && gate(&t, p);
    if (rc == 0)
        rc = trend_write(o->outdir, t.s, t.n, o->json);
    for (int i = 0; i < t.n; i++) {
        trend_series_free(t.s[i]);
        free(t.s[i]);
    }
    free(t.s);
    sqlite3_close(t.db);
    return rc ? rc : failed ? 1 : 0;
}
