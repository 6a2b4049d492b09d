/* patterns.c: the barrier pattern table (the op field of a BARRIER record,
 * optionally NAME:ARG).  To add a pattern: a generator in
 * models/generators.c (stages of signals as edge lists) and one table line.
 * MPI is the library's own MPI_Barrier; FILE:path reads the stages from a
 * file (input/pattern_file.c); HYBRID is built from the measured costs
 * when the record runs (models/hybrid.c); until then its generator is
 * hybrid_standin (models/hybrid.c), which the plan and the estimate price. */
#include "registry/registry.h"
#include "models/hybrid.h"

static const struct pattern patterns[] = {
    {.name = "MPI", .desc = "MPI_Barrier of the MPI library"},
    {.name = "LINEAR", .generate = gen_linear,
     .desc = "every rank signals rank 0, which then signals every rank"},
    {.name = "TREE", .generate = gen_tree, .default_arg = 2,
     .desc = "k-ary tree (TREE:k, default binary): arrivals up, then their transposes down"},
    {.name = "DISSEMINATION", .generate = gen_dissemination,
     .desc = "ceil(log2 P) stages, rank i signals i + 2^s mod P"},
    {.name = "PAIRWISE", .generate = gen_pairwise,
     .desc = "butterfly exchange on the largest power of two, extra ranks fold in and out"},
    {.name = "FILE", .desc = "FILE:path, stages read from a pattern file"},
    /* built when the record runs (adaptive); until then the plan and the
     * estimate price its stand-in, an upper bound of the built one */
    {.name = "HYBRID", .generate = hybrid_standin, .adaptive = 1,
     .desc = "built from the measured O_ij (thesis ch. 7): SSS groups, the cheapest "
             "pattern inside each and among their pivots, or the cheapest flat over all "
             "ranks where the model rates that faster"},
};

const struct table pattern_table = {
    .what = "barrier pattern", .rows = patterns,
    .n = sizeof patterns / sizeof patterns[0], .size = sizeof patterns[0],
};
