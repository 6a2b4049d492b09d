/* counters_perf.c: the kernel's software events through perf_event_open.
 *
 * Linux counts task clock, page faults, context switches and CPU
 * migrations in software, so it offers them where no PMU is exposed (and
 * where PAPI's perf_event component therefore disables itself).  Names
 * follow PAPI's perf:: names, so an event keeps its columns whichever
 * backend counts it.  Like PAPI's default, the events count the calling
 * thread, in user and kernel mode; where perf_event_paranoid forbids
 * kernel mode for this user, they count user mode only.
 *
 * Each event is its own counter, enabled and disabled one after the
 * other.  Not a group: seen here (Linux 6.1, KVM), a page-fault counter
 * in a group led by the task clock stopped counting after the group's
 * first disable, while the same counter alone kept counting. */
#include "counters/counter_backend.h"
#include "counters/counters.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

struct soft_event {
    const char *name;
    unsigned long long config;
};

/* PAPI's perf:: names for the software events, and their long aliases */
static const struct soft_event table[] = {
    {"perf::TASK-CLOCK", PERF_COUNT_SW_TASK_CLOCK},
    {"perf::PERF_COUNT_SW_TASK_CLOCK", PERF_COUNT_SW_TASK_CLOCK},
    {"perf::CPU-CLOCK", PERF_COUNT_SW_CPU_CLOCK},
    {"perf::PERF_COUNT_SW_CPU_CLOCK", PERF_COUNT_SW_CPU_CLOCK},
    {"perf::PAGE-FAULTS", PERF_COUNT_SW_PAGE_FAULTS},
    {"perf::FAULTS", PERF_COUNT_SW_PAGE_FAULTS},
    {"perf::PERF_COUNT_SW_PAGE_FAULTS", PERF_COUNT_SW_PAGE_FAULTS},
    {"perf::MINOR-FAULTS", PERF_COUNT_SW_PAGE_FAULTS_MIN},
    {"perf::PERF_COUNT_SW_PAGE_FAULTS_MIN", PERF_COUNT_SW_PAGE_FAULTS_MIN},
    {"perf::MAJOR-FAULTS", PERF_COUNT_SW_PAGE_FAULTS_MAJ},
    {"perf::PERF_COUNT_SW_PAGE_FAULTS_MAJ", PERF_COUNT_SW_PAGE_FAULTS_MAJ},
    {"perf::CONTEXT-SWITCHES", PERF_COUNT_SW_CONTEXT_SWITCHES},
    {"perf::CS", PERF_COUNT_SW_CONTEXT_SWITCHES},
    {"perf::PERF_COUNT_SW_CONTEXT_SWITCHES", PERF_COUNT_SW_CONTEXT_SWITCHES},
    {"perf::CPU-MIGRATIONS", PERF_COUNT_SW_CPU_MIGRATIONS},
    {"perf::MIGRATIONS", PERF_COUNT_SW_CPU_MIGRATIONS},
    {"perf::PERF_COUNT_SW_CPU_MIGRATIONS", PERF_COUNT_SW_CPU_MIGRATIONS},
};

static int fds[COUNTERS_MAX];
static int nfd;

static const struct soft_event *lookup(const char *name)
{
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcasecmp(name, table[i].name) == 0)
            return &table[i];
    return NULL;
}

/* a disabled counter of ev for this thread; -1 when the kernel refuses */
static int open_event(const struct soft_event *ev)
{
    struct perf_event_attr a;
    memset(&a, 0, sizeof a);
    a.size = sizeof a;
    a.type = PERF_TYPE_SOFTWARE;
    a.config = ev->config;
    a.disabled = 1;
    long fd = syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
    if (fd < 0 && (errno == EACCES || errno == EPERM)) {
        a.exclude_kernel = a.exclude_hv = 1;
        fd = syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
    }
    return (int)fd;
}

static int kernel_can(const char *name)
{
    const struct soft_event *ev = lookup(name);
    if (!ev)
        return 0;
    int fd = open_event(ev);
    if (fd < 0)
        return 0;
    close(fd);
    return 1;
}

static int kernel_add(const char *name)
{
    const struct soft_event *ev = lookup(name);
    if (!ev || nfd == COUNTERS_MAX)
        return 0;
    int fd = open_event(ev);
    if (fd < 0)
        return 0;
    fds[nfd++] = fd;
    return 1;
}

static int kernel_start(void)
{
    for (int i = 0; i < nfd; i++)
        if (ioctl(fds[i], PERF_EVENT_IOC_RESET, 0) != 0 ||
            ioctl(fds[i], PERF_EVENT_IOC_ENABLE, 0) != 0)
            return -1;
    return 0;
}

static void kernel_stop(long long *v)
{
    for (int i = 0; i < nfd; i++)
        ioctl(fds[i], PERF_EVENT_IOC_DISABLE, 0);
    for (int i = 0; i < nfd; i++) {
        unsigned long long value;
        if (read(fds[i], &value, sizeof value) == (ssize_t)sizeof value)
            v[i] = (long long)value;
    }
}

static void kernel_close(void)
{
    for (int i = nfd - 1; i >= 0; i--)
        close(fds[i]);
    nfd = 0;
}

const struct counter_backend counters_perf = {
    .name = "perf_event_open",
    .can = kernel_can,
    .add = kernel_add,
    .start = kernel_start,
    .stop = kernel_stop,
    .close = kernel_close,
};
