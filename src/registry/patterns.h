/* patterns.h: the barrier patterns by name (patterns.c); a part of registry.h, the registry's main header */
#ifndef MPIGAUGE_REGISTRY_PATTERNS_H
#define MPIGAUGE_REGISTRY_PATTERNS_H

#include "models/pattern.h"
#include "registry/table.h"

/* ---- barrier patterns ------------------------------------------------------
 * generate builds the stages for p ranks (models/generators.c); NULL for
 * MPI (the library's MPI_Barrier) and FILE (stages from a file).
 * default_arg > 0: the pattern takes NAME:ARG (TREE:4). */
struct pattern {
    const char *name;
    void (*generate)(struct bpattern *bp, int p, int arg);
    int default_arg;
    const char *desc;
    /* built when the record runs, from the measured parameters
     * (measure/hybrid_run.c); generate gives the plan a stand-in
     * (HYBRID's: models/hybrid.c's hybrid_standin) */
    int adaptive;
};

extern const struct table pattern_table;

#endif
