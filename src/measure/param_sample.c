/* param_sample.c: --params classes.  The pairs of the communicator are
 * grouped by where their ranks are (models/param_classes.h: node, and
 * package and cache from hwloc on a real machine, the route's links on a
 * simulated one); each class's sample and spot-checks are measured pair
 * by pair in turn, the other ranks asleep, as the thesis measured every
 * pair; a class a spot-check disproves is split by node pairs or
 * measured in full; then every pair holds its class's value, so the
 * model, HYBRID, --predict and the files read the same p x p matrices. */
#include "measure/params.h"

#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "kernels/barrier.h"
#include "measure/interrupt.h"
#include "measure/timing.h"
#include "models/param_classes.h"
#include "models/schedule.h"

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
 * nodes' first ranks' hosts (rank 0 asks SimGrid, every rank gets them),
 * or NULL on a real MPI, where no portable interface tells them */
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
    int *hops = xmalloc_array((size_t)nodes * nodes, sizeof *hops);
    if (me == 0) {
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
    MPI_Bcast(hops, nodes * nodes, MPI_INT, 0, comm);
    return hops;
}

/* values a listed pair carries: both ways of each per-pair matrix, and
 * the tail's bins */
static int pair_width(const struct params *pm)
{
    int w = 0;
    for (int f = 0; f < PF_MODEL_COUNT; f++)
        if (pm->m[f] && param_files[f].shape == PS_PAIR)
            w += 2;
        else if (pm->m[f] && param_files[f].shape == PS_TAIL)
            w += 2 * PARAM_TAIL_BINS;
    return w;
}

/* the value(s) of matrix f at ij to v (out) or from v */
static void move(struct params *pm, size_t ij, int f, double *v, int out)
{
    if (param_files[f].shape == PS_TAIL) {
        float *t = (float *)pm->m[f] + ij * PARAM_TAIL_BINS;
        for (int b = 0; b < PARAM_TAIL_BINS; b++)
            if (out)
                v[b] = t[b];
            else
                t[b] = (float)v[b];
    } else if (out) {
        v[0] = ((double *)pm->m[f])[ij];
    } else {
        ((double *)pm->m[f])[ij] = v[0];
    }
}

/* the listed pairs' values from `from` on into v (out) or back */
static void pack(struct params *pm, const struct class_table *t, int from, double *v,
                 int out)
{
    int w = pair_width(pm);
    size_t p = (size_t)t->p;
    for (int k = from; k < t->npairs; k++) {
        const struct class_pair *q = &t->pair[k];
        double *at = v + (size_t)(k - from) * w;
        for (int f = 0; f < PF_MODEL_COUNT; f++) {
            if (!pm->m[f] || param_files[f].shape == PS_RANK)
                continue;
            int deep = param_files[f].shape == PS_TAIL ? PARAM_TAIL_BINS : 1;
            move(pm, q->i * p + q->j, f, at, out);
            move(pm, q->j * p + q->i, f, at + deep, out);
            at += 2 * deep;
        }
    }
}

/* Collective: the listed pairs from `from` on, each value summed over
 * the ranks (measured on one, 0 on the others) */
static void share(MPI_Comm comm, const struct class_table *t, int from, struct params *pm)
{
    int w = pair_width(pm), n = t->npairs - from;
    double *v = xcalloc((size_t)n * w + 1, sizeof *v);
    pack(pm, t, from, v, 1);
    MPI_Allreduce(MPI_IN_PLACE, v, n * w, MPI_DOUBLE, MPI_SUM, comm);
    pack(pm, t, from, v, 0);
    free(v);
}

/* Collective: the rounds the samples are from, each round's listed
 * pairs at once, both ways, as params_measure measures every round */
static int measure_rounds(MPI_Comm comm, int me, char *buf, const struct class_table *t,
                          struct params *pm)
{
    int p = t->p;
    for (int k = 0; k < t->nrounds; k++) {
        int q = round_partner(p, t->round[k], me);
        if (q >= 0 && t->c[t->cls[me * p + q]].how == CLASS_SAMPLED) {
            int i = me < q ? me : q, j = me < q ? q : me;
            param_measure_pair(comm, me, i, j, buf, 1, pm);
            param_measure_pair(comm, me, j, i, buf, 1, pm);
        }
        int sig = quiet_agree(comm, interrupt_noted());
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
    if (t->npairs > from)
        share(comm, t, from, pm);
    return 0;
}

/* Collective: plan, sample and spot-check, split, fill */
static int by_classes(MPI_Comm comm, int me, const struct class_loc *loc, char *buf,
                      struct class_table *t, struct params *pm)
{
    int sig = measure_rounds(comm, me, buf, t, pm);
    if (!sig)
        sig = measure_listed(comm, me, buf, t, 0, pm);
    if (sig || !classes_check(t, pm))
        return sig;
    int from = t->npairs;
    classes_split_pick(t, loc, pm);
    if ((sig = measure_listed(comm, me, buf, t, from, pm)))
        return sig;
    from = t->npairs;
    if (classes_split(t, loc, pm))
        sig = measure_listed(comm, me, buf, t, from, pm);
    for (int k = 0; k < t->n && !sig; k++)
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
    params_alloc(pm, p);
    char *buf = xcalloc((size_t)1 << PARAM_MAX_POW, 1);   /* 1 MiB */
    quiet_barrier(comm);
    double t0 = MPI_Wtime();
    double *o = pm->m[PF_O];
    o[me] = param_invocation(p);
    MPI_Allreduce(MPI_IN_PLACE, o, p, MPI_DOUBLE, MPI_SUM, comm);
    struct class_loc *loc = xmalloc_array((size_t)p, sizeof *loc);
    struct class_table *t = xcalloc(1, sizeof *t);
    int *world_node;
    int nodes = locations(places, p, loc, &world_node);
    int *hops = route_links(comm, me, p, loc, nodes);
    classes_plan(t, p, loc, hops, nodes, p > PARAM_TURNS_MAX);
    t->world_node = world_node;
    free(hops);
    int sig = by_classes(comm, me, loc, buf, t, pm);
    classes_fill(t, pm);
    pm->classes = t;
    pm->pairs_measured = t->npairs;
    pm->cost_s = MPI_Wtime() - t0;
    free(loc);
    free(buf);
    return sig;
}
