/* plan_skips.c: why a record cannot run on its communicators: the
 * topology, the pairs, the library's and the family's rules (skip hooks)
 * and the options that do not go with the call */
#include "world/plan_skips.h"

#include <stdio.h>
#include <string.h>
#include "base/smpi.h"
#include "base/thread_level.h"
#include "world/char_probe.h"
#include "world/defects.h"
#include "world/gpu_world.h"
#include "models/schedule.h"

/* an offline world's: every communicator's kept pairs, counted by
 * offline_pairs (arithmetic, not pair by pair) */
static long count_pairs_offline(struct planned *pl, const struct world *w)
{
    const struct record *r = pl->rec;
    const long *kept = offline_pairs(w, pl->tc, r->pf);
    long all = 0;
    pl->breadth.steps = 0;
    for (int c = 0; c < pl->tc->n; c++) {
        long k = r->pf->sample && kept[c] > r->sample ? r->sample : kept[c];
        all += k;
        if (k > pl->breadth.steps)
            pl->breadth.steps = k;
    }
    pl->breadth.pairs = all;
    if (r->pf->rounds)
        pl->breadth.steps = round_count(pl->tc->max_size);
    return all;
}

/* pairs the record's criterion keeps, over all its communicators, and
 * the most one communicator measures one after another (pl->breadth) */
static long count_pairs(struct planned *pl, const struct world *w)
{
    const struct topo_comm *tc = pl->tc;
    if (w->offline)
        return count_pairs_offline(pl, w);
    long mine = 0, all;
    int rank = -1, size = 0;
    if (tc->comm != MPI_COMM_NULL) {
        MPI_Comm_rank(tc->comm, &rank);
        MPI_Comm_size(tc->comm, &size);
    }
    if (rank == 0)
        for (int i = 0; i < size; i++)
            for (int j = i + 1; j < size; j++)
                mine += pl->rec->pf->keep(&tc->places[i], &tc->places[j], i, j);
    if (pl->rec->pf->sample && mine > pl->rec->sample)
        mine = pl->rec->sample;
    MPI_Allreduce(&mine, &all, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&mine, &pl->breadth.steps, 1, MPI_LONG, MPI_MAX, MPI_COMM_WORLD);
    pl->breadth.pairs = all;
    if (pl->rec->pf->rounds)
        pl->breadth.steps = round_count(pl->tc->max_size);
    return all;
}

/* why the record's call cannot run with these options, this thread level
 * or this library, or its root on these communicators (why written) */
static void call_skip_reason(const struct record *r, const struct topo_comm *tc,
                             const struct world *w, const struct options *o, char *why,
                             size_t len)
{
    const struct call *c = r->call;
    /* a persistent or partitioned request is bound to the buffers it was
     * made on, while --cache cold moves the buffers call by call
     * (BARRIER_INIT has none) */
    if ((c->mode == MODE_PERSISTENT || c->mode == MODE_PARTITIONED) &&
             o->cache_cold && !cache_warm_why(r))
        snprintf(why, len, "%s's request is bound to one pair of buffers, and "
                 "--cache cold cycles through copies; run it without --cache cold",
                 c->name);
    /* ready mode: the responder posts the receive for the next call inside
     * its loop, before its own send; --cache cold runs the loop one call at
     * a time, and nothing would post it (the partner's send would find no
     * receive: stray messages, and the next record failed) */
    else if (c->prepare && o->cache_cold)
        snprintf(why, len, "%s needs its partner's receive posted before each "
                 "call, which the loop does only across calls, and --cache cold "
                 "runs it one call at a time; run it without --cache cold", c->name);
    else if (record_threads(r) > 1 && w->thread_level < MPI_THREAD_MULTIPLE)
        snprintf(why, len, "threads=%d needs MPI_THREAD_MULTIPLE; the library "
                 "granted %s%s", record_threads(r), thread_level_name(w->thread_level),
                 o->thread_level ? " (--thread-level asked no more)" : "");
    else if (c->unavailable && c->unavailable())
        snprintf(why, len, "%s", c->unavailable());
    else if (call_has(c, CALL_ROOTED) && r->root >= tc->min_size)
        snprintf(why, len, "root=%d needs communicators of at least %d ranks; the "
                 "smallest %s communicator has %d", r->root, r->root + 1,
                 r->topo->name, tc->min_size);
}

/* why a record cannot run on its communicators, in pl->skipped */
void plan_skip_reason(struct planned *pl, const struct world *w,
                        const struct options *o)
{
    const struct record *r = pl->rec;
    const struct topo_comm *tc = pl->tc;
    const struct call *c = r->call;
    char *why = pl->skipped;
    size_t len = sizeof pl->skipped;
    struct plan_facts facts = {.min_size = tc->min_size, .max_size = tc->max_size,
                               .ncomm = tc->n, .has_vtopo = tc->has_vtopo, .uneven = tc->uneven,
                               .twice = tc->twice, .library = w->library,
                               .smpi = MPIGAUGE_SMPI};
    if (type_unavailable(r->dt))
        snprintf(why, len, "%s: %s", r->dt->name, type_unavailable(r->dt));
    else if (tc->n == 0)
        snprintf(why, len, "%s leaves every rank out", r->topo->name);
    else if (tc->why[0])
        snprintf(why, len, "%s %s", r->topo->name, tc->why);
    else if (needs_pairs(c) && tc->max_size < 2)
        snprintf(why, len, "%s communicators of 1 rank have no pairs for %s",
                 r->topo->name, c->name);
    else if (pairwise(c) && count_pairs(pl, w) == 0)
        snprintf(why, len, "no pair of the %s communicators is %s", r->topo->name,
                 r->pf->name);
    else if (r->op && r->dt->cls == TC_CHAR && char_reduction_refused(r->op))
        snprintf(why, len, "this MPI refuses %s on CHAR (MPI 2.2 and later: a "
                 "character type, no reductions): %s; SIGNED_CHAR is the 1-byte "
                 "integer", r->op->name, char_reduction_refused(r->op));
    else if (library_defect(r, w, why, len))
        ;                  /* said in why */
    /* the family's own rules: its libraries' defects, its settings against
     * the communicators */
    else if (c->family->skip && c->family->skip(r, &facts, why, len))
        ;                  /* said in why */
    /* the datatype's own: its libraries' defects (FLOAT16's ops) */
    else if (r->dt->skip && r->dt->skip(r, &facts, why, len))
        ;                  /* said in why */
    /* mem=device, mem=managed: a GPU, and an MPI that takes its pointers */
    else if (gpu_skip_reason(r, w, o, why, len))
        ;                  /* said in why */
    else
        call_skip_reason(r, tc, w, o, why, len);
}
