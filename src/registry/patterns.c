/* patterns.c: the barrier pattern table (the op field of a BARRIER record,
 * optionally NAME:ARG).  To add a pattern: a generator in
 * models/generators.c (stages of signals as edge lists) and one table line.
 * MPI is the library's own MPI_Barrier; FILE:path reads the stages from a
 * file (input/pattern_file.c); HYBRID is built from the measured costs
 * when the record runs (models/hybrid.c). */
#include "registry/registry.h"

static const struct pattern patterns[] = {
    {"MPI", NULL, 0, "MPI_Barrier of the MPI library", 0},
    {"LINEAR", gen_linear, 0, "every rank signals rank 0, which then signals every rank", 0},
    {"TREE", gen_tree, 2, "k-ary tree (TREE:k, default binary): arrivals up, then their transposes down", 0},
    {"DISSEMINATION", gen_dissemination, 0, "ceil(log2 P) stages, rank i signals i + 2^s mod P", 0},
    {"PAIRWISE", gen_pairwise, 0, "butterfly exchange on the largest power of two, extra ranks fold in and out", 0},
    {"FILE", NULL, 0, "FILE:path, stages read from a pattern file", 0},
    {"HYBRID", gen_linear, 0, "built from the measured O_ij (thesis ch. 7): SSS groups, "
     "the cheapest pattern inside each and among their pivots", 1},
};

const struct table pattern_table = {
    "barrier pattern", patterns, sizeof patterns / sizeof patterns[0], sizeof patterns[0], NULL, NULL,
};
