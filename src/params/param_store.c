/* param_store.c: the pairwise parameters of each topology, measured once
 * for the run when a barrier pattern first needs them, and handed to the
 * writers as world-rank matrices (param_store.h). */
#include "params/param_store.h"
#include "params/param_warm.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "input/options.h"
#include "lifecycle/interrupt.h"
#include "models/param_classes.h"

static const struct params_entry *entry(const struct param_store *s,
                                        const struct topology *t)
{
    for (int i = 0; i < s->n; i++)
        if (s->e[i].topo == t)
            return &s->e[i];
    return NULL;
}

const struct params *stored_params(const struct param_store *s,
                                   const struct topology *t)
{
    const struct params_entry *e = entry(s, t);
    return e && e->pm.p ? &e->pm : NULL;
}

const struct loggp *stored_loggp(const struct param_store *s,
                                 const struct topology *t)
{
    const struct params_entry *e = entry(s, t);
    return e && e->lg.p ? &e->lg : NULL;
}

/* Collective: a matrix over the communicator's ranks (cols = its size,
 * depth values a cell, held on the communicator's rank 0; or 1 for one
 * value per rank, held on every rank) as a world-rank matrix on rank 0,
 * NaN outside the communicator and on the diagonal; NULL elsewhere.  The
 * communicator's rank 0 deals each rank its row, which goes on to world
 * rank 0: no other rank holds more than a row. */
