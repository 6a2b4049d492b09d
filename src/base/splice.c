/* splice.c: run.json from its pieces, for the writers and for a signal
 * handler alike: no stdio, no allocation, no locks. */
#include "base/splice.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

int write_all(int fd, const void *buf, size_t n)
{
    const char *c = buf;
    while (n > 0) {
        ssize_t k = write(fd, c, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        c += k;
        n -= (size_t)k;
    }
    return 0;
}

/* the lines of one file, each ended by "\n" there, written as list items:
 * ",\n  " between two items (*first: none has been written yet) */
static int copy_items(int out, int in, off_t from, off_t len, int *first)
{
    char buf[4096], item[4096 + 8];
    int at_start = 1;          /* the next byte begins a line */
    while (len > 0) {
        size_t want = len < (off_t)sizeof buf ? (size_t)len : sizeof buf;
        ssize_t k = pread(in, buf, want, from);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        size_t n = 0;
        for (ssize_t i = 0; i < k; i++) {
            if (at_start) {
                const char *sep = *first ? "  " : ",\n  ";
                memcpy(item + n, sep, strlen(sep));
                n += strlen(sep);
                *first = 0;
                at_start = 0;
            }
            if (buf[i] == '\n')
                at_start = 1;
            else
                item[n++] = buf[i];
            if (n >= sizeof buf) {
                if (write_all(out, item, n))
                    return -1;
                n = 0;
            }
        }
        if (write_all(out, item, n))
            return -1;
        from += k;
        len -= k;
    }
    return 0;
}

int json_splice(int fd, const struct json_pieces *p)
{
    /* head ends in its closing brace, perhaps after a newline */
    size_t n = p->head_len;
    while (n > 0 && p->head[n - 1] != '}')
        n--;
    if (n > 0)
        n--;
    while (n > 0 && (p->head[n - 1] == '\n' || p->head[n - 1] == ' '))
        n--;
    if (n == 0) {              /* no object */
        errno = EINVAL;
        return -1;
    }
    int first = 1;
    const char *open = ",\n \"records\": [\n", *close = "\n ]\n}\n";
    if (p->head[n - 1] == '{')
        open++;                /* an object with nothing else in it */
    if (write_all(fd, p->head, n) || write_all(fd, open, strlen(open)))
        return -1;
    if (p->done_fd >= 0 && copy_items(fd, p->done_fd, 0, p->done_len, &first))
        return -1;
    if (p->pending_fd >= 0 &&
        copy_items(fd, p->pending_fd, p->pending_from,
                   p->pending_len - p->pending_from, &first))
        return -1;
    return write_all(fd, close, strlen(close));
}
