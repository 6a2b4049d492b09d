/* store_add.h: mpigauge --store DB FOLDER... (docs/report.md, The store):
 * result folders and launch sets added to the store, all of them in one
 * transaction: a folder that cannot be read (a damaged run.json, no
 * fingerprint) is refused by name and the store is left as it was; a
 * folder whose launches are stored already (the same contents, wherever
 * they lie) adds nothing.  Includes offline/ and sqlite3; no MPI. */
#ifndef MPIGAUGE_STORE_ADD_H
#define MPIGAUGE_STORE_ADD_H

#include <sqlite3.h>
#include "offline/launch_set.h"

/* s (read from folder) into the open store db (path, for the messages),
 * inside the caller's transaction: 0 and *set_id, with *added 1 (new) or
 * 0 (stored already); 2 when s cannot be stored (said, naming folder);
 * -1 on a database error (said) */
int store_set(sqlite3 *db, const char *path, const struct launch_set *s,
              const char *folder, long long *set_id, int *added);

/* mpigauge --store DB FOLDER...: the exit status (0; 2 bad input, said on
 * stderr, the store unchanged; 5 the store could not be written) */
int store_main(const char *db_path, char *const *folders, int n);

#endif
