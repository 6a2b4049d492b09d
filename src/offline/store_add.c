/* store_add.c: mpigauge --store DB FOLDER... (store_add.h) */
#include "offline/store_add.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "base/exit_status.h"
#include "offline/store_db.h"

/* a set whose launches' run.json are there but damaged is refused, not
 * stored without them: --set leaves such a launch out, but a history
 * that silently lost a launch would misstate the set's spread */
static int refuse_damaged(const struct launch_set *s, const char *folder)
{
    if (!s->damaged)
        return 0;
    fprintf(stderr, "mpigauge: --store '%s': %d damaged run.json; nothing stored\n",
            folder, s->damaged);
    for (int i = 0; i < s->nleft; i++)
        fprintf(stderr, "  %s\n", s->left_out[i]);
    return EXIT_BAD_INPUT;
}

/* one folder into the store: 0, 2 (bad folder, said) or -1 (database) */
static int store_folder(sqlite3 *db, const char *path, const char *folder, char *line,
                        size_t len)
{
    struct launch_set s;
    if (launch_set_load(&s, folder, "--store")) {
        launch_set_free(&s);   /* what it read before it failed */
        return EXIT_BAD_INPUT;
    }
    long long id = 0;
    int added = 0;
    int rc = refuse_damaged(&s, folder);
    if (rc == 0)
        rc = store_set(db, path, &s, folder, &id, &added);
    if (rc == 0 && added)
        snprintf(line, len, "%s: stored as set %lld (%d launch%s, %d left out)\n", folder, id,
                 s.n, s.n == 1 ? "" : "es", s.nleft);
    else if (rc == 0)
        snprintf(line, len, "%s: stored already as set %lld; nothing added\n", folder, id);
    launch_set_free(&s);
    return rc;
}

/* the store given up: rolled back, and a file this --store created
 * removed, so that a refused --store leaves nothing behind */
static int give_up(sqlite3 *db, const char *path, int created, int status)
{
    sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
    sqlite3_close(db);
    if (created)
        unlink(path);
    return status;
}

int store_main(const char *db_path, char *const *folders, int n)
{
    struct stat sb;
    int created = stat(db_path, &sb) != 0 && errno == ENOENT;
    sqlite3 *db;
    if (store_open(db_path, 1, &db)) {
        if (created)
            unlink(db_path);
        return EXIT_BAD_INPUT;
    }
    /* what is said of each folder waits for the commit: nothing is
     * reported stored that a later folder's refusal rolls back */
    size_t cap = (size_t)n * 8300 + 1, used = 0;
    char *said = calloc(cap, 1);
    if (!said)
        return give_up(db, db_path, created, EXIT_NO_MEMORY);
    for (int i = 0; i < n; i++) {
        int rc = store_folder(db, db_path, folders[i], said + used, cap - used);
        used += strlen(said + used);
        if (rc) {
            free(said);
            return give_up(db, db_path, created, rc > 0 ? rc : EXIT_WRITE_FAILED);
        }
    }
    if (store_exec(db, db_path, "COMMIT")) {
        free(said);
        return give_up(db, db_path, created, EXIT_WRITE_FAILED);
    }
    sqlite3_close(db);
    fputs(said, stdout);
    free(said);
    return 0;
}
