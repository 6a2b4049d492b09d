/* param_sample.c: --params classes.  The pairs of the communicator are
 * grouped by where their ranks are (models/param_classes.h: node, and
 * package and cache from hwloc on a real machine, the route's links on a
 * simulated one); each class's sample and spot-checks are measured pair
 * by pair in turn, the other ranks asleep, as the thesis measured every
 * pair; a class a spot-check disproves is split by node pairs or
 * measured in full; then every pair holds its class's value, so the
 * model, HYBRID, --predict and the files read the same p x p matrices.
 * Rank 0 alone plans, checks and splits the classes and holds the
 * matrices; it broadcasts the pairs to measure, and every rank sends it
 * the values it measured (params/pair_log.h). */
#include "params/params.h"

#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "kernels/sync_barrier.h"
#include "lifecycle/interrupt.h"
#include "params/pair_log.h"
#include "models/param_classes.h"
#include "clock/waits.h"

/* each rank's node (numbered 0.. in the order the communicator meets
 * them; world_node[n]: its index in the world), package and cache: known
 * from hwloc on a real machine where it gave their sizes, unknown under
 * SMPI (hwloc there sees the machine running the simulation) */
static int locations(const struct place *pl, int p, struct class_loc *loc,
                     int **world_node)
{
    int nodes = 0;
    *world_node = xmalloc_array((size_t)p, sizeof **world_node);
    for (int r = 0; r < p; r++) {
        int n = 0;
        while (n < nodes && (*world_node)[n] != pl[r].node)
            n++;
        if (n == nodes)
            (*world_node)[nodes++] = pl[r].node;
        loc[r].node = n;
        loc[r].package = !MPIGAUGE_SMPI && pl[r].package_bytes ? pl[r].package : -1;
        loc[r].llc = !MPIGAUGE_SMPI && pl[r].llc_bytes ? pl[r].llc : -1;
    }
    return nodes;
}

/* Collective: nodes x nodes links of the simulated routes between the
 * nodes' first ranks' hosts, on rank 0 (which asks SimGrid and plans the
 * classes); NULL elsewhere, and on a real MPI, where no portable
 * interface tells them */
static int *route_links(MPI_Comm comm, int me, int p, const struct class_loc *loc,
                        int nodes)
{
    if (!MPIGAUGE_SMPI)
        return NULL;
    char name[MPI_MAX_PROCESSOR_NAME] = {0}, *all = NULL;
    int len;
    MPI_Get_processor_name(name, &len);
    if (me == 0)
        all = xmalloc_array((size_t)p, sizeof name);
    MPI_Gather(name, (int)sizeof name, MPI_CHAR, all, (int)sizeof name, MPI_CHAR, 0,
               comm);
    int *hops = NULL;
    if (me == 0) {
        hops = xmalloc_array((size_t)nodes * nodes, sizeof *hops);
        int *first = xmalloc_array((size_t)nodes, sizeof *first);
        for (int r = p - 1; r >= 0; r--)
            first[loc[r].node] = r;
        for (int a = 0; a < nodes; a++)
            for (int b = 0; b < nodes; b++)
                hops[a * nodes + b] = smpi_route_links(all + first[a] * sizeof name,
                                                       all + first[b] * sizeof name);
        free(first);
        free(all);
    }
    return hops;
}

/* Collective: the pairs rank 0 listed from `from` on (its plan, a split's
 * picks), appended to every other rank's list, with the rounds they are
 * measured in; only rank 0 holds the classes and their values */
static void share_list(MPI_Comm comm, int me, struct class_table *t, int from)
{
    int head[2 + CLASS_ROUNDS_MAX] = {t->npairs, t->nrounds};
    memcpy(head + 2, t->round, sizeof t->round);
    MPI_Bcast(head, 2 + CLASS_ROUNDS_MAX, MPI_INT, 0, comm);
    int n = head[0] - from;
    int *v = xmalloc_array(3 * (size_t)n + 1, sizeof *v);
    for (int k = 0; me == 0 && k < n; k++) {
        const struct class_pair *q = &t->pair[from + k];
        v[3 * k] = q->i;
        v[3 * k + 1] = q->j;
        v[3 * k + 2] = q->round;
    }
    MPI_Bcast(v, 3 * n, MPI_INT, 0, comm);
    if (me != 0) {
        t->nrounds = head[1];
        memcpy(t->round, head + 2, sizeof t->round);
        for (int k = 0; k < n; k++) {
            class_add_pair(t, v[3 * k], v[3 * k + 1], -1, ROLE_SAMPLE);
            t->pair[t->npairs - 1].round = v[3 * k + 2];
        }
    }
    free(v);
}

