/* param_files.h: the files of the pairwise parameter matrices, one table
 * for the side that writes them (measure/param_cache.c names and
 * describes each, output/ writes it, run.json points at it) and the side
 * that reads them back (offline/, --predict).  Plain data; no MPI. */
#ifndef MPIGAUGE_PARAM_FILES_H
#define MPIGAUGE_PARAM_FILES_H

#include <stddef.h>

enum param_file {
    PF_O,                      /* one value per rank */
    PF_OIJ,
    PF_LIJ,
    PF_BIJ,
    PF_LIJ_SMALL,
    PF_TAIL,                   /* PARAM_TAIL_BINS values a pair */
    PF_XIJ,
    PF_RIJ,
    PF_R1IJ,
    PF_SIJ,
    PF_LOGGP_L,                /* the LogGP and Hockney ones with --loggp */
    PF_LOGGP_OS,
    PF_LOGGP_OR,
    PF_LOGGP_G,
    PF_LOGGP_BIG_G,
    PF_HOCKNEY_ALPHA,
    PF_HOCKNEY_BETA,
    PF_COUNT
};

struct param_file_row {
    const char *what;          /* the name's part: params-<topology>-<what>.dat */
    const char *meaning;       /* the file's header line */
};

extern const struct param_file_row param_files[PF_COUNT];

/* "params-<topology in lower case>-<what>.dat" */
void param_file_name(const char *topology, enum param_file f, char *out, size_t len);
/* its inverse: 1 and the topology as the name spells it when name is
 * file f of some topology, else 0 */
int param_file_topology(const char *name, enum param_file f, char *topology,
                        size_t len);

#endif
