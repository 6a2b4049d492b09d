/* stdout_whole.c: a front end's whole standard output, or exit 5
 * (stdout_whole.h) */
#include "base/stdout_whole.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "base/exit_status.h"

static off_t start = -1;       /* stdout's size at stdout_begin, a regular file */
static int failed;             /* said once */

void stdout_begin(void)
{
    static char held[STDOUT_HELD];
    setvbuf(stdout, held, _IOFBF, sizeof held);
    struct stat st;
    start = fstat(STDOUT_FILENO, &st) == 0 && S_ISREG(st.st_mode) ? st.st_size : -1;
}

int stdout_end(const char *who)
{
    if (failed)
        return EXIT_WRITE_FAILED;
    errno = 0;
    int bad = fflush(stdout) != 0 || ferror(stdout);
    if (!bad)
        return 0;
    failed = 1;
    int err = errno;
    /* a regular file back to its size before: no half of the output left
     * (appended to, or written from its start, alike) */
    int cut = start >= 0 && ftruncate(STDOUT_FILENO, start) == 0;
    fprintf(stderr, "%s: cannot write the standard output: %s%s (exit %d)\n", who,
            err ? strerror(err) : "a write to it failed",
            cut ? "; what was written of it is taken back" : "", EXIT_WRITE_FAILED);
    return EXIT_WRITE_FAILED;
}
