/* watchdog.c: the thread that watches each size for --timeout
 * (watchdog.h); the main thread publishes where it is under a mutex,
 * outside the clock (before and after each timed block's clock reads) */
#include "measure/watchdog.h"
#include "measure/trial.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "base/base.h"
#include "input/iters.h"
#include "measure/hang_report.h"

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

void watchdog_arm(const struct trial *t, const struct result *res,
                  uint64_t elements, uint64_t bytes)
{
    if (!running)
        return;
    const struct record *r = t->k.rec;
    pthread_mutex_lock(&mu);
    seen.record = res->index;
    seen.line = r->line;
    snprintf(seen.text, sizeof seen.text, "%s", r->text);
    snprintf(seen.call, sizeof seen.call, "%s", r->call->name);
    seen.elements = (unsigned long long)elements;
    seen.bytes = (unsigned long long)bytes;
    /* an adaptive size may run its --budget on top of the estimate */
    const struct options *o = t->m->opt;
    double est = t->pl->est.seconds + (record_adaptive(r, o) ? o->budget : 0);
    seen.timeout_s = hang_timeout(o->timeout_s, est);
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

/* the world ranks this rank's calls wait on: a pair's partner, or the
 * ranks of its communicator (MPI says no more of a call in progress) */
static void waits_on(const struct trial *t, struct hang_seen *h)
{
    const struct kernel *k = &t->k;
    static MPI_Comm comm = MPI_COMM_NULL;
    static int peer = -2;
    int pair = t->holds.pairs || t->holds.all_pairs || t->holds.phases;
    if (k->comm == comm && (pair ? k->peer : -1) == peer && h->nwaits)
        return;
    comm = k->comm;
    peer = pair ? k->peer : -1;
    MPI_Group g, world;
    MPI_Comm_group(k->comm, &g);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    /* only ranks of the group: a library need not check them (Open MPI
     * 4.1 read out of bounds on a phase's peer outside k->comm's group,
     * a SEGV under AddressSanitizer); a peer outside it says nothing */
    int gsize = 0;
    MPI_Group_size(g, &gsize);
    int n = pair ? (k->peer >= 0 && k->peer < gsize) : (k->size < gsize ? k->size : gsize);
    int cap = (int)(sizeof h->waits / sizeof h->waits[0]);
    int take = n < cap ? n : cap, mine[64];
    for (int i = 0; i < take; i++)
        mine[i] = pair ? k->peer : i;
    if (take > 0)
        MPI_Group_translate_ranks(g, take, mine, world, h->waits);
    MPI_Group_free(&g);
    MPI_Group_free(&world);
    h->nwaits = take;
    h->waits_more = n - take;
    snprintf(h->waits_what, sizeof h->waits_what, "%s",
             pair ? "the pair's partner" : "its communicator");
}

void watchdog_block(const struct trial *t, long n, int timed)
{
    if (!running)
        return;
    struct hang_seen w = {0};
    int fresh = 0;
    pthread_mutex_lock(&mu);
    w.nwaits = seen.nwaits;
    pthread_mutex_unlock(&mu);
    if (t->k.comm != MPI_COMM_NULL && !(t->k.peer < 0 && (t->holds.pairs || t->holds.phases))) {
        waits_on(t, &w);
        fresh = 1;
    }
    pthread_mutex_lock(&mu);
    if (fresh && w.waits_what[0]) {
        memcpy(seen.waits, w.waits, sizeof seen.waits);
        seen.nwaits = w.nwaits;
        seen.waits_more = w.waits_more;
        snprintf(seen.waits_what, sizeof seen.waits_what, "%s", w.waits_what);
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
