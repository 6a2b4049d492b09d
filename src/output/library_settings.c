/* library_settings.c: the environment variables and MPI_T control variables that
 * change what an MPI library does, recorded with every run (run.json's
 * "settings", every data file's header), so that two runs can be told
 * apart later.  The environment is rank 0's: a launcher passes the same
 * to every rank unless told otherwise. */
#include "output/library_settings.h"

#include <stdlib.h>
#include <string.h>

extern char **environ;

/* MPICH (MPIR_CVAR_, MPICH_), Open MPI (OMPI_, OMPI_MCA_ is in OMPI_),
 * PMIx, UCX, libfabric, Intel MPI, and Slurm's job geometry */
static const char *const prefixes[] = {
    "UCX_", "MPIR_CVAR_", "MPICH_", "OMPI_", "PMIX_MCA_", "FI_", "I_MPI_",
    "SLURM_NNODES=", "SLURM_JOB_NUM_NODES=", "SLURM_NTASKS=", "SLURM_NPROCS=",
    "SLURM_TASKS_PER_NODE=", "SLURM_NTASKS_PER_NODE=", "SLURM_CPUS_PER_TASK=",
    "SLURM_JOB_NODELIST=", "SLURM_DISTRIBUTION=", "SLURM_CPU_BIND="};

static int wanted(const char *entry)
{
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
        if (strncmp(entry, prefixes[i], strlen(prefixes[i])) == 0)
            return 1;
    return 0;
}

static int by_text(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* rank 0's environment variables that configure MPI libraries, their
 * transports and the job's geometry (the prefixes above), sorted
 * by name, into out[0..max); returns how many there are */
static size_t settings_env(const char **out, size_t max)
{
    size_t n = 0;
    for (char **e = environ; e && *e; e++)
        if (wanted(*e)) {
            if (n < max)
                out[n] = *e;
            n++;
        }
    qsort(out, n < max ? n : max, sizeof *out, by_text);
    return n;
}

enum { MAX_ENV = 512 };

json_t *settings_json(const struct run_info *in)
{
    const char *env[MAX_ENV];
    size_t n = settings_env(env, MAX_ENV);
    json_t *e = json_object(), *c = json_object();
    for (size_t i = 0; i < n && i < MAX_ENV; i++) {
        const char *eq = strchr(env[i], '=');
        char name[256];
        snprintf(name, sizeof name, "%.*s", (int)(eq - env[i]), env[i]);
        json_object_set_new(e, name, json_string(eq + 1));
    }
    for (int i = 0; i < in->ncvars; i++)
        json_object_set_new(c, in->cvars[i].name, json_string(in->cvars[i].value));
    return json_pack("{s:o,s:o}", "environment", e, "cvars", c);
}

json_t *record_cvars_json(const struct result *res)
{
    const struct record *r = res->rec;
    if (!r->ncvars)
        return NULL;
    json_t *list = json_array();
    for (int i = 0; i < r->ncvars; i++)
        json_array_append_new(list, json_pack("{s:s,s:s,s:i,s:i}", "name", r->cvar[i].name,
                              "value", r->cvar[i].value, "mpit_value", res->cvar_value[i],
                              "was", res->cvar_was[i]));
    return list;
}

void settings_lines(FILE *f, const struct run_info *in, const struct result *res)
{
    const char *env[MAX_ENV];
    size_t n = settings_env(env, MAX_ENV);
    for (size_t i = 0; i < n && i < MAX_ENV; i++)
        fprintf(f, "# env %s\n", env[i]);
    fprintf(f, "# MPI_T control variables at start: %d (their values: run.json's "
            "settings.cvars)\n", in->ncvars);
    const struct record *r = res->rec;
    for (int i = 0; i < r->ncvars; i++)
        fprintf(f, "# cvar %s=%s (MPI_T value %d, read back; it was %d and is "
                "restored after the record)\n", r->cvar[i].name, r->cvar[i].value,
                res->cvar_value[i], res->cvar_was[i]);
    if (res->facts.library)    /* the family's (the I/O family's hints given) */
        fputs(res->facts.library, f);
}
