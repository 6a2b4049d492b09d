/* matrix_read.h: the numbers of a result folder's parameter files, for
 * --predict */
#ifndef MPIGAUGE_MATRIX_READ_H
#define MPIGAUGE_MATRIX_READ_H

#include <stddef.h>
#include "models/param_files.h"

/* dir/params-<topo>-<what>.dat as ranks 0..p-1 of its world ranks (the
 * diagonal 0); NULL, and *missing set, when absent or of another size */
double *matrix_load(const char *dir, const char *topo, enum param_file f, int world,
                    int p, int *missing);

/* 1 when every value of the p x p matrix m is finite */
int matrix_finite(const double *m, int p);

/* the same for a matrix that folders from before it lack (X_ij, R_ij,
 * R1_ij, S_ij): NULL when the folder has no such file; NULL and *bad set,
 * after saying so on stderr, when it has one that is not a finite matrix
 * of ranks 0..p-1 (a file that was damaged: a run writes them all or
 * none, and the matrices every folder has were finite) */
double *matrix_load_optional(const char *dir, const char *topo, enum param_file f,
                             int world, int p, int *bad);

/* the O file, "rank value" per world rank, as values; sets *world */
double *matrix_load_o(const char *dir, const char *topo, int *world);

/* the tails of ranks 0..p-1 (PARAM_TAIL_BINS a pair): read_tail's */
float *matrix_load_tail(const char *dir, const char *topo, int world, int p);

#endif
