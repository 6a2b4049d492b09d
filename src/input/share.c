/* share.c: a file read on rank 0 and broadcast to every rank, so input
 * files need exist only where mpirun starts */
#include "input/share.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"

/* a regular file opened for reading, or NULL after saying why: opened
 * without blocking, so a FIFO (or a device) is refused instead of waiting
 * for a writer for ever */
static FILE *open_regular(const char *path, struct diag *d)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    if (fd < 0) {
        diag_add(d, 0, 0, "cannot open: %s", strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        diag_add(d, 0, 0, "not a regular file (a FIFO, device or folder): an "
                 "input must be a file");
        close(fd);
        return NULL;
    }
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        diag_add(d, 0, 0, "cannot open: %s", strerror(errno));
        close(fd);
    }
    return f;
}

char *read_file(const char *path, size_t *len, struct diag *d)
{
    FILE *f = open_regular(path, d);
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = xmalloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap)
            break;
        if (cap >= ((size_t)64 << 20)) {
            diag_add(d, 0, 0, "larger than 64 MiB: not an input file");
            free(buf);
            buf = NULL;
            break;
        }
        buf = xrealloc(buf, cap * 2);
        cap *= 2;
    }
    if (buf && ferror(f)) {
        diag_add(d, 0, 0, "cannot read: %s", strerror(errno));
        free(buf);
        buf = NULL;
    }
    fclose(f);
    *len = n;
    return buf;
}

/* rank 0 reads, everyone gets the bytes; NULL (on every rank) on error */
char *share_file(const char *path, int rank, size_t *len, struct diag *d)
{
    char *text = NULL;
    long long n = -1;
    if (rank == 0) {
        text = read_file(path, len, d);
        if (text)
            n = (long long)*len;
    }
    MPI_Bcast(&n, 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
    if (n < 0)
        return NULL;
    if (rank != 0)
        text = xmalloc((size_t)n + 1);
    MPI_Bcast(text, (int)n, MPI_CHAR, 0, MPI_COMM_WORLD);
    *len = (size_t)n;
    return text;
}
