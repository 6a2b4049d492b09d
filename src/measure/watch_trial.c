/* watch_trial.c: the trial's side of --timeout (watch_trial.h) */
#include "measure/watch_trial.h"

#include "input/iters.h"
#include "lifecycle/watchdog.h"

/* the communicator and peer whose ranks the watchdog has; cleared at
 * each size */
static MPI_Comm told_comm = MPI_COMM_NULL;
static int told_peer = -2;

void watch_size(const struct trial *t, const struct result *res,
                uint64_t elements, uint64_t bytes)
{
    if (!watchdog_running())
        return;
    const struct record *r = t->k.rec;
    const struct options *o = t->m->opt;
    /* an adaptive size may run its --budget on top of the estimate */
    double est = t->pl->est.seconds + (record_adaptive(r, o) ? o->budget : 0);
    struct watch_size z = {res->index, r->line, r->text, r->call->name, elements, bytes,
                           hang_timeout(o->timeout_s, est)};
    told_comm = MPI_COMM_NULL;
    told_peer = -2;
    watchdog_arm(&z);
}

/* the world ranks this rank's calls wait on: a pair's partner, or the
 * ranks of its communicator (MPI says no more of a call in progress);
 * *n of them in waits (at most cap), *more beyond; returns the words */
static const char *waits_on(const struct trial *t, int *waits, int cap, int *n, int *more)
{
    const struct kernel *k = &t->k;
    int pair = t->holds.pairs || t->holds.all_pairs || t->holds.phases;
    MPI_Group g, world;
    MPI_Comm_group(k->comm, &g);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    /* only ranks of the group: a library need not check them (Open MPI
     * 4.1 read out of bounds on a phase's peer outside k->comm's group,
     * a SEGV under AddressSanitizer); a peer outside it says nothing */
    int gsize = 0;
    MPI_Group_size(g, &gsize);
    int all = pair ? (k->peer >= 0 && k->peer < gsize) : (k->size < gsize ? k->size : gsize);
    int take = all < cap ? all : cap, mine[64];
    for (int i = 0; i < take; i++)
        mine[i] = pair ? k->peer : i;
    if (take > 0)
        MPI_Group_translate_ranks(g, take, mine, world, waits);
    MPI_Group_free(&g);
    MPI_Group_free(&world);
    *n = take;
    *more = all - take;
    return pair ? "the pair's partner" : "its communicator";
}

void watch_block(const struct trial *t, long n, int timed)
{
    if (!watchdog_running())
        return;
    const struct kernel *k = &t->k;
    int pair = t->holds.pairs || t->holds.all_pairs || t->holds.phases;
    int waits[64], nwaits = 0, more = 0;
    const char *what = NULL;
    int known = k->comm == told_comm && (pair ? k->peer : -1) == told_peer;
    if (k->comm != MPI_COMM_NULL && !(k->peer < 0 && (t->holds.pairs || t->holds.phases))
        && !known) {
        what = waits_on(t, waits, 64, &nwaits, &more);
        told_comm = k->comm;
        told_peer = pair ? k->peer : -1;
    }
    watchdog_block(n, timed, waits, nwaits, more, what);
}