static double *world_matrix(const struct world *w, const struct topo_comm *tc,
                            const double *cm, int cols, int depth)
{
    int p = w->size, width = cols == 1 ? 1 : p * depth;
    double *row = xmalloc_array((size_t)width, sizeof *row);
    for (int i = 0; i < width; i++)
        row[i] = NAN;
    if (tc->comm != MPI_COMM_NULL) {
        int c, n;
        MPI_Comm_rank(tc->comm, &c);
        MPI_Comm_size(tc->comm, &n);
        if (cols == 1) {
            row[0] = cm[c];
        } else {
            double *mine = xmalloc_array((size_t)n * depth, sizeof *mine);
            MPI_Scatter(cm, n * depth, MPI_DOUBLE, mine, n * depth, MPI_DOUBLE, 0,
                        tc->comm);
            for (int j = 0; j < n; j++)
                for (int k = 0; k < depth; k++)
                    row[(size_t)tc->places[j].rank * depth + k] =
                        j == c ? NAN : mine[(size_t)j * depth + k];
            free(mine);
        }
    }
    double *all = w->rank == 0 ? xmalloc_array((size_t)p * width, sizeof *all)
                                      : NULL;
    MPI_Gather(row, width, MPI_DOUBLE, all, width, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    free(row);
    return all;
}

static void add_deep(struct param_matrices *mx, const struct world *w,
                     const struct topo_comm *tc, enum param_file file,
                     const double *cm, int cols, int depth)
{
    struct param_matrix *x = &mx->m[mx->n++];
    x->file = file;
    x->cols = cols == 1 ? 1 : mx->p;
    x->depth = depth;
    x->v = world_matrix(w, tc, cm, cols, depth);
}

static void add(struct param_matrices *mx, const struct world *w,
                const struct topo_comm *tc, enum param_file file,
                const double *cm, int cols)
{
    add_deep(mx, w, tc, file, cm, cols, 1);
}

/* Collective: the tails, as doubles, when every rank of the topology's
 * communicators kept them (all or none: the same p <= PARAM_TAIL_MAX_P
 * everywhere would not hold for communicators of different sizes) */
static void add_tail(struct param_matrices *mx, const struct world *w,
                     const struct topo_comm *tc, enum param_file file,
                     const struct params *pm)
{
    const float *tail = pm->m[file];       /* the communicator's rank 0's */
    int have = tc->comm == MPI_COMM_NULL || pm->measured[file];
    MPI_Allreduce(MPI_IN_PLACE, &have, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (!have)
        return;
    size_t n = tail ? param_values(file, pm->p) : 0;
    double *v = xmalloc_array(n + 1, sizeof *v);
    for (size_t i = 0; i < n; i++)
        v[i] = tail[i];
    add_deep(mx, w, tc, file, v, 0, PARAM_TAIL_BINS);
    free(v);
}

/* Collective: one matrix of the table; n: this rank measured it (it is in
 * one of the topology's communicators) */
static void add_model(struct param_matrices *mx, const struct world *w,
                      const struct topo_comm *tc, enum param_file f,
                      const struct params *pm, int n)
{
    switch (param_files[f].cells) {
    case CELLS_TAIL:
        add_tail(mx, w, tc, f, pm);
        break;
    case CELLS_RANK:
        add(mx, w, tc, f, n ? pm->m[f] : NULL, 1);
        break;
    default:
        add(mx, w, tc, f, n ? pm->m[f] : NULL, 0);
    }
}

/* by classes: how many, how many pairs measured, what the spot-check found */
static void say_classes(char *how, size_t len, const struct params *pm)
{
    const struct class_table *t = pm->classes;
    int live = 0, split = 0, full = 0, spot = 0, off = 0;
    for (int k = 0; k < t->n; k++) {
        live += t->c[k].how != CLASS_GONE;
        split += t->c[k].how == CLASS_GONE;
        full += t->c[k].how == CLASS_FULL;
        spot += t->c[k].spot;
        off += t->c[k].spot_off;
    }
    int in_rounds = 0;
    for (int k = 0; k < t->npairs; k++)
        in_rounds += t->pair[k].round >= 0;
    snprintf(how, len, "measured by classes of pairs: %d classes, %ld of %ld pairs "
             "measured (%d in %d rounds of disjoint pairs at once, the rest in "
             "turn; %d spot-checked, %d beyond %.0f%% + %.1f us of their class; "
             "%d classes split, %d measured in full)", live, pm->pairs_measured,
             (long)pm->p * (pm->p - 1) / 2, in_rounds, t->nrounds, spot, off,
             100 * CLASS_BOUND_REL, CLASS_BOUND_ABS, split, full);
}

/* how far each p x p matrix moved between the two measurements of the
 * pairs measured again (params.c), appended at how + at */
static void say_drift(char *how, size_t len, size_t at, const struct params *pm)
{
    int any = 0;
    for (int f = 0; f < PF_MODEL_COUNT && at < len; f++) {
        if (!isfinite(pm->drift[f]))
            continue;
        at += (size_t)snprintf(how + at, len - at, "%s %s %.1f%%",
                               any++ ? "," : "; measured again, the parameters of "
                               "those pairs moved by (median)", param_files[f].name,
                               100 * pm->drift[f]);
    }
}

/* how the matrices were measured, a sentence for the report: in rounds,
 * the checked matrices in their places (models/param_files.h), then how
 * far they drifted */
static void say_measured(char *how, size_t len, const struct params *pm)
{
    if (pm->classes) {
        say_classes(how, len, pm);
        return;
    }
    if (!pm->rounds) {
        size_t at = (size_t)snprintf(how, len, "measured pair by pair, every ordered "
                                     "pair in turn, %d pair%s measured again", pm->verified,
                                     pm->verified == 1 ? "" : "s");
        say_drift(how, len, at, pm);
        return;
    }
    size_t at = (size_t)snprintf(how, len, "measured in %d rounds of disjoint pairs "
                                 "at once (%d repetitions over 1 KiB); %d pairs "
                                 "measured again alone differ by at most",
                                 pm->rounds, PARAM_BIG_REPS, pm->verified);
    for (int place = 1; place <= PF_MODEL_COUNT; place++)
        for (int f = 0; f < PF_MODEL_COUNT; f++)
            if (param_files[f].checked == place && at < len)
                at += (size_t)snprintf(how + at, len - at, "%s %.1f%% in %s",
                                       place > 1 ? "," : "", 100 * pm->dev[f],
                                       param_files[f].name);
    say_drift(how, len, at < len ? at : len, pm);
}

static void add_loggp(struct param_matrices *mx, const struct world *w,
                      const struct topo_comm *tc, const struct loggp *lg)
{
    add(mx, w, tc, PF_LOGGP_L, lg->L, 0);
    add(mx, w, tc, PF_LOGGP_OS, lg->os, 0);
    add(mx, w, tc, PF_LOGGP_OR, lg->orr, 0);
    add(mx, w, tc, PF_LOGGP_G, lg->g, 0);
    add(mx, w, tc, PF_LOGGP_BIG_G, lg->G, 0);
    add(mx, w, tc, PF_HOCKNEY_ALPHA, lg->alpha, 0);
    add(mx, w, tc, PF_HOCKNEY_BETA, lg->beta, 0);
}

/* say_measured, after the warm exchange where there was one */
static void say_how(char *how, size_t len, const struct params *pm)
{
    size_t at = 0;
    if (pm->warmed)
        at = (size_t)snprintf(how, len, "every pair's path warmed first (%d round "
                              "trips of 0 bytes and one of 1 MiB), then ", PARAM_WARM_TRIPS);
    say_measured(how + (at < len ? at : len), len - (at < len ? at : len), pm);
}

/* Collective: every matrix of the topology to the writers */
static void hand_on(const struct param_store *s, const struct topo_comm *tc,
                    const struct params_entry *e)
{
    const struct params *pm = &e->pm;
    const struct world *w = s->world;
    int n = tc->comm != MPI_COMM_NULL;
    struct param_matrices mx = {.p = w->size};
    for (int f = 0; f < PF_MODEL_COUNT; f++)
        add_model(&mx, w, tc, f, pm, n);
    if (s->loggp)
        add_loggp(&mx, w, tc, &e->lg);
    say_how(mx.how, sizeof mx.how, pm);
    mx.classes = pm->classes;
    mx.places = tc->places;
    mx.cost_s = pm->cost_s;
    mx.pairs_measured = pm->pairs_measured;
    mx.remeasured = pm->classes ? 0 : pm->verified;
    memcpy(mx.drift, pm->drift, sizeof mx.drift);
    if (w->rank == 0 && s->on_params)
        s->on_params(s->sink, tc->topo, &mx);
    for (int i = 0; i < mx.n; i++)
        free(mx.m[i].v);
}

int store_measure(struct param_store *s, const struct topo_comm *tc)
{
    if (entry(s, tc->topo))
        return 0;
    s->e = xrealloc(s->e, (size_t)(s->n + 1) * sizeof *s->e);
    struct params_entry *e = &s->e[s->n++];
    memset(e, 0, sizeof *e);
    e->topo = tc->topo;
    int sig = 0, size = 0;
    if (tc->comm != MPI_COMM_NULL)
        MPI_Comm_size(tc->comm, &size);
    int classes = s->how == PARAMS_CLASSES ||
                  (s->how == PARAMS_AUTO && size > PARAM_CLASSES_ABOVE);
    if (tc->comm != MPI_COMM_NULL)
        sig = classes ? params_measure_classes(tc->comm, tc->places, &e->pm)
                      : params_measure(tc->comm, &e->pm);
    if (tc->comm != MPI_COMM_NULL && s->loggp && !sig)
        sig = loggp_measure(tc->comm, &e->lg);
    /* a signal stopped some communicator's measurement: no rank hands on
     * (or writes) matrices, and the run ends after this record */
    if ((sig = interrupt_agreed()))
        return sig;
    hand_on(s, tc, e);
    return 0;
}

void store_free(struct param_store *s)
{
    for (int i = 0; i < s->n; i++) {
        params_free(&s->e[i].pm);
        loggp_free(&s->e[i].lg);
    }
    free(s->e);
    s->e = NULL;
    s->n = 0;
}
