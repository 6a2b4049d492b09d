/* finalize.c: shutting down MPI's own TCP connections when MPI_Finalize
 * hangs (see finalize.h for why). */
#include "lifecycle/finalize.h"

#include <dirent.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

enum { MAX_FD = 65536 };

static unsigned char inherited[MAX_FD / 8];
static int pmi_fd = -1;
static int last_fd = 1024;     /* descriptors above this are never looked at */

static void mark(int fd)
{
    if (fd >= 0 && fd < MAX_FD)
        inherited[fd / 8] |= (unsigned char)(1u << (fd % 8));
}

void finalize_note_fds(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0)
        last_fd = rl.rlim_cur < MAX_FD ? (int)rl.rlim_cur : MAX_FD;
    DIR *d = opendir("/proc/self/fd");
    if (d) {
        struct dirent *e;
        int own = dirfd(d);    /* closed below: its number is free again */
        while ((e = readdir(d)))
            if (e->d_name[0] != '.' && atoi(e->d_name) != own)
                mark(atoi(e->d_name));
        closedir(d);
    }
    const char *p = getenv("PMI_FD");
    if (p)
        pmi_fd = atoi(p);
}

/* a connected TCP socket (not a listening one, not a pipe or file) */
static int is_tcp_connection(int fd)
{
    int v;
    socklen_t len = sizeof v;
    if (getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &v, &len) != 0 ||
        (v != AF_INET && v != AF_INET6))
        return 0;
    len = sizeof v;
    if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &v, &len) != 0 || v != SOCK_STREAM)
        return 0;
    len = sizeof v;
    return getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &v, &len) == 0 && !v;
}

void finalize_release_sockets(void)
{
    for (int fd = 3; fd < last_fd; fd++) {
        if (fd == pmi_fd || inherited[fd / 8] & (1u << (fd % 8)))
            continue;
        if (is_tcp_connection(fd))
            shutdown(fd, SHUT_RDWR);
    }
}
