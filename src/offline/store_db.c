/* store_db.c: the store's schema and its forward migration (store_db.h) */
#include "offline/store_db.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/stat.h>
#include "base/exit_status.h"

/* Step k takes a store from version k to k + 1; a new version appends a
 * step (ALTER TABLE, new tables, data moved), never edits an old one, so
 * that every older store migrates forward through the same steps.
 * docs/report.md, The store, documents every table and column. */
static const char *const steps[STORE_SCHEMA_VERSION] = {
    /* 0 -> 1 */
    "CREATE TABLE systems (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE,"
    " fingerprint TEXT NOT NULL);"
    "CREATE TABLE records (id INTEGER PRIMARY KEY,"
    " system_id INTEGER NOT NULL REFERENCES systems(id),"
    " identity TEXT NOT NULL, call TEXT NOT NULL, text TEXT,"
    " UNIQUE (system_id, identity));"
    "CREATE TABLE sets (id INTEGER PRIMARY KEY, content TEXT NOT NULL UNIQUE,"
    " folder TEXT NOT NULL, system_id INTEGER NOT NULL REFERENCES systems(id),"
    " is_set INTEGER NOT NULL, launches INTEGER NOT NULL, left_out INTEGER NOT NULL,"
    " date TEXT, mpigauge TEXT, build TEXT, fingerprint TEXT NOT NULL, job TEXT,"
    " stored TEXT NOT NULL);"
    "CREATE TABLE launches (id INTEGER PRIMARY KEY,"
    " set_id INTEGER NOT NULL REFERENCES sets(id), number INTEGER NOT NULL,"
    " name TEXT NOT NULL, date TEXT, status TEXT NOT NULL, job TEXT);"
    "CREATE TABLE launch_points (launch_id INTEGER NOT NULL REFERENCES launches(id),"
    " record_id INTEGER NOT NULL REFERENCES records(id), elements REAL NOT NULL,"
    " bytes REAL, t_us REAL NOT NULL, lo_us REAL, hi_us REAL, target_met INTEGER,"
    " PRIMARY KEY (launch_id, record_id, elements));"
    "CREATE TABLE set_points (set_id INTEGER NOT NULL REFERENCES sets(id),"
    " record_id INTEGER NOT NULL REFERENCES records(id), elements REAL NOT NULL,"
    " bytes REAL, n INTEGER NOT NULL, median_us REAL NOT NULL, lo_us REAL, hi_us REAL,"
    " coverage REAL, min_us REAL, max_us REAL, cv REAL,"
    " PRIMARY KEY (set_id, record_id, elements));"
    "CREATE INDEX sets_by_system ON sets (system_id, date);",
};

int store_exec(sqlite3 *db, const char *path, const char *sql)
{
    char *msg = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &msg) == SQLITE_OK)
        return 0;
    fprintf(stderr, "mpigauge: store '%s': %s\n", path, msg ? msg : sqlite3_errmsg(db));
    sqlite3_free(msg);
    return -1;
}

sqlite3_stmt *store_prepare(sqlite3 *db, const char *path, const char *sql)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK)
        return st;
    fprintf(stderr, "mpigauge: store '%s': %s\n", path, sqlite3_errmsg(db));
    return NULL;
}

/* one integer from a PRAGMA, or -1 (said) */
static long pragma_int(sqlite3 *db, const char *path, const char *sql)
{
    sqlite3_stmt *st = store_prepare(db, path, sql);
    long v = -1;
    if (st && sqlite3_step(st) == SQLITE_ROW)
        v = (long)sqlite3_column_int64(st, 0);
    else if (st)
        fprintf(stderr, "mpigauge: store '%s': %s\n", path, sqlite3_errmsg(db));
    sqlite3_finalize(st);
    return v;
}

/* the store's version (0: an empty database), or -1 when the file is an
 * SQLite database of something else, or newer than this mpigauge (said) */
static long store_version(sqlite3 *db, const char *path)
{
    long app = pragma_int(db, path, "PRAGMA application_id");
    long version = pragma_int(db, path, "PRAGMA user_version");
    long tables = pragma_int(db, path, "SELECT count(*) FROM sqlite_master");
    if (app < 0 || version < 0 || tables < 0)
        return -1;
    if (tables == 0 && version == 0)
        return 0;
    if (app != STORE_APPLICATION_ID) {
        fprintf(stderr, "mpigauge: store '%s': an SQLite database, but not an mpigauge "
                "store (PRAGMA application_id is %ld, not %d)\n", path, app,
                STORE_APPLICATION_ID);
        return -1;
    }
    if (version > STORE_SCHEMA_VERSION) {
        fprintf(stderr, "mpigauge: store '%s': schema version %ld is newer than this "
                "mpigauge's (%d); use a newer mpigauge\n", path, version,
                STORE_SCHEMA_VERSION);
        return -1;
    }
    return version;
}

