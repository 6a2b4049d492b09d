/* build_info.h: how this binary was built (the compiler, optimisation,
 * sanitizers, the MPI headers it was compiled against, the optional
 * parts it has), for --version and run.json's "build" */
#ifndef MPIGAUGE_BUILD_INFO_H
#define MPIGAUGE_BUILD_INFO_H

#include <stdio.h>

/* run.json's shape: bumped on every change a reader of an older run.json
 * would misread (a key renamed, removed or of another meaning); keys
 * added leave it (docs/output.md, schema/run.schema.json) */
#define RUN_JSON_FORMAT 2

struct build_info {
    char compiler[160];        /* "gcc 12.2.0" */
    int optimised, sanitized;
    char mpi[160];             /* the headers': "MPICH 4.0.2 (MPI 4.0)" */
    int papi, hwloc, threads, large_counts;
};

void build_info_get(struct build_info *b);
/* --version: the version line, then the build, one item a line */
void build_info_print(FILE *out, const char *version);

#endif
