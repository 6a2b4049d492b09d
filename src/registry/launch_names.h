/* launch_names.h: the environment variables that name one launch only
 * (a job id, a daemon's URI, a session folder, the command line), by
 * family, for the fingerprint (output/fingerprint.c) and the comparison of
 * runs (offline/launch_set.c); includes nothing. */
#ifndef MPIGAUGE_LAUNCH_NAMES_H
#define MPIGAUGE_LAUNCH_NAMES_H

/* the family of launch-only names an environment variable's name belongs
 * to ("Open MPI's launch"), or NULL when it is a setting two launches of
 * one job share */
const char *launch_name_family(const char *name);

#endif
