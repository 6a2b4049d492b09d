/* io_check.c: the outputs' write errors.  Every writer reports into this
 * one place rather than into its caller, because writes happen deep in
 * the writers (say(), a data row) and the run needs only to know, once
 * per record, whether to stop.  Only the first failure is kept: the ones
 * after it are usually the same full disk. */
#include "output/io_check.h"

#include <errno.h>
#include <string.h>

static char failure[4400];

void io_failed(const char *path)
{
    if (!failure[0])
        snprintf(failure, sizeof failure, "cannot write %s: %s", path,
                 strerror(errno ? errno : EIO));
}

void io_flush(FILE *f, const char *path)
{
    if (f && (fflush(f) != 0 || ferror(f)))
        io_failed(path);
}

void io_close(FILE *f, const char *path)
{
    if (!f)
        return;
    int bad = ferror(f);
    if (fclose(f) != 0 || bad)
        io_failed(path);
}

const char *io_failure(void)
{
    return failure[0] ? failure : NULL;
}
