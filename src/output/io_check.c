/* io_check.c: the outputs' write errors.  Every writer reports into this
 * one place rather than into its caller, because writes happen deep in
 * the writers (say(), a data row) and the run needs only to know, once
 * per record, whether to stop.  Only the first failure is kept: the ones
 * after it are usually the same full disk. */
#include "output/io_check.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>
#include "base/base.h"

static char failure[PATH_BYTES + 200];

void io_failed(const char *path)
{
    if (!failure[0])
        snprintf(failure, sizeof failure, "cannot write %s: %s", path,
                 errno ? strerror(errno) : "a write failed");
}

/* errno only where the failing call set it: an error an earlier buffered
 * write left in the stream has lost its cause by now */
void io_flush(FILE *f, const char *path)
{
    if (!f)
        return;
    errno = 0;
    int bad = fflush(f) != 0;
    if (!bad && ferror(f))
        errno = 0;
    if (bad || ferror(f))
        io_failed(path);
}

/* closes f; 1 when it or an earlier buffered write failed (errno says why
 * where the failing call set it) */
static int close_failed(FILE *f)
{
    int earlier = ferror(f);
    errno = 0;
    int bad = fclose(f) != 0;
    if (!bad && earlier)
        errno = 0;
    return bad || earlier;
}

void io_close(FILE *f, const char *path)
{
    if (f && close_failed(f))
        io_failed(path);
}

void io_close_whole(FILE *f, const char *path)
{
    if (!f || !close_failed(f))
        return;
    int e = errno;
    unlink(path);
    errno = e;
    io_failed(path);
}

const char *io_failure(void)
{
    return failure[0] ? failure : NULL;
}
