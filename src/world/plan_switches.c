/* plan_switches.c: --validate's suggestion of a cvar= sweep for a
 * point-to-point or streaming record whose sizes span a protocol switch
 * the library being run announces: a protocol variable of its MPI_T
 * snapshot or environment (base/protocol_vars.h; the record's own cvar=
 * first) whose size lies within the record's.  The sweep is the record
 * again at half and at twice the variable's value: the switch point the
 * run finds (docs/output.md, Switch points) should move with it where
 * that variable sets it.  A variable MPI_T cannot write after MPI_Init
 * (Open MPI's btl_* are read-only there), or one from the environment, is
 * swept by launching with its environment variable instead. */
#include "world/plan.h"

#include <math.h>
#include <mpi.h>
#include <string.h>
#include <strings.h>
#include "base/protocol_vars.h"
#include "registry/record_view.h"

enum { MOST_VARS = 64 };

/* the value r's own cvar= gives name, or NULL */
static const char *record_value(const struct record *r, const char *name)
{
    for (int k = 0; k < r->ncvars; k++)
        if (strcasecmp(r->cvar[k].name, name) == 0)
            return r->cvar[k].value;
    return NULL;
}

/* the environment variable that sets v before MPI starts: MPICH reads its
 * MPIR_CVAR_ names there as they are, Open MPI its MCA parameters as
 * OMPI_MCA_<name> */
static void env_name(const struct protocol_var *v, char *out, size_t len)
{
    int upper = strncmp(v->name, "MPIR_CVAR_", 10) == 0;
    snprintf(out, len, "%s%s", strcasecmp(v->source, "environment") == 0 || upper ? ""
                                                                              : "OMPI_MCA_",
             v->name);
}

static void suggest_sweep(const struct protocol_var *v, double lo, double hi, FILE *out)
{
    long long half = (long long)(v->bytes / 2), twice = (long long)(v->bytes * 2);
    char value[32], why[256] = "", env[160];
    struct cvar_set set;
    snprintf(value, sizeof value, "%lld", half);
    int settable = strcasecmp(v->source, "environment") != 0 &&
                   mpit_resolve(v->name, value, &set, why, sizeof why) == 0;
    fprintf(out, "  switch point: %s=%s (%s) lies within the sizes (%.0f .. %.0f bytes)",
            v->name, v->value, v->source, lo, hi);
    if (settable) {
        fprintf(out, "; to see it move, the record again with cvar=%s:%lld and with "
                "cvar=%s:%lld\n", v->name, half, v->name, twice);
        return;
    }
    env_name(v, env, sizeof env);
    fprintf(out, "; to see it move, launch the record again with %s=%lld and with "
            "%s=%lld%s%s%s\n", env, half, env, twice, why[0] ? " (cvar= cannot: " : "", why,
            why[0] ? ")" : "");
}

void plan_print_switches(const struct planned *p, const struct world *w, FILE *out)
{
    const struct record *r = p->rec;
    if (!record_holds(r, p->tc->max_size).switches)
        return;
    int size;
    MPI_Type_size(type_handle(r->dt), &size);
    double lo = (double)r->min * size, hi = (double)r->max * size;
    struct protocol_var v[MOST_VARS];
    int n = protocol_vars(w->cvars, w->ncvars, v, MOST_VARS);
    for (int i = 0; i < n; i++) {
        const char *own = record_value(r, v[i].name);
        if (own) {
            snprintf(v[i].value, sizeof v[i].value, "%s", own);
            v[i].bytes = protocol_bytes(own);
            v[i].source = "record cvar=";
        }
        if (isfinite(v[i].bytes) && v[i].bytes > 0 && v[i].bytes >= lo && v[i].bytes <= hi)
            suggest_sweep(&v[i], lo, hi, out);
    }
}