/* the steps from version v to this one, and the new version and mark */
static int migrate(sqlite3 *db, const char *path, long v)
{
    for (; v < STORE_SCHEMA_VERSION; v++)
        if (store_exec(db, path, steps[v]))
            return -1;
    char sql[128];
    snprintf(sql, sizeof sql, "PRAGMA application_id = %d; PRAGMA user_version = %d",
             STORE_APPLICATION_ID, STORE_SCHEMA_VERSION);
    return store_exec(db, path, sql);
}

static int refuse(sqlite3 **db)
{
    sqlite3_close(*db);
    *db = NULL;
    return EXIT_BAD_INPUT;
}

int store_open(const char *path, int create, sqlite3 **db)
{
    struct stat sb;
    *db = NULL;
    if (!create && stat(path, &sb) != 0) {
        fprintf(stderr, "mpigauge: store '%s': no such file\n", path);
        return EXIT_BAD_INPUT;
    }
    int flags = create ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY;
    if (sqlite3_open_v2(path, db, flags, NULL) != SQLITE_OK) {
        fprintf(stderr, "mpigauge: store '%s': cannot open: %s\n", path,
                *db ? sqlite3_errmsg(*db) : "out of memory");
        return refuse(db);
    }
    sqlite3_busy_timeout(*db, 10000);
    /* the whole --store is one transaction: BEGIN IMMEDIATE takes the
     * write lock before the version is read, so two --store at once
     * cannot both migrate */
    if (create && store_exec(*db, path, "BEGIN IMMEDIATE"))
        return refuse(db);
    long v = store_version(*db, path);
    if (v < 0)
        return refuse(db);
    if (!create && v < STORE_SCHEMA_VERSION) {
        fprintf(stderr, "mpigauge: store '%s': schema version %ld; mpigauge --store "
                "migrates it to %d\n", path, v, STORE_SCHEMA_VERSION);
        return refuse(db);
    }
    if (create && v < STORE_SCHEMA_VERSION && migrate(*db, path, v))
        return refuse(db);
    return 0;
}

/* sql prepared with its arguments bound, or NULL (said) */
static sqlite3_stmt *bound(sqlite3 *db, const char *path, const char *sql,
                           const char *types, va_list ap)
{
    sqlite3_stmt *st = store_prepare(db, path, sql);
    for (int i = 0; st && types[i]; i++) {
        int rc = SQLITE_OK;
        if (types[i] == 't') {
            const char *t = va_arg(ap, const char *);
            rc = t ? sqlite3_bind_text(st, i + 1, t, -1, SQLITE_TRANSIENT)
                   : sqlite3_bind_null(st, i + 1);
        } else if (types[i] == 'd') {
            double d = va_arg(ap, double);
            rc = isfinite(d) ? sqlite3_bind_double(st, i + 1, d) : sqlite3_bind_null(st, i + 1);
        } else {
            rc = sqlite3_bind_int64(st, i + 1, va_arg(ap, long long));
        }
        if (rc != SQLITE_OK) {
            fprintf(stderr, "mpigauge: store '%s': %s\n", path, sqlite3_errmsg(db));
            sqlite3_finalize(st);
            st = NULL;
        }
    }
    return st;
}

int store_run(sqlite3 *db, const char *path, const char *sql, const char *types, ...)
{
    va_list ap;
    va_start(ap, types);
    sqlite3_stmt *st = bound(db, path, sql, types, ap);
    va_end(ap);
    int rc = SQLITE_DONE;
    while (st && (rc = sqlite3_step(st)) == SQLITE_ROW)
        ;
    if (st && rc != SQLITE_DONE)
        fprintf(stderr, "mpigauge: store '%s': %s\n", path, sqlite3_errmsg(db));
    sqlite3_finalize(st);
    return st && rc == SQLITE_DONE ? 0 : -1;
}

long long store_id(sqlite3 *db, const char *path, const char *sql, const char *types, ...)
{
    va_list ap;
    va_start(ap, types);
    sqlite3_stmt *st = bound(db, path, sql, types, ap);
    va_end(ap);
    if (!st)
        return -1;
    int rc = sqlite3_step(st);
    long long id = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : rc == SQLITE_DONE ? 0 : -1;
    if (id < 0)
        fprintf(stderr, "mpigauge: store '%s': %s\n", path, sqlite3_errmsg(db));
    sqlite3_finalize(st);
    return id;
}
