/* store_set.c: one result folder or launch set into the store (store_add.h) */
#include "offline/store_add.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "base/base.h"
#include "base/exit_status.h"
#include "offline/set_summary.h"
#include "offline/store_db.h"
#include "offline/store_keys.h"

/* a member as compact JSON (NULL for a missing or null one), freed by
 * the caller */
static char *dump_of(const json_t *o, const char *key)
{
    const json_t *v = json_object_get(o, key);
    return v && !json_is_null(v) ? json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY)
                                 : NULL;
}

static const char *text_of(const json_t *o, const char *key)
{
    return json_string_value(json_object_get(o, key));
}

/* the set's date: its earliest launch's (run.json's "date", ISO 8601) */
static const char *set_date(const struct launch_set *s)
{
    const char *first = NULL;
    for (int k = 0; k < s->n; k++) {
        const char *d = text_of(s->launch[k].root, "date");
        if (d && (!first || strcmp(d, first) < 0))
            first = d;
    }
    return first;
}

static long long system_id(sqlite3 *db, const char *path, const json_t *fp)
{
    json_t *sys = system_of(fp);
    char key[17];
    system_key(sys, key);
    char *text = json_dumps(sys, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(sys);
    long long id = store_run(db, path, "INSERT OR IGNORE INTO systems (key, fingerprint) "
                             "VALUES (?, ?)", "tt", key, text) ? -1
                   : store_id(db, path, "SELECT id FROM systems WHERE key = ?", "t", key);
    free(text);
    return id;
}

/* the sets row: its id, or -1 */
static long long set_row(sqlite3 *db, const char *path, const struct launch_set *s,
                         const char *folder, const char *content, long long sys)
{
    const json_t *fp = launch_set_fingerprint(s);
    char *fp_text = json_dumps(fp, JSON_COMPACT | JSON_SORT_KEYS);
    char *job = dump_of(s->launch[0].root, "job");
    char now[32];
    time_t t = time(NULL);
    strftime(now, sizeof now, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
    int rc = store_run(db, path, "INSERT INTO sets (content, folder, system_id, is_set, "
                       "launches, left_out, date, mpigauge, build, fingerprint, job, stored) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", "ttiiiitttttt",
                       content, folder, sys, (long long)s->is_set, (long long)s->n,
                       (long long)s->nleft, set_date(s), text_of(fp, "mpigauge"),
                       text_of(fp, "build"), fp_text, job, now);
    free(fp_text);
    free(job);
    return rc ? -1 : (long long)sqlite3_last_insert_rowid(db);
}

/* the launches rows; launch_id[k] for launch k, or -1 */
static int launch_rows(sqlite3 *db, const char *path, const struct launch_set *s,
                       long long set, long long *launch_id)
{
    for (int k = 0; k < s->n; k++) {
        const json_t *root = s->launch[k].root;
        char *job = dump_of(root, "job");
        int rc = store_run(db, path, "INSERT INTO launches (set_id, number, name, date, "
                           "status, job) VALUES (?, ?, ?, ?, ?, ?)", "iitttt", set,
                           (long long)s->launch[k].number, s->launch[k].name,
                           text_of(root, "date"), text_of(root, "status"), job);
        free(job);
        if (rc)
            return -1;
        launch_id[k] = (long long)sqlite3_last_insert_rowid(db);
    }
    return 0;
}

/* the record's id in system sys: its identity, told apart from an
 * earlier record of the same identity in this run by seen (identity ->
 * count) */
static long long record_row(sqlite3 *db, const char *path, const json_t *rec,
                            long long sys, json_t *seen)
{
    char id[1024], key[1100];
    record_identity(rec, id, sizeof id);
    json_int_t n = json_integer_value(json_object_get(seen, id)) + 1;
    json_object_set_new(seen, id, json_integer(n));
    snprintf(key, sizeof key, n > 1 ? "%s #%lld" : "%s", id, (long long)n);
    const char *call = text_of(rec, "call");
    if (store_run(db, path, "INSERT OR IGNORE INTO records (system_id, identity, call, text) "
                  "VALUES (?, ?, ?, ?)", "itt" "t", sys, key, call ? call : "?",
                  text_of(rec, "text")))
        return -1;
    return store_id(db, path, "SELECT id FROM records WHERE system_id = ? AND identity = ?",
                    "it", sys, key);
}

/* one size of one record: the set's statistics and each launch's point */
static int size_rows(sqlite3 *db, const char *path, const struct launch_set *s,
                     const char *file, double elements, long long set, long long rec,
                     const long long *launch_id)
{
    struct set_size *z = xmalloc(sizeof *z);
    set_size_of(s, file, elements, z);
    struct launch_spread *p = &z->spread;
    struct launch_point one;
    /* one launch (a single run): its own 95% interval, which the
     * single-run rule compares, where over launches there is none */
    for (int k = 0; z->n == 1 && k < s->n; k++)
        if (launch_point_at(s, k, file, elements, &one)) {
            p->lo = one.lo_us;
            p->hi = one.hi_us;
            break;
        }
    int rc = z->n == 0 ? 0
             : store_run(db, path, "INSERT INTO set_points (set_id, record_id, elements, "
                         "bytes, n, median_us, lo_us, hi_us, coverage, min_us, max_us, cv) "
                         "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", "iiddiddddddd",
                         set, rec, elements, z->bytes, (long long)z->n, p->median, p->lo,
                         p->hi, p->coverage, p->min, p->max, p->cv);
    free(z);
    for (int k = 0; k < s->n && rc == 0; k++) {
        struct launch_point lp;
        if (launch_point_at(s, k, file, elements, &lp))
            rc = store_run(db, path, "INSERT INTO launch_points (launch_id, record_id, "
                           "elements, bytes, t_us, lo_us, hi_us, target_met) VALUES "
                           "(?, ?, ?, ?, ?, ?, ?, ?)", "iidddddi", launch_id[k], rec,
                           elements, lp.bytes, lp.t_us, lp.lo_us, lp.hi_us,
                           (long long)lp.target_met);
    }
    return rc;
}

/* the sizes of a record, from the first launch that has it */
static const json_t *sizes_of(const struct launch_set *s, const char *file)
{
    for (int k = 0; k < s->n; k++) {
        const json_t *rec = json_object_get(s->launch[k].by_file, file);
        if (rec && record_points(rec))
            return record_points(rec);
    }
    return NULL;
}

static int record_rows(sqlite3 *db, const char *path, const struct launch_set *s,
                       long long sys, long long set, const long long *launch_id)
{
    json_t *recs = launch_set_records(s), *seen = json_object(), *rec;
    size_t i, j;
    int rc = 0;
    json_array_foreach(recs, i, rec) {
        const char *file = text_of(rec, "file");
        const json_t *pts = sizes_of(s, file), *pt;
        long long id = record_row(db, path, rec, sys, seen);
        rc = id < 0 ? -1 : 0;
        json_array_foreach(pts, j, pt)
            if (rc == 0)
                rc = size_rows(db, path, s, file, json_number_at(pt, "elements"), set, id,
                               launch_id);
        if (rc)
            break;
    }
    json_decref(seen);
    json_decref(recs);
    return rc;
}

int store_set(sqlite3 *db, const char *path, const struct launch_set *s,
              const char *folder, long long *set_id, int *added)
{
    const json_t *fp = launch_set_fingerprint(s);
    if (!json_is_object(fp)) {
        fprintf(stderr, "mpigauge: --store '%s': %s/run.json has no \"fingerprint\" (a run "
                "from before fingerprints): the store keys a system by it\n", folder,
                s->is_set ? s->launch[0].name : ".");
        return EXIT_BAD_INPUT;
    }
    json_t **roots = xcalloc((size_t)s->n + 1, sizeof *roots);
    for (int k = 0; k < s->n; k++)
        roots[k] = s->launch[k].root;
    char content[17];
    content_key(roots, s->n, content);
    free(roots);
    *added = 0;
    *set_id = store_id(db, path, "SELECT id FROM sets WHERE content = ?", "t", content);
    if (*set_id != 0)
        return *set_id < 0 ? -1 : 0;
    long long sys = system_id(db, path, fp);
    *set_id = sys < 0 ? -1 : set_row(db, path, s, folder, content, sys);
    if (*set_id < 0)
        return -1;
    long long *launch_id = xcalloc((size_t)s->n + 1, sizeof *launch_id);
    int rc = launch_rows(db, path, s, *set_id, launch_id) ||
             record_rows(db, path, s, sys, *set_id, launch_id) ? -1 : 0;
    free(launch_id);
    *added = rc == 0;
    return rc;
}
