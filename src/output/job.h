/* job.h: run.json's "job": the batch system's job this run ran in (its
 * ids, cluster, partition or queue, and nodes), so that a result can be
 * traced back to it (sacct, qstat, bhist, flux jobs); rank 0's
 * environment, as the settings are */
#ifndef MPIGAUGE_JOB_H
#define MPIGAUGE_JOB_H

#include <jansson.h>

/* {"batch": "slurm", "id": ..., ...}, or JSON null outside a batch job */
json_t *job_json(void);
/* the part of a job that says where it ran, for the fingerprint (the
 * ids differ from launch to launch by construction): {"batch", "cluster",
 * "partition"}, or JSON null */
json_t *job_place_json(const json_t *job);

#endif
