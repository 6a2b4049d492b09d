/* test_setting_keys.c: code outside a family reads a setting by its key
 * (record_setting_value, record_setting_word): 0 or NULL where the
 * record's call takes no such row, the value where it does, and a key no
 * row has (a misspelling in mpigauge) stops the program instead of
 * reading 0 */
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "registry/record.h"
#include "registry/registry.h"
#include "registry/settings.h"
#include "unit.h"

static void record_of(struct record *r, const char *call)
{
    memset(r, 0, sizeof *r);
    r->call = table_find(&call_table, call);
    r->dt = table_find(&datatype_table, "DOUBLE");
    settings_defaults(r);
}

/* 1 when reading key from r aborts the process (in a child) */
static int aborts(const struct record *r, const char *key, int word)
{
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stderr))
            _exit(3);
        if (word)
            (void)record_setting_word(r, key);
        else
            (void)record_setting_value(r, key);
        _exit(0);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid)
        return -1;
    return WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT;
}

void test_setting_keys(void)
{
    static struct record send, ialltoall, barrier;
    record_of(&send, "SEND");
    record_of(&ialltoall, "IALLTOALL");
    record_of(&barrier, "BARRIER");
    const struct setting *tests = record_setting_row(&ialltoall, "tests");
    CHECK(tests != NULL);
    CHECK(record_setting_value(&send, "tests") == 0);   /* another family's key */
    CHECK(record_setting_word(&send, "signal") == NULL);
    if (tests)
        CHECK(record_setting_value(&ialltoall, "tests") == setting_get(tests, &ialltoall));
    CHECK(record_setting_word(&barrier, "signal") != NULL);
    CHECK(aborts(&send, "tset", 0) == 1);               /* no row has it */
    CHECK(aborts(&ialltoall, "test", 0) == 1);
    CHECK(aborts(&barrier, "signals", 1) == 1);
    CHECK(aborts(&send, "levels", 0) == 0);             /* a row has it */
}
