/* counters.c: which backend counts which --papi event, and the totals.
 *
 * Every rank asks each backend whether it can count each event; the ranks
 * then agree, event by event, on the first backend (PAPI, then the
 * kernel) that every rank can use, so an event's counts always come from
 * one kind of counter.  An event no backend counts on every rank is
 * dropped and named in one warning.  Under SMPI every event is dropped:
 * one thread runs every simulated rank and the simulator, so a counter
 * would count them all. */
#include "counters/counters.h"

#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include "base/smpi.h"
#include "counters/counter_backend.h"

enum { NBACKENDS = 2 };
static const struct counter_backend *const backends[NBACKENDS] = {
    &counters_papi, &counters_perf,
};

struct event {
    char name[128];
    int backend;               /* index into backends */
    int slot;                  /* its place in the backend's set */
};

static struct event events[COUNTERS_MAX];
static int nev;
static long long totals[COUNTERS_MAX];
static int used[NBACKENDS];    /* events added to each backend */
static int running[NBACKENDS];

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
        if (n == COUNTERS_MAX) {
            snprintf(err, elen, "--papi: at most %d events", COUNTERS_MAX);
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

static void note_dropped(char *dropped, size_t dlen, const char *name)
{
    size_t used_len = strlen(dropped);
    snprintf(dropped + used_len, dlen - used_len, "%s%s", used_len ? ", " : "",
             name);
}

int counters_init(const char *list, char *dropped, size_t dlen, char *err,
                  size_t elen)
{
    char want[COUNTERS_MAX][128];
    dropped[0] = 0;
    int n = split(list, want, err, elen);
    if (n < 0)
        return -1;
    /* can[b] bit i: backend b can count event i on this rank */
    unsigned can[NBACKENDS] = {0};
    for (int b = 0; b < NBACKENDS; b++)
        for (int i = 0; i < n; i++)
            if (!MPIGAUGE_SMPI && backends[b]->can(want[i]))
                can[b] |= 1u << i;
    MPI_Allreduce(MPI_IN_PLACE, can, NBACKENDS, MPI_UNSIGNED, MPI_BAND,
                  MPI_COMM_WORLD);
    /* the chosen backend must also accept the event beside the others */
    unsigned added = 0;
    int choice[COUNTERS_MAX], slot[COUNTERS_MAX];
    for (int i = 0; i < n; i++) {
        choice[i] = -1;
        for (int b = 0; b < NBACKENDS && choice[i] < 0; b++)
            if (can[b] & (1u << i))
                choice[i] = b;
        if (choice[i] >= 0 && backends[choice[i]]->add(want[i])) {
            added |= 1u << i;
            slot[i] = used[choice[i]]++;
        }
    }
    MPI_Allreduce(MPI_IN_PLACE, &added, 1, MPI_UNSIGNED, MPI_BAND, MPI_COMM_WORLD);
    for (int i = 0; i < n; i++) {
        if (!(added & (1u << i))) {
            note_dropped(dropped, dlen, want[i]);
            continue;
        }
        /* an event added here but refused on another rank keeps its slot
         * in this rank's set and is never reported */
        struct event *e = &events[nev++];
        memcpy(e->name, want[i], sizeof e->name);
        e->backend = choice[i];
        e->slot = slot[i];
    }
    return 0;
}

int counters_events(void)
{
    return nev;
}

const char *counters_event(int i)
{
    return i >= 0 && i < nev ? events[i].name : NULL;
}

const char *counters_backend(int i)
{
    return i >= 0 && i < nev ? backends[events[i].backend]->name : NULL;
}

void counters_start(void)
{
    if (nev == 0)
        return;
    for (int b = 0; b < NBACKENDS; b++)
        running[b] = used[b] && backends[b]->start() == 0;
}

void counters_stop(void)
{
    long long v[NBACKENDS][COUNTERS_MAX];
    for (int b = NBACKENDS - 1; b >= 0; b--) {
        memset(v[b], 0, sizeof v[b]);
        if (running[b])
            backends[b]->stop(v[b]);
        running[b] = 0;
    }
    for (int i = 0; i < nev; i++)
        totals[i] += v[events[i].backend][events[i].slot];
}

void counters_take(double *out)
{
    for (int i = 0; i < nev; i++) {
        out[i] = (double)totals[i];
        totals[i] = 0;
    }
}

void counters_finish(void)
{
    for (int b = 0; b < NBACKENDS; b++)
        backends[b]->close();
    nev = 0;
    memset(used, 0, sizeof used);
}
