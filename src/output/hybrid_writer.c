/* hybrid_writer.c: what the writers say of a HYBRID record: its pattern file
 * (which runs again as FILE:path), the groups and choices in the prose,
 * and the same in run.json's "hybrid" object. */
#include "output/hybrid_writer.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include "output/io_check.h"

/* "<data file stem>.hybrid.pat" */
static void hybrid_file_name(const struct result *res, char *out, size_t len)
{
    snprintf(out, len, "%.*s.hybrid.pat", (int)(strlen(res->file) - 4), res->file);
}

/* the groups as "{0 1} {2 3}" in world ranks */
static void groups_text(const struct hybrid_info *hi, char *out, size_t len)
{
    size_t n = 0;
    out[0] = 0;
    for (int g = 0; g < hi->h.ngroups && n + 1 < len; g++) {
        n += (size_t)snprintf(out + n, len - n, "%s{", g ? " " : "");
        const char *sep = "";
        for (int i = 0; i < hi->h.p && n + 1 < len; i++)
            if (hi->h.group[i] == g) {
                n += (size_t)snprintf(out + n, len - n, "%s%d", sep, hi->world[i]);
                sep = " ";
            }
        if (n + 1 < len)
            n += (size_t)snprintf(out + n, len - n, "}");
    }
}

void hybrid_pattern_file(struct writer *w, const struct result *res)
{
    const struct hybrid_info *hi = res->hybrid;
    char name[sizeof res->file + 16], path[sizeof w->dir + sizeof name + 2];
    hybrid_file_name(res, name, sizeof name);
    snprintf(path, sizeof path, "%s/%s", w->dir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        io_failed(path);
        return;
    }
    char groups[1024], where[96];
    groups_text(hi, groups, sizeof groups);
    fprintf(f, "# HYBRID barrier built by mpigauge from the measured O_ij of record %d "
            "(%s): groups %s; inside them ", res->index,
            record_place(res->rec, where, sizeof where), groups);
    for (int g = 0; g < hi->h.ngroups; g++)
        fprintf(f, "%s%s", g ? ", " : "", hybrid_candidate(hi->h.choice[g]));
    fprintf(f, "; among the pivots %s.%s%s%s  Ranks are the communicator's.\n"
            "# Runs again as: BARRIER INT 0 0 ADD 1 <topology> FILE:<this file> 0\n",
            hybrid_candidate(hi->h.top), hi->h.chose_flat ? "  The model rated " : "",
            hi->h.chose_flat ? hybrid_candidate(hi->h.flat) : "",
            hi->h.chose_flat ? " over all ranks faster: this file is that flat pattern." : "");
    fprintf(f, "ranks %d\n", hi->h.bp.p);
    for (int s = 0; s < hi->h.bp.nstages; s++) {
        fprintf(f, "stage\n");
        for (int e = 0; e < hi->h.bp.st[s].n; e++)
            fprintf(f, "%d %d\n", hi->h.bp.st[s].e[e].from, hi->h.bp.st[s].e[e].to);
    }
    io_close_whole(f, path);
}

void report_hybrid(struct writer *w, const struct result *res)
{
    const struct hybrid_info *hi = res->hybrid;
    char groups[1024], name[sizeof res->file + 16];
    groups_text(hi, groups, sizeof groups);
    hybrid_file_name(res, name, sizeof name);
    say(w, "  HYBRID: %d group%s by measured %s%s (world ranks) %s; ", hi->h.ngroups,
        hi->h.ngroups == 1 ? "" : "s", param_files[hi->h.grouped_by].name,
        hi->h.grouped_by == PF_OIJ ? "" : " (O_ij alike on every pair)", groups);
    say(w, "the nodes %s%s.\n", hi->disagree[0] ? "disagree: " : "agree",
        hi->disagree);
    say(w, "  Inside the groups:");
    for (int g = 0; g < hi->h.ngroups; g++)
        say(w, " %s", hybrid_candidate(hi->h.choice[g]));
    say(w, "; among the pivots: %s.\n", hybrid_candidate(hi->h.top));
    if (hi->h.ngroups > 1)
        say(w, "  The model rates that grouped barrier %.3f us and the fastest pattern flat "
            "over all ranks, %s, %.3f us: HYBRID runs the %s.\n", hi->h.grouped_us,
            hybrid_candidate(hi->h.flat), hi->h.flat_us,
            hi->h.chose_flat ? "flat one (the model's choice)" : "grouped one");
    say(w, "  %d stages, %ld signals, pattern file %s.\n", hi->h.bp.nstages,
        bpattern_edges(&hi->h.bp), name);
    say(w, "  Beside it on the same communicator (%ld barriers each; mean per-iteration "
        "maximum, predicted):", hi->iters);
    for (int a = 0; a < HYBRID_ALTS; a++) {
        say(w, " %s %.3f us", hi->alt[a].name, hi->alt[a].measured_us);
        if (isfinite(hi->alt[a].pred_us))
            say(w, " (%.3f)", hi->alt[a].pred_us);
        say(w, "%s", a + 1 < HYBRID_ALTS ? ";" : ".\n");
    }
}

static json_t *num_or_null(double x)
{
    return isfinite(x) ? json_real(x) : json_null();
}

json_t *hybrid_json(const struct result *res)
{
    const struct hybrid_info *hi = res->hybrid;
    char name[sizeof res->file + 16];
    hybrid_file_name(res, name, sizeof name);
    json_t *groups = json_array(), *alts = json_array();
    for (int g = 0; g < hi->h.ngroups; g++) {
        json_t *ranks = json_array();
        for (int i = 0; i < hi->h.p; i++)
            if (hi->h.group[i] == g)
                json_array_append_new(ranks, json_integer(hi->world[i]));
        json_array_append_new(groups, json_pack("{s:o,s:i,s:s,s:o}", "world_ranks", ranks,
                              "pivot", hi->world[hi->h.pivot[g]], "pattern",
                              hybrid_candidate(hi->h.choice[g]), "pred_us",
                              num_or_null(hi->h.choice[g] >= 0 ? hi->h.choice_us[g] : NAN)));
    }
    for (int a = 0; a < HYBRID_ALTS; a++)
        json_array_append_new(alts, json_pack("{s:s,s:o,s:o}", "pattern", hi->alt[a].name,
                              "measured_us", num_or_null(hi->alt[a].measured_us),
                              "pred_us", num_or_null(hi->alt[a].pred_us)));
    json_t *j = json_pack("{s:o,s:s,s:o,s:s?,s:o,s:s,s:I,s:o}", "groups", groups,
                          "top", hybrid_candidate(hi->h.top), "top_pred_us",
                          num_or_null(hi->h.top >= 0 ? hi->h.top_us : NAN),
                          "disagreements", hi->disagree[0] ? hi->disagree : NULL,
                          "pred_us", num_or_null(hi->pred_us), "pattern_file", name,
                          "iters", (json_int_t)hi->iters, "compared", alts);
    /* the model's choice between the grouped barrier and the fastest flat one */
    json_object_set_new(j, "choice", json_pack("{s:s,s:o,s:s,s:o}", "runs",
                        hi->h.chose_flat ? "flat" : "grouped", "grouped_pred_us",
                        num_or_null(hi->h.grouped_us), "flat", hybrid_candidate(hi->h.flat),
                        "flat_pred_us", num_or_null(hi->h.flat_us)));
    return j;
}
