/* counters.c: the --papi counters.
 *
 * One event set per process.  An event is kept only if, on every rank,
 * PAPI knows its name, accepts it into the set beside the events kept
 * before it, and can start and stop the set: presets such as PAPI_TOT_CYC
 * name an event on a VM without counters but fail at one of these steps. */
#include "counters.h"

#include <mpi.h>
#include <stdio.h>
#include <string.h>

#ifdef HAVE_PAPI
#include <papi.h>

static int set = PAPI_NULL;
static int nev;
static char names[PAPI_MAX_EVENTS][128];
static long long totals[PAPI_MAX_EVENTS];
static int running;

/* tries to add code to the set; keeps it only if the set still runs */
static int try_add(int code)
{
    if (PAPI_add_event(set, code) != PAPI_OK)
        return 0;
    long long v[PAPI_MAX_EVENTS];
    if (PAPI_start(set) == PAPI_OK && PAPI_stop(set, v) == PAPI_OK)
        return 1;
    PAPI_remove_event(set, code);
    return 0;
}

static int split(const char *list, char out[][128], char *err, size_t elen)
{
    int n = 0;
    const char *p = list;
    while (*p) {
        size_t len = strcspn(p, ",");
        if (len == 0 || len >= 128) {
            snprintf(err, elen, "--papi '%s': expected event names separated "
                     "by single commas", list);
            return -1;
        }
        if (n == PAPI_MAX_EVENTS) {
            snprintf(err, elen, "--papi: at most %d events", PAPI_MAX_EVENTS);
            return -1;
        }
        memcpy(out[n], p, len);
        out[n++][len] = 0;
        p += len;
        if (*p == ',')
            p++;
    }
    return n;
}

int papi_init(const char *list, char *dropped, size_t dlen, char *err, size_t elen)
{
    char want[PAPI_MAX_EVENTS][128];
    dropped[0] = 0;
    int n = split(list, want, err, elen);
    if (n < 0)
        return -1;
    unsigned ok = 0;
    int lib = PAPI_library_init(PAPI_VER_CURRENT) == PAPI_VER_CURRENT;
    if (lib && PAPI_create_eventset(&set) == PAPI_OK) {
        for (int i = 0; i < n; i++) {
            int code;
            if (PAPI_event_name_to_code(want[i], &code) == PAPI_OK && try_add(code))
                ok |= 1u << i;
        }
    }
    /* the events every rank could count, in one set on every rank */
    MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_UNSIGNED, MPI_BAND, MPI_COMM_WORLD);
    if (set != PAPI_NULL) {
        PAPI_cleanup_eventset(set);
        PAPI_destroy_eventset(&set);
        set = PAPI_NULL;
    }
    if (ok && PAPI_create_eventset(&set) != PAPI_OK)
        ok = 0;
    for (int i = 0; i < n; i++) {
        int code;
        if (ok & (1u << i) && PAPI_event_name_to_code(want[i], &code) == PAPI_OK &&
            PAPI_add_event(set, code) == PAPI_OK) {
            memcpy(names[nev++], want[i], sizeof names[0]);
        } else {
            size_t used = strlen(dropped);
            snprintf(dropped + used, dlen - used, "%s%s", used ? ", " : "", want[i]);
        }
    }
    return 0;
}

int papi_events(void)
{
    return nev;
}

const char *papi_event(int i)
{
    return i >= 0 && i < nev ? names[i] : NULL;
}

void papi_start(void)
{
    if (nev && PAPI_start(set) == PAPI_OK)
        running = 1;
}

void papi_stop(void)
{
    if (!running)
        return;
    long long v[PAPI_MAX_EVENTS];
    if (PAPI_stop(set, v) == PAPI_OK)
        for (int i = 0; i < nev; i++)
            totals[i] += v[i];
    running = 0;
}

void papi_take(double *out)
{
    for (int i = 0; i < nev; i++) {
        out[i] = (double)totals[i];
        totals[i] = 0;
    }
}

void papi_finish(void)
{
    if (set != PAPI_NULL) {
        PAPI_cleanup_eventset(set);
        PAPI_destroy_eventset(&set);
    }
    if (PAPI_is_initialized())
        PAPI_shutdown();
    nev = 0;
}

#else /* built with make PAPI=0 */

int papi_init(const char *list, char *dropped, size_t dlen, char *err, size_t elen)
{
    (void)list;
    (void)dlen;
    dropped[0] = 0;
    snprintf(err, elen, "--papi: this mpigauge was built without PAPI (make "
             "PAPI=0); rebuild with libpapi-dev installed and plain make");
    return -1;
}

int papi_events(void) { return 0; }
const char *papi_event(int i) { (void)i; return NULL; }
void papi_start(void) {}
void papi_stop(void) {}
void papi_take(double *out) { (void)out; }
void papi_finish(void) {}

#endif
