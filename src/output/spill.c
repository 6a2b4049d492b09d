/* spill.c: run.json's list of records, kept on disk rather than in memory.
 *
 * A run of a million records must not hold a million results: each
 * record's run.json entry is written once, as one line of compact JSON,
 * to one of two unlinked temporary files on the disk the results go to
 * (in the nearest folder that exists on the way to the result folder,
 * which is made only once the input is known to be good; failing that
 * $TMPDIR, then /tmp: issue 26 found a missing $TMPDIR, common in batch
 * jobs, and a full /tmp each losing run.json's records): the
 * entries of the records still to come (written while the input is
 * checked) and those of the records that are finished.  run.json is the
 * head (everything else) with the finished entries and the rest of the
 * pending ones spliced in (base/splice.h), by the writers and by a signal
 * handler alike.  Unlinked files leave nothing behind however the
 * process ends. */
#include "output/output.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "base/base.h"
#include "base/splice.h"
#include "output/io_check.h"

/* the nearest folder that exists on the way to the result folder (-o DIR,
 * or results/...), or "." */
static void results_disk(const struct writer *w, char *out, size_t len)
{
    const struct options *o = w->info && w->info->opt ? w->info->opt : NULL;
    snprintf(out, len, "%s", o && o->outdir ? o->outdir : "results/x");
    struct stat st;
    for (;;) {
        char *slash = strrchr(out, '/');
        while (slash && slash > out && slash[1] == 0) {   /* "dir/" */
            *slash = 0;
            slash = strrchr(out, '/');
        }
        if (!slash) {
            snprintf(out, len, ".");
            return;
        }
        slash[slash == out] = 0;                          /* "/x" -> "/" */
        if (stat(out, &st) == 0 && S_ISDIR(st.st_mode))
            return;
    }
}

/* an unlinked temporary file in dir, or -1 */
static int spill_in(const char *dir)
{
    char path[PATH_BYTES];
    snprintf(path, sizeof path, "%.*s/.mpigauge-run.json-XXXXXX", PATH_MAX, dir);
    int fd = mkstemp(path);
    if (fd >= 0)
        unlink(path);
    return fd;
}

static char spill_where[PATH_MAX];   /* the folder of the files, for messages */

/* an unlinked temporary file on the results' disk, else in $TMPDIR or
 * /tmp; -1 when none can be made (the failure noted) */
static int spill_file(const struct writer *w)
{
    char dirs[3][PATH_MAX];
    const char *t = getenv("TMPDIR");
    results_disk(w, dirs[0], sizeof dirs[0]);
    snprintf(dirs[1], sizeof dirs[1], "%s", t && *t ? t : "/tmp");
    snprintf(dirs[2], sizeof dirs[2], "/tmp");
    for (int i = 0; i < 3; i++) {
        int fd = spill_in(dirs[i]);
        if (fd >= 0) {
            snprintf(spill_where, sizeof spill_where, "%.*s", PATH_MAX - 1, dirs[i]);
            return fd;
        }
    }
    snprintf(spill_where, sizeof spill_where, "%s", dirs[0]);
    char what[PATH_BYTES + 400];
    snprintf(what, sizeof what, "%s (nor $TMPDIR, nor /tmp): run.json's record "
             "list", dirs[0]);
    io_failed(what);
    return -1;
}

/* appends go through stdio's buffer: one entry per record would
 * otherwise cost three system calls */
static FILE *spill_stream(int fd)
{
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (fd >= 0 && !f)
        close(fd);
    return f;
}

void spill_ready(struct writer *w)
{
    if (w->lists_ready)
        return;
    w->lists_ready = 1;
    w->done = spill_stream(spill_file(w));
    w->pending = spill_stream(spill_file(w));
    w->lists.done_fd = w->done ? fileno(w->done) : -1;
    w->lists.pending_fd = w->pending ? fileno(w->pending) : -1;
    w->lists.done_len = w->lists.pending_len = w->lists.pending_from = 0;
}

static const char *spill_name(void)
{
    static char what[PATH_BYTES];
    snprintf(what, sizeof what, "%s/.mpigauge-run.json-* (run.json's records)",
             spill_where);
    return what;
}

/* line and a newline at the end of f, which holds *len bytes */
static void append(FILE *f, off_t *len, const char *line)
{
    if (!f)
        return;                /* said when it was made */
    size_t n = strlen(line);
    if (fwrite(line, 1, n, f) != n || putc('\n', f) == EOF) {
        io_failed(spill_name());
        return;
    }
    *len += (off_t)n + 1;
}

/* what was appended, readable through the descriptors */
void spill_flush(struct writer *w)
{
    FILE *f[] = {w->done, w->pending};
    for (int i = 0; w->lists_ready && i < 2; i++)
        if (f[i] && fflush(f[i]))
            io_failed(spill_name());
}

void spill_pending(struct writer *w, const char *line)
{
    spill_ready(w);
    append(w->pending, &w->lists.pending_len, line);
}

/* past the first pending entry: the record it stood for is finished */
static void pending_next(struct json_pieces *l)
{
    char buf[4096];
    while (l->pending_fd >= 0 && l->pending_from < l->pending_len) {
        ssize_t k = pread(l->pending_fd, buf, sizeof buf, l->pending_from);
        if (k <= 0)
            return;
        char *nl = memchr(buf, '\n', (size_t)k);
        l->pending_from += nl ? nl - buf + 1 : k;
        if (nl)
            return;
    }
}

void spill_done(struct writer *w, const char *line)
{
    spill_ready(w);
    append(w->done, &w->lists.done_len, line);
    /* the entries to come were all written while the input was checked;
     * a flush with nothing in the buffer costs nothing */
    if (w->pending && fflush(w->pending))
        io_failed(spill_name());
    pending_next(&w->lists);
}

void spill_close(struct writer *w)
{
    if (!w->lists_ready)
        return;
    if (w->done)
        fclose(w->done);
    if (w->pending)
        fclose(w->pending);
    w->done = w->pending = NULL;
    w->lists_ready = 0;
}
