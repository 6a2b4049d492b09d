/* job.c: the batch job around a run (job.h) */
#include "output/job.h"

#include <stdlib.h>
#include "base/hostlist.h"

/* the most nodes listed by name; a longer list keeps its compressed form */
enum { MAX_LISTED_NODES = 100000 };

/* one key of the object from an environment variable, where it is set */
static void from_env(json_t *o, const char *key, const char *name)
{
    const char *v = getenv(name);
    if (v && *v)
        json_object_set_new(o, key, json_string(v));
}

static void add_node(const char *name, void *arg)
{
    json_array_append_new((json_t *)arg, json_string(name));
}

/* Slurm's nodes, the step's where there is one (srun), else the job's */
static void slurm_nodes(json_t *o)
{
    const char *list = getenv("SLURM_STEP_NODELIST");
    if (!list || !*list)
        list = getenv("SLURM_JOB_NODELIST");
    if (!list || !*list)
        return;
    json_object_set_new(o, "nodelist", json_string(list));
    json_t *nodes = json_array();
    if (hostlist_expand(list, MAX_LISTED_NODES, add_node, nodes) < 0) {
        json_decref(nodes);
        return;                /* not Slurm's syntax: the list as written */
    }
    json_object_set_new(o, "nodes", nodes);
}

json_t *job_json(void)
{
    json_t *o = json_object();
    if (getenv("SLURM_JOB_ID")) {
        json_object_set_new(o, "batch", json_string("slurm"));
        from_env(o, "id", "SLURM_JOB_ID");
        from_env(o, "step", "SLURM_STEP_ID");
        from_env(o, "name", "SLURM_JOB_NAME");
        from_env(o, "cluster", "SLURM_CLUSTER_NAME");
        from_env(o, "partition", "SLURM_JOB_PARTITION");
        slurm_nodes(o);
    } else if (getenv("PBS_JOBID")) {
        json_object_set_new(o, "batch", json_string("pbs"));
        from_env(o, "id", "PBS_JOBID");
        from_env(o, "name", "PBS_JOBNAME");
        from_env(o, "partition", "PBS_QUEUE");
    } else if (getenv("LSB_JOBID")) {
        json_object_set_new(o, "batch", json_string("lsf"));
        from_env(o, "id", "LSB_JOBID");
        from_env(o, "name", "LSB_JOBNAME");
        from_env(o, "partition", "LSB_QUEUE");
    } else if (getenv("FLUX_JOB_ID")) {
        json_object_set_new(o, "batch", json_string("flux"));
        from_env(o, "id", "FLUX_JOB_ID");
    } else {
        json_decref(o);
        return json_null();
    }
    return o;
}

json_t *job_place_json(const json_t *job)
{
    if (!json_is_object(job))
        return json_null();
    json_t *o = json_object();
    const char *keys[] = {"batch", "cluster", "partition"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        json_t *v = json_object_get(job, keys[i]);
        if (v)
            json_object_set(o, keys[i], v);
    }
    return o;
}
