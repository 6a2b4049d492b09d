/* watchdog.c: the thread that watches each size for --timeout
 * (watchdog.h); the main thread publishes where it is under a mutex,
 * outside the clock (before and after each timed block's clock reads) */
#include "lifecycle/watchdog.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <mpi.h>
#include "base/base.h"

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static int running;             /* the thread was started */
static int armed;
static struct timespec size_at, block_at;
static struct hang_seen seen;   /* filled as the run goes; copied out */
static long done;               /* calls finished at this size */
static char folder[PATH_BYTES];

static double since(const struct timespec *t0)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t0->tv_sec) + (double)(now.tv_nsec - t0->tv_nsec) * 1e-9;
}

static void *watch(void *arg)
{
    (void)arg;
    const struct timespec tick = {0, 100 * 1000 * 1000};
    for (;;) {
        nanosleep(&tick, NULL);
        pthread_mutex_lock(&mu);
        int fire = armed && seen.timeout_s > 0 && since(&size_at) > seen.timeout_s;
        struct hang_seen h = seen;
        if (fire) {
            h.size_s = since(&size_at);
            h.block_s = seen.in_block ? since(&block_at) : 0;
            if (!seen.in_block) {      /* its last block's partners are past */
                h.nwaits = h.waits_more = 0;
                h.waits_what[0] = 0;
            }
        }
        pthread_mutex_unlock(&mu);
        if (fire)
            hang_report(&h, folder);
    }
    return NULL;
}

void watchdog_start(const char *dir, int off)
{
    MPI_Comm_rank(MPI_COMM_WORLD, &seen.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &seen.nranks);
    if (seen.rank == 0)
        snprintf(folder, sizeof folder, "%s", dir);
    MPI_Bcast(folder, (int)sizeof folder, MPI_CHAR, 0, MPI_COMM_WORLD);
    if (off || running)
        return;
    pthread_t th;
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
    running = pthread_create(&th, &at, watch, NULL) == 0;
    pthread_attr_destroy(&at);
    if (!running)
        fprintf(stderr, "mpigauge: rank %d: the --timeout watchdog could not start; "
                "a hang will not be reported\n", seen.rank);
}

double hang_timeout(double asked, double estimate_s)
{
    if (asked >= 0)
        return asked;
    double est = HANG_ESTIMATE_TIMES * estimate_s;
    return est > HANG_MIN_S ? est : HANG_MIN_S;
}

int watchdog_running(void)
{
    return running;
}

void watchdog_arm(const struct watch_size *z)
{
    if (!running)
        return;
    pthread_mutex_lock(&mu);
    seen.record = z->record;
    seen.line = z->line;
    snprintf(seen.text, sizeof seen.text, "%s", z->text);
    snprintf(seen.call, sizeof seen.call, "%s", z->call);
    seen.elements = (unsigned long long)z->elements;
    seen.bytes = (unsigned long long)z->bytes;
    seen.timeout_s = z->timeout_s;
    seen.in_block = 0;
    seen.nwaits = seen.waits_more = 0;
    seen.waits_what[0] = 0;
    done = 0;
    clock_gettime(CLOCK_MONOTONIC, &size_at);
    armed = 1;
    pthread_mutex_unlock(&mu);
}

void watchdog_disarm(void)
{
    pthread_mutex_lock(&mu);
    armed = 0;
    pthread_mutex_unlock(&mu);
}

void watchdog_block(long n, int timed, const int *waits, int nwaits, int more,
                    const char *what)
{
    if (!running)
        return;
    int cap = (int)(sizeof seen.waits / sizeof seen.waits[0]);
    pthread_mutex_lock(&mu);
    if (what) {
        seen.nwaits = nwaits < cap ? nwaits : cap;
        memcpy(seen.waits, waits, (size_t)seen.nwaits * sizeof *waits);
        seen.waits_more = more + nwaits - seen.nwaits;
        snprintf(seen.waits_what, sizeof seen.waits_what, "%s", what);
    }
    seen.in_block = 1;
    seen.timed = timed;
    seen.first = done + 1;
    seen.last = done + n;
    clock_gettime(CLOCK_MONOTONIC, &block_at);
    pthread_mutex_unlock(&mu);
}

void watchdog_block_end(void)
{
    if (!running)
        return;
    pthread_mutex_lock(&mu);
    done = seen.last;
    seen.in_block = 0;
    pthread_mutex_unlock(&mu);
}
