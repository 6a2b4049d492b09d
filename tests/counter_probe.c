/* counter_probe.c: tells the tests, independently of mpigauge, what this
 * machine can count, so that they expect the right backend on any VM.
 *   counter_probe kernel      exit 0 if the kernel counts its task clock
 *                             for this user (perf_event_open)
 *   counter_probe papi EVENT  exit 0 if PAPI counts EVENT (a build
 *                             without PAPI: exit 1)
 * MPIGAUGE_PAPI_DISABLE is honoured as mpigauge honours it. */
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#ifdef HAVE_PAPI
#include <papi.h>
#endif

static int kernel(void)
{
    struct perf_event_attr a;
    memset(&a, 0, sizeof a);
    a.size = sizeof a;
    a.type = PERF_TYPE_SOFTWARE;
    a.config = PERF_COUNT_SW_TASK_CLOCK;
    long fd = syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
    if (fd < 0) {
        a.exclude_kernel = a.exclude_hv = 1;
        fd = syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
    }
    return fd >= 0 ? 0 : 1;
}

static int papi(const char *event)
{
#ifdef HAVE_PAPI
    const char *off = getenv("MPIGAUGE_PAPI_DISABLE");
    if (off && strcmp(off, "perf_event") == 0)
        PAPI_disable_component_by_name("perf_event");
    int set = PAPI_NULL, code;
    long long v;
    if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT ||
        PAPI_create_eventset(&set) != PAPI_OK ||
        PAPI_event_name_to_code(event, &code) != PAPI_OK ||
        PAPI_add_event(set, code) != PAPI_OK || PAPI_start(set) != PAPI_OK ||
        PAPI_stop(set, &v) != PAPI_OK)
        return 1;
    return 0;
#else
    (void)event;
    return 1;
#endif
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "kernel") == 0)
        return kernel();
    if (argc == 3 && strcmp(argv[1], "papi") == 0)
        return papi(argv[2]);
    return 2;
}
