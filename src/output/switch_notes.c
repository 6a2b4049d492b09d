/* switch_notes.c: a record's switch points in run.json and report.txt,
 * each with the library's protocol variables whose size lies at it.
 *
 * A variable sets a switch when its value, in bytes, lies between the
 * last size below the switch and the first above it (both included: a
 * protocol that ends at 65536 bytes sends 65536 eagerly and 131072 by
 * rendezvous, and the header a library adds may move the knee by a
 * size).  A record's own cvar= value stands in for the run's. */
#include "output/switch_notes.h"

#include <math.h>
#include <stdio.h>
#include <strings.h>
#include "base/protocol_vars.h"

enum { MOST_VARS = 64 };

/* the run's protocol variables, with the record's cvar= values */
static int record_vars(const struct run_info *in, const struct result *res,
                       struct protocol_var *v)
{
    int n = protocol_vars(in->cvars, in->ncvars, v, MOST_VARS);
    const struct record *r = res->rec;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < r->ncvars; k++)
            if (strcasecmp(v[i].name, r->cvar[k].name) == 0) {
                snprintf(v[i].value, sizeof v[i].value, "%s", r->cvar[k].value);
                v[i].bytes = protocol_bytes(v[i].value);
                v[i].source = "record cvar=";
            }
    return n;
}

static int sets(const struct protocol_var *v, const struct switch_point *sp)
{
    return isfinite(v->bytes) && v->bytes >= sp->below_bytes && v->bytes <= sp->above_bytes;
}

static json_t *vars_json(const struct protocol_var *v, int n, const struct switch_point *sp,
                         int at)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        if (!sp || sets(&v[i], sp) == at)
            json_array_append_new(a, json_pack("{s:s,s:s,s:s}", "name", v[i].name, "value",
                                               v[i].value, "source", v[i].source));
    return a;
}

/* z and F are infinite where the lines fit their points exactly */
static json_t *number(double x)
{
    return isfinite(x) ? json_real(x) : json_null();
}

json_t *switch_points_json(const struct run_info *in, const struct result *res)
{
    if (!res->holds.switches)
        return NULL;
    struct protocol_var v[MOST_VARS];
    int n = record_vars(in, res, v);
    json_t *list = json_array();
    for (int i = 0; i < res->nswitches; i++) {
        const struct switch_point *sp = &res->switches[i];
        json_array_append_new(list, json_pack(
            "{s:f,s:f,s:f,s:f,s:f,s:f,s:o,s:o,s:o,s:o,s:o}", "below_bytes", sp->below_bytes,
            "above_bytes", sp->above_bytes, "slope_below_us_per_byte", sp->slope_below,
            "slope_above_us_per_byte", sp->slope_above, "intercept_below_us", sp->a_below,
            "intercept_above_us", sp->a_above, "z", number(sp->z), "f", number(sp->f),
            "f_critical", number(sp->f_crit), "variables", vars_json(v, n, sp, 1), "other_variables",
            vars_json(v, n, sp, 0)));
    }
    return list;
}

/* the variables that set sp, or else the run's others, in a sentence */
static void say_vars(FILE *f, const struct protocol_var *v, int n,
                     const struct switch_point *sp)
{
    int at = 0;
    for (int i = 0; i < n; i++)
        at += sets(&v[i], sp);
    if (at)
        fprintf(f, " Set by");
    else if (n)
        fprintf(f, " No protocol variable of this run lies between them; the run's are");
    else
        fprintf(f, " This run's MPI_T variables and environment name no protocol size.\n");
    for (int i = 0, k = 0; i < n; i++)
        if (sets(&v[i], sp) == (at > 0))
            fprintf(f, "%s %s=%s (%s)", k++ ? "," : "", v[i].name, v[i].value, v[i].source);
    if (n)
        fprintf(f, ".\n");
}

static void switch_lines(FILE *f, const struct run_info *in, const struct result *res)
{
    if (!res->nswitches) {
        fprintf(f, "  Switch points: none (no change of slope beyond the points' noise "
                "over %zu sizes).\n", res->npts);
        return;
    }
    struct protocol_var v[MOST_VARS];
    int n = record_vars(in, res, v);
    for (int i = 0; i < res->nswitches; i++) {
        const struct switch_point *sp = &res->switches[i];
        fprintf(f, "  Switch point: between %.0f and %.0f bytes the slope goes from %.6g to "
                "%.6g us per byte (lines %.3f + %.6g x and %.3f + %.6g x us; F %.1f against "
                "%.1f, the slopes %.1f standard errors apart).", sp->below_bytes,
                sp->above_bytes, sp->slope_below, sp->slope_above, sp->a_below,
                sp->slope_below, sp->a_above, sp->slope_above, sp->f, sp->f_crit, sp->z);
        say_vars(f, v, n, sp);
    }
}

char *switch_prose(const struct run_info *in, const struct result *res)
{
    if (!res->holds.switches || res->npts < 2 * SWITCH_MIN_POINTS)
        return NULL;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    switch_lines(f, in, res);
    fclose(f);
    return text;
}
