/* fingerprint.c: run.json's "fingerprint" (fingerprint.h).
 *
 * Two launches of the same job on the same nodes must give the same
 * fingerprint, so what differs from launch to launch by construction is
 * left out: the result folder and --shuffle's seed among the options, and
 * among the environment the launcher's identifiers (seen differing between
 * two launches of Open MPI 4.1: OMPI_ARGV, OMPI_FILE_LOCATION,
 * OMPI_MCA_ess_base_jobid, OMPI_MCA_orte_hnp_uri,
 * OMPI_MCA_orte_jobfam_session_dir, OMPI_MCA_orte_local_daemon_uri,
 * OMPI_MCA_orte_precondition_transports; its command line, OMPI_COMMAND,
 * differs under a wrapper; and Slurm's node list): the exact names and
 * anchored patterns of registry/launch_names.c.  The MPI_T control variables are
 * many (322 under MPICH 4.0.2): the fingerprint holds their hash, and a
 * comparison that finds two hashes differ names the variables from
 * run.json's settings. */
#include "output/fingerprint.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/hash.h"
#include "base/smpi.h"
#include "registry/launch_names.h"
#include "input/options.h"
#include "output/job.h"

/* 1 when an environment variable names this launch alone
 * (registry/launch_names.c); such a name is left out of the fingerprint */
static int names_one_launch(const char *name)
{
    return launch_name_family(name) != NULL;
}

/* options that do not change what is measured, only where it goes or
 * what is said */
static int option_is_incidental(const char *key)
{
    static const char *const keys[] = {"output", "shuffle", "quiet", "keep_going",
                                       "raw", "scratch"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (strcmp(key, keys[i]) == 0)
            return 1;
    return 0;
}

/* the compiler, optimisation, sanitizers and PAPI: what makes one build's
 * times differ from another's of the same version */
static void build_text(char *out, size_t len)
{
#if defined(__clang__)
    const char *cc = "clang";
#elif defined(__GNUC__)
    const char *cc = "gcc";
#else
    const char *cc = "cc";
#endif
#ifdef __OPTIMIZE__
    const char *opt = "optimised";
#else
    const char *opt = "not optimised";
#endif
    int san = 0;
#if defined(__SANITIZE_ADDRESS__)
    san = 1;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    san = 1;
#endif
#endif
#ifdef HAVE_PAPI
    const char *papi = "PAPI";
#else
    const char *papi = "no PAPI";
#endif
    snprintf(out, len, "%s %s, %s, %s, %s%s", cc, __VERSION__, opt,
             san ? "AddressSanitizer" : "no sanitizer", papi,
             MPIGAUGE_SMPI ? ", SimGrid SMPI" : "");
}

/* a copy of from less the members whose names drop says to leave out */
static json_t *kept(const json_t *from, int (*drop)(const char *))
{
    json_t *o = json_object();
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)from, key, v)
        if (!drop(key))
            json_object_set(o, key, v);
    return o;
}

static json_t *cvars_hash(const json_t *settings)
{
    const json_t *cv = json_object_get(settings, "cvars");
    if (!cv)
        return json_null();
    char *text = json_dumps(cv, JSON_COMPACT | JSON_SORT_KEYS);
    char hex[32];
    snprintf(hex, sizeof hex, "%016llx",
             (unsigned long long)fnv1a64(text, text ? strlen(text) : 0));
    free(text);
    return json_string(hex);
}

/* the options that shape what was measured: less the incidental ones, and
 * less --clocks without --sync window (no clock is fitted then), so that
 * a --sync barrier run compares with one made before --clocks existed */
static json_t *options_kept(const json_t *options)
{
    json_t *o = kept(options, option_is_incidental);
    const json_t *sync = json_object_get(options, "sync");
    if (!json_is_string(sync) || strcmp(json_string_value(sync), "window") != 0)
        json_object_del(o, "clocks");
    return o;
}

json_t *fingerprint_json(const struct run_info *in, const json_t *root)
{
    char build[256], hash[32], version[32];
    build_text(build, sizeof build);
    snprintf(hash, sizeof hash, "%016llx", in->input_hash);
    snprintf(version, sizeof version, "%d.%d", in->version, in->subversion);
    const json_t *settings = json_object_get(root, "settings");
    return json_pack("{s:s,s:s,s:i,s:i,s:i,s:s,s:s,s:s,s:s,s:s,s:o,s:o,s:o,s:o}",
        "mpi_library", in->library, "mpi_version", version, "ranks", in->ranks,
        "nodes", in->nodes, "ranks_per_node_max", in->max_node_ranks,
        "binding", in->cores_shared.ranks > 0 ? "some ranks bound to the same CPUs"
                   : in->bound == in->ranks ? "every rank bound to one core"
                   : in->bound == 0 ? "no rank bound to one core"
                   : "some ranks bound to one core",
        "cpu_model", in->cpu_model ? in->cpu_model : "",
        "input_fnv1a64", hash, "mpigauge", MPIGAUGE_VERSION, "build", build,
        "options", options_kept(json_object_get(root, "options")),
        "environment", kept(json_object_get(settings, "environment"), names_one_launch),
        "cvars_fnv1a64", cvars_hash(settings),
        "job", job_place_json(json_object_get(root, "job")));
}
