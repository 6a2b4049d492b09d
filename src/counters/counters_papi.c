/* counters_papi.c: the PAPI backend of --papi.
 *
 * PAPI names an event on a VM without counters (PAPI_TOT_CYC) and then
 * fails to add or start it, so can() tries the whole way: name, add beside
 * nothing else, start and stop.
 *
 * MPIGAUGE_PAPI_DISABLE=comp1,comp2 disables PAPI components by name
 * before PAPI starts (PAPI_disable_component_by_name).  The tests use it
 * to take the path of a machine whose perf_event component is disabled
 * (no PMU) on any machine; a user can use it to prefer the kernel's
 * counting of the software events. */
#include "counters/counter_backend.h"
#include "counters/counters.h"

#include <stdlib.h>
#include <string.h>

#ifdef HAVE_PAPI
#include <papi.h>

static int ready = -1;         /* -1: not tried; 0: PAPI unusable; 1: ready */
static int set = PAPI_NULL;
static int nset;

static void disable_components(void)
{
    const char *list = getenv("MPIGAUGE_PAPI_DISABLE");
    if (!list)
        return;
    char name[128];
    while (*list) {
        size_t len = strcspn(list, ",");
        if (len > 0 && len < sizeof name) {
            memcpy(name, list, len);
            name[len] = 0;
            PAPI_disable_component_by_name(name);
        }
        list += len;
        if (*list == ',')
            list++;
    }
}

static int papi_ready(void)
{
    if (ready < 0) {
        disable_components();
        ready = PAPI_library_init(PAPI_VER_CURRENT) == PAPI_VER_CURRENT &&
                PAPI_create_eventset(&set) == PAPI_OK;
    }
    return ready;
}

static int papi_can(const char *event)
{
    int code, probe = PAPI_NULL, ok = 0;
    if (!papi_ready() || PAPI_event_name_to_code(event, &code) != PAPI_OK)
        return 0;
    if (PAPI_create_eventset(&probe) != PAPI_OK)
        return 0;
    if (PAPI_add_event(probe, code) == PAPI_OK) {
        long long v[1];
        ok = PAPI_start(probe) == PAPI_OK && PAPI_stop(probe, v) == PAPI_OK;
    }
    PAPI_cleanup_eventset(probe);
    PAPI_destroy_eventset(&probe);
    return ok;
}

/* keeps the event only if the set still starts with it */
static int papi_add(const char *event)
{
    int code;
    if (!papi_ready() || nset == COUNTERS_MAX ||
        PAPI_event_name_to_code(event, &code) != PAPI_OK ||
        PAPI_add_event(set, code) != PAPI_OK)
        return 0;
    long long v[COUNTERS_MAX];
    if (PAPI_start(set) == PAPI_OK && PAPI_stop(set, v) == PAPI_OK) {
        nset++;
        return 1;
    }
    PAPI_remove_event(set, code);
    return 0;
}

static int papi_start_set(void)
{
    return PAPI_start(set) == PAPI_OK ? 0 : -1;
}

static void papi_stop_set(long long *v)
{
    long long got[COUNTERS_MAX];
    if (PAPI_stop(set, got) == PAPI_OK)
        memcpy(v, got, (size_t)nset * sizeof *v);
}

static void papi_close(void)
{
    if (ready == 1) {
        PAPI_cleanup_eventset(set);
        PAPI_destroy_eventset(&set);
        PAPI_shutdown();
    }
    ready = -1;
    nset = 0;
}

#else /* built with make PAPI=0: PAPI counts nothing */

static int papi_can(const char *event) { (void)event; return 0; }
static int papi_add(const char *event) { (void)event; return 0; }
static int papi_start_set(void) { return -1; }
static void papi_stop_set(long long *v) { (void)v; }
static void papi_close(void) {}

#endif

const struct counter_backend counters_papi = {
    .name = "PAPI",
    .can = papi_can,
    .add = papi_add,
    .start = papi_start_set,
    .stop = papi_stop_set,
    .close = papi_close,
};
