/* store_db.h: the store of runs and launch sets over time, an SQLite
 * database (mpigauge --store, --trend; docs/report.md, The store): its
 * schema, versioned by PRAGMA user_version and migrated forward step by
 * step when opened, and marked as mpigauge's by PRAGMA application_id.
 * Includes sqlite3; no MPI. */
#ifndef MPIGAUGE_STORE_DB_H
#define MPIGAUGE_STORE_DB_H

#include <sqlite3.h>

/* the schema this mpigauge writes and reads */
enum { STORE_SCHEMA_VERSION = 1 };

/* "mpga": PRAGMA application_id of a store */
#define STORE_APPLICATION_ID 0x6d706761

/* Opens path as a store: create (1) makes it when it is missing, and
 * migrates an older schema forward (inside the caller's transaction, which
 * store_open begins when create is 1); 0 reads an existing store only.
 * 0 and *db, or 2 after saying on stderr what is wrong (naming the file). */
int store_open(const char *path, int create, sqlite3 **db);

/* sql run with no result rows: 0, or -1 after saying on stderr what failed,
 * naming path */
int store_exec(sqlite3 *db, const char *path, const char *sql);

/* a statement prepared, or NULL after saying why on stderr */
sqlite3_stmt *store_prepare(sqlite3 *db, const char *path, const char *sql);

/* sql with its ? bound from the arguments as types spells them: 't' a
 * string (NULL: null), 'd' a double (not finite: null), 'i' a long long.
 * store_run steps it to the end: 0, or -1 (said).  store_id steps it once:
 * the first column of its first row as a whole number, 0 when there is no
 * row, -1 (said) on an error. */
int store_run(sqlite3 *db, const char *path, const char *sql, const char *types, ...);
long long store_id(sqlite3 *db, const char *path, const char *sql, const char *types, ...);

#endif