/* this rank's partner in round r among the listed pairs, or -1 */
static int listed_partner(const struct class_table *t, int me, int r)
{
    for (int k = 0; k < t->npairs; k++) {
        const struct class_pair *q = &t->pair[k];
        if (q->round == r && (q->i == me || q->j == me))
            return q->i == me ? q->j : q->i;
    }
    return -1;
}

/* Collective: the rounds the samples are from, each round's listed
 * pairs at once, both ways, as params_measure measures every round */
static int measure_rounds(MPI_Comm comm, int me, char *buf, const struct class_table *t,
                          struct params *pm)
{
    round_agree(comm, 0);
    for (int k = 0; k < t->nrounds; k++) {
        int q = listed_partner(t, me, t->round[k]);
        if (q >= 0) {
            int i = me < q ? me : q, j = me < q ? q : me;
            param_measure_pair(comm, me, i, j, buf, 1, pm);
            param_measure_pair(comm, me, j, i, buf, 1, pm);
        }
        int sig = round_agree(comm, interrupt_noted());
        if (sig)
            return sig;
    }
    return 0;
}

/* Collective: the listed pairs from `from` on, in turn, both ways (but
 * those of the rounds, measure_rounds's) */
static int measure_listed(MPI_Comm comm, int me, char *buf, const struct class_table *t,
                          int from, struct params *pm)
{
    for (int k = from; k < t->npairs; k++) {
        int i = t->pair[k].i, j = t->pair[k].j;
        if (t->pair[k].round >= 0)
            continue;
        if (me == i || me == j) {
            param_measure_pair(comm, me, i, j, buf, 0, pm);
            param_measure_pair(comm, me, j, i, buf, 0, pm);
        }
        int sig = quiet_agree(comm, interrupt_noted());
        if (sig)
            return sig;
    }
    params_gather(comm, pm);
    return 0;
}

/* Collective: sample and spot-check, split; rank 0 decides (it holds the
 * classes and the values), every rank measures the pairs it lists */
static int by_classes(MPI_Comm comm, int me, const struct class_loc *loc, char *buf,
                      struct class_table *t, struct params *pm)
{
    int sig = measure_rounds(comm, me, buf, t, pm);
    if (!sig)
        sig = measure_listed(comm, me, buf, t, 0, pm);
    if (sig)
        return sig;
    int failed = me == 0 ? classes_check(t, pm) : 0;
    MPI_Bcast(&failed, 1, MPI_INT, 0, comm);
    if (!failed)
        return 0;
    int from = t->npairs;
    if (me == 0)
        classes_split_pick(t, loc, pm);
    share_list(comm, me, t, from);
    if ((sig = measure_listed(comm, me, buf, t, from, pm)))
        return sig;
    from = t->npairs;
    if (me == 0)
        classes_split(t, loc, pm);
    share_list(comm, me, t, from);
    if (t->npairs > from)
        sig = measure_listed(comm, me, buf, t, from, pm);
    for (int k = 0; me == 0 && k < t->n && !sig; k++)
        if (t->c[k].how == CLASS_FULL)
            class_values(t, k, pm);
    return sig;
}

int params_measure_classes(MPI_Comm comm, const struct place *places,
                           struct params *pm)
{
    int me, p;
    MPI_Comm_rank(comm, &me);
    MPI_Comm_size(comm, &p);
    struct pair_log log;
    char *buf;
    double t0 = params_begin(comm, pm, &log, &buf);
    struct class_loc *loc = xmalloc_array((size_t)p, sizeof *loc);
    struct class_table *t = xcalloc(1, sizeof *t);
    int *world_node;
    int nodes = locations(places, p, loc, &world_node);
    int *hops = route_links(comm, me, p, loc, nodes);
    if (me == 0) {
        classes_plan(t, p, loc, hops, nodes, p > PARAM_TURNS_MAX);
        t->world_node = world_node;
    } else {
        t->p = p;
        free(world_node);
    }
    free(hops);
    share_list(comm, me, t, 0);
    int sig = by_classes(comm, me, loc, buf, t, pm);
    pm->pairs_measured = t->npairs;
    pm->log = NULL;
    pair_log_free(&log);
    if (me == 0) {
        classes_fill(t, pm);
        pm->classes = t;
    } else {
        classes_free(t);
        free(t);
    }
    pm->cost_s = MPI_Wtime() - t0;
    free(loc);
    free(buf);
    return sig;
}
