/* trend_series.c: one series of the store, its change points and their
 * confirmation (trend.h) */
#include "offline/trend.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "models/changepoint.h"
#include "offline/size_verdict.h"
#include "offline/store_db.h"

static char *text_column(sqlite3_stmt *st, int i)
{
    const unsigned char *t = sqlite3_column_text(st, i);
    return t ? xstrdup((const char *)t) : NULL;
}

static double real_column(sqlite3_stmt *st, int i)
{
    return sqlite3_column_type(st, i) == SQLITE_NULL ? NAN : sqlite3_column_double(st, i);
}

/* in the order of the sets' dates, then of their storing (a run.json
 * without a date sorts first) */
static const char *series_sql =
    "SELECT s.id, s.date, s.build, s.folder, s.is_set, p.n, p.median_us, p.lo_us, p.hi_us, "
    "p.bytes FROM set_points p JOIN sets s ON s.id = p.set_id "
    "WHERE p.record_id = ? AND p.elements = ? ORDER BY s.date, s.id";

int trend_series_load(sqlite3 *db, const char *path, struct trend_series *s)
{
    sqlite3_stmt *st = store_prepare(db, path, series_sql);
    if (!st)
        return -1;
    sqlite3_bind_int64(st, 1, s->record_id);
    sqlite3_bind_double(st, 2, s->elements);
    int rc, cap = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (s->n == cap) {
            cap = cap ? 2 * cap : 32;
            s->pt = xrealloc(s->pt, (size_t)cap * sizeof *s->pt);
        }
        struct trend_point *p = &s->pt[s->n++];
        p->set_id = sqlite3_column_int64(st, 0);
        p->date = text_column(st, 1);
        p->build = text_column(st, 2);
        p->folder = text_column(st, 3);
        p->is_set = sqlite3_column_int(st, 4);
        p->n = sqlite3_column_int(st, 5);
        p->median = real_column(st, 6);
        p->lo = real_column(st, 7);
        p->hi = real_column(st, 8);
        p->bytes = s->bytes = real_column(st, 9);
    }
    if (rc != SQLITE_DONE)
        fprintf(stderr, "mpigauge: store '%s': %s\n", path, sqlite3_errmsg(db));
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : -1;
}

/* the launch medians of one point, into v (its count; at most max) */
static int launch_medians(sqlite3 *db, const char *path, const struct trend_series *s,
                          long long set_id, double *v, int max)
{
    sqlite3_stmt *st = store_prepare(db, path, "SELECT lp.t_us FROM launch_points lp "
                                     "JOIN launches l ON l.id = lp.launch_id WHERE "
                                     "l.set_id = ? AND lp.record_id = ? AND lp.elements = ? "
                                     "ORDER BY l.number");
    int n = 0;
    if (!st)
        return -1;
    sqlite3_bind_int64(st, 1, set_id);
    sqlite3_bind_int64(st, 2, s->record_id);
    sqlite3_bind_double(st, 3, s->elements);
    while (n < max && sqlite3_step(st) == SQLITE_ROW)
        v[n++] = sqlite3_column_double(st, 0);
    sqlite3_finalize(st);
    return n;
}

/* the launch-set rule between point at - 1 and point at: two sets, the
 * ratio of their launch medians with the interval of --compare (the
 * exact rank test at SET_ALPHA a side); otherwise (a run on either side)
 * the ratio of the medians with the interval from each one's own */
static int confirm(sqlite3 *db, const char *path, const struct trend_series *s,
                   struct trend_change *c)
{
    const struct trend_point *a = &s->pt[c->at - 1], *b = &s->pt[c->at];
    double va[MAX_LAUNCHES], vb[MAX_LAUNCHES];
    int na = 0, nb = 0;
    if (a->is_set && b->is_set) {
        na = launch_medians(db, path, s, a->set_id, va, MAX_LAUNCHES);
        nb = launch_medians(db, path, s, b->set_id, vb, MAX_LAUNCHES);
        if (na < 0 || nb < 0)
            return -1;
    }
    if (na > 1 && nb > 1) {
        struct stratum st = {va, vb, (size_t)na, (size_t)nb};
        effect_of(&st, 1, SET_ALPHA, &c->e);
    } else {
        memset(&c->e, 0, sizeof c->e);
        c->e.ratio = b->median / a->median;
        c->e.lo = b->lo / a->hi;
        c->e.hi = b->hi / a->lo;
        c->e.c = -1;
    }
    /* as --compare: too few launches for a 95% interval (fewer than 4 a
     * side, or 3 against 5) decide nothing */
    c->v = na > 1 && nb > 1 && c->e.c < 0 ? VERDICT_UNDECIDED : verdict_of(c->e.lo, c->e.hi, 0);
    c->confirmed = c->v == VERDICT_SLOWER || c->v == VERDICT_FASTER;
    return 0;
}

int trend_series_detect(sqlite3 *db, const char *path, struct trend_series *s)
{
    double *x = xcalloc((size_t)s->n + 1, sizeof *x);
    int tau[MAX_CHANGES];
    double p[MAX_CHANGES];
    /* on the log scale: a change is a ratio, the same at 1 us as at 1 ms */
    for (int i = 0; i < s->n; i++)
        x[i] = log(s->pt[i].median);
    struct change_rule r = change_rule_default();
    s->nch = change_points(x, s->n, &r, tau, p, MAX_CHANGES);
    free(x);
    for (int i = 0; i < s->nch; i++) {
        s->ch[i].at = tau[i];
        s->ch[i].p = p[i];
        if (confirm(db, path, s, &s->ch[i]))
            return -1;
    }
    return 0;
}

void trend_series_free(struct trend_series *s)
{
    for (int i = 0; i < s->n; i++) {
        free(s->pt[i].date);
        free(s->pt[i].build);
        free(s->pt[i].folder);
    }
    free(s->pt);
    free(s->system);
    free(s->identity);
    memset(s, 0, sizeof *s);
}

static void size_text(double bytes, double elements, char *out, size_t len)
{
    if (!isfinite(bytes))
        snprintf(out, len, "%.0f-element", elements);
    else if (bytes >= 1048576 && fmod(bytes, 1048576) == 0)
        snprintf(out, len, "%.0f MiB", bytes / 1048576);
    else if (bytes >= 1024 && fmod(bytes, 1024) == 0)
        snprintf(out, len, "%.0f KiB", bytes / 1024);
    else
        snprintf(out, len, "%.0f B", bytes);
}

void trend_change_text(const struct trend_series *s, const struct trend_change *c,
                       char *out, size_t len)
{
    const struct trend_point *b = &s->pt[c->at];
    char size[48];
    size_text(s->bytes, s->elements, size, sizeof size);
    double pct = 100 * (c->e.ratio - 1);
    const char *how = c->confirmed ? verdict_name(c->v) : pct >= 0 ? "slower?" : "faster?";
    snprintf(out, len, "from %s (build %s) the %s %s is %.1f%% %s [%+.1f%%, %+.1f%%]%s",
             b->date ? b->date : "(no date)", b->build ? b->build : "(none)", size,
             s->identity, fabs(pct), how, 100 * (c->e.lo - 1), 100 * (c->e.hi - 1),
             c->confirmed ? "" : " (not confirmed by the launch-set rule)");
}
