/* classes_file.c: how the pairwise parameters were measured, beside the
 * matrices and in run.json: with --params classes the class table and
 * the spot-checks (params-<topology>-classes.dat), and for every
 * topology run.json's "params" member (the mode, the cost, the classes) */
#include "output/output.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "models/param_classes.h"
#include "output/io_check.h"

static const char *how_word[] = {"sampled", "split", "full", "split-into-others"};
static const char *role_word[] = {"sample", "spot-check", "split", "full"};

static json_t *num(double x)
{
    return isfinite(x) ? json_real(x) : json_null();
}

static json_t *class_json(const struct class_table *t, int k)
{
    const struct param_class *c = &t->c[k];
    char label[160];
    class_label(t, k, label, sizeof label);
    json_t *v = json_object();
    for (int f = 0; f < PF_MODEL_COUNT; f++)
        if (param_files[f].cells == CELLS_PAIR)
            json_object_set_new(v, param_files[f].what, num(c->v[f]));
    return json_pack("{s:i,s:s,s:b,s:i,s:o,s:s,s:I,s:i,s:i,s:i,s:o,s:o,s:o}",
        "class", k, "label", label, "same_node", c->same_node, "level", c->level,
        "parent", c->parent >= 0 ? json_integer(c->parent) : json_null(),
        "how", how_word[c->how], "pairs", (json_int_t)c->pairs,
        "sampled", c->sampled, "spot_checked", c->spot, "spot_off", c->spot_off,
        "worst", num(c->worst), "worst_matrix", c->worst_file >= 0
        ? json_string(param_files[c->worst_file].name) : json_null(), "us", v);
}

static json_t *spots_json(const struct class_table *t, const struct place *pl)
{
    json_t *a = json_array();
    for (int k = 0; k < t->npairs; k++) {
        const struct class_pair *q = &t->pair[k];
        if (q->role == ROLE_SPOT)
            json_array_append_new(a, json_pack("{s:[ii],s:i,s:o,s:b}", "pair",
                                  pl[q->i].rank, pl[q->j].rank, "class", q->cls,
                                  "difference", num(q->dev), "beyond_bound", q->off));
    }
    return a;
}

static json_t *classes_json(const struct param_matrices *m)
{
    const struct class_table *t = m->classes;
    json_t *cs = json_array();
    for (int k = 0; k < t->n; k++)
        json_array_append_new(cs, class_json(t, k));
    return json_pack("{s:f,s:f,s:i,s:b,s:o,s:o}", "bound_relative", CLASS_BOUND_REL,
                     "bound_us", CLASS_BOUND_ABS, "sample", CLASS_SAMPLE,
                     "network_links_known", t->hops_known, "table", cs,
                     "spot_checks", spots_json(t, m->places));
}

/* how far each matrix moved between two measurements of the same pairs:
 * {"pairs": N, "Oij": fraction, ...} (the matrices' file names, params-T-Oij.dat)
 * for those measured again;
 * null where none were (by classes) */
static json_t *drift_json(const struct param_matrices *m)
{
    if (!m->remeasured)
        return json_null();
    json_t *d = json_pack("{s:i}", "pairs", m->remeasured);
    for (int f = 0; f < PF_MODEL_COUNT; f++)
        if (isfinite(m->drift[f]))
            json_object_set_new(d, param_files[f].what, json_real(m->drift[f]));
    return d;
}

static void add_json(struct writer *w, const struct topology *t,
                     const struct param_matrices *m)
{
    if (!w->params_json)
        w->params_json = json_object();
    json_t *o = json_pack("{s:s,s:s,s:f,s:I,s:I}", "mode", m->classes ? "classes" : "full",
                          "how", m->how, "cost_s", m->cost_s, "pairs_measured",
                          (json_int_t)m->pairs_measured, "pairs",
                          (json_int_t)m->p * (m->p - 1) / 2);
    json_object_set_new(o, "classes", m->classes ? classes_json(m) : json_null());
    json_object_set_new(o, "drift", drift_json(m));
    json_object_set_new(w->params_json, t->name, o);
}

static void write_table(FILE *f, const struct class_table *t)
{
    fprintf(f, "# class how pairs sampled spot_checked spot_off worst parent");
    for (int g = 0; g < PF_MODEL_COUNT; g++)
        if (param_files[g].cells == CELLS_PAIR)
            fprintf(f, " %s", param_files[g].what);
    fprintf(f, " label\n");
    for (int k = 0; k < t->n; k++) {
        const struct param_class *c = &t->c[k];
        char label[160];
        class_label(t, k, label, sizeof label);
        fprintf(f, "%d %s %ld %d %d %d %.4f %d", k, how_word[c->how], c->pairs,
                c->sampled, c->spot, c->spot_off, c->worst, c->parent);
        for (int g = 0; g < PF_MODEL_COUNT; g++)
            if (param_files[g].cells == CELLS_PAIR)
                fprintf(f, " %.4f", c->v[g]);
        fprintf(f, " \"%s\"\n", label);
    }
}

static void write_pairs(FILE *f, const struct class_table *t, const struct place *pl)
{
    fprintf(f, "\n\n# measured pairs (world ranks): i j class role round "
            "difference beyond_bound (round: of disjoint pairs at once, -1 alone; "
            "spot-checks: the largest relative difference from the class's value "
            "over the matrices checked, both ways)\n");
    for (int k = 0; k < t->npairs; k++) {
        const struct class_pair *q = &t->pair[k];
        fprintf(f, "%d %d %d %s %d %.4f %d\n", pl[q->i].rank, pl[q->j].rank, q->cls,
                role_word[q->role], q->round, q->role == ROLE_SPOT ? q->dev : 0.0,
                q->off);
    }
}

void writer_param_classes(struct writer *w, const struct topology *t,
                          const struct param_matrices *m)
{
    add_json(w, t, m);
    if (!m->classes)
        return;
    char name[128], path[sizeof w->dir + 160];
    param_classes_name(t->name, name, sizeof name);
    snprintf(path, sizeof path, "%s/%s", w->dir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        io_failed(path);
        return;
    }
    fprintf(f, "# mpigauge %s: the pairwise parameters by classes of pairs on %s "
            "(--params classes; docs/models.md): every pair of a class holds its "
            "value in the params-*.dat matrices\n# %s\n# a spot-checked pair is "
            "beyond the bound where it differs from its class's value by more "
            "than %.0f%% + %.1f us in a matrix; the network's links %s\n",
            MPIGAUGE_VERSION, t->name, m->how, 100 * CLASS_BOUND_REL, CLASS_BOUND_ABS,
            m->classes->hops_known ? "from the simulated platform's routes"
                                   : "unknown (a real MPI does not say them)");
    write_table(f, m->classes);
    write_pairs(f, m->classes, m->places);
    io_close_whole(f, path);
}

void writer_params_json(struct writer *w, void *root)
{
    if (w->params_json)
        json_object_set(root, "params", w->params_json);
}
