/* shaped.h: the datatypes a record shapes in its datatype field
 * (VECTOR:4:1:2:DOUBLE, INDEXED:path, RESIZED:16:DOUBLE,
 * SUBARRAY:8x8:4x4:2x2:DOUBLE): their shape as plain data, made once per
 * spelling (interned: every record that names it points at one), built
 * into an MPI type on first use with MPI's own constructor. */
#ifndef MPIGAUGE_SHAPED_H
#define MPIGAUGE_SHAPED_H

#include <stddef.h>
#include "base/base.h"
#include "registry/registry.h"

enum shape_kind { SHAPE_VECTOR, SHAPE_INDEXED, SHAPE_RESIZED, SHAPE_SUBARRAY };

/* bounds of one shaped element: base elements it spans (type map and
 * gaps), blocks, and dimensions of a subarray */
#define SHAPE_MAX_SPAN (1L << 20)
#define SHAPE_MAX_BLOCKS 65536
#define SHAPE_MAX_DIMS 3

struct type_shape {
    enum shape_kind kind;
    const struct datatype *base;  /* a predefined type, not a pair (INDEXED:
                                   * from its file, NULL until read) */
    int count, blocklen, stride;  /* VECTOR, in base elements */
    long extent;                  /* RESIZED: bytes */
    int ndims;                    /* SUBARRAY, C order (the last fastest) */
    int sizes[SHAPE_MAX_DIMS], subsizes[SHAPE_MAX_DIMS], starts[SHAPE_MAX_DIMS];
    char path[SIDE_PATH_BYTES];              /* INDEXED: its file */
    int nblocks;                  /* INDEXED: its blocks, once its file is read */
    int *lens, *displs;           /* ... in base elements */
};

/* The datatype of this shape (spec's fields; lens and displs are copied),
 * one per spelling: the same pointer for the same shape. */
const struct datatype *shape_intern(const struct type_shape *spec);
/* INDEXED: 1 while its file is unread; its base and blocks once read (the
 * plan reads it on rank 0: world/plan_sides.c) */
int shape_unread(const struct datatype *dt);
void shape_set_blocks(const struct datatype *dt, const struct datatype *base, int n,
                      const int *lens, const int *displs);
/* What MPI makes of it, built on first call (collective-free; needs MPI):
 * NULL when it is sound, else why not (a RESIZED extent below its base's,
 * an element past SHAPE_MAX_SPAN bytes x 32) */
const char *shape_problem(const struct datatype *dt);
/* Its size and extent in bytes and its blocks (contiguous runs of the
 * base), once built (0 before) */
void shape_numbers(const struct datatype *dt, long *size, long *extent, int *blocks);
/* "MPI_Type_vector(4, 1, 2, DOUBLE), resized to [0, 56)": how it is made */
void shape_text(const struct datatype *dt, char *out, size_t len);
/* "8x8x2": a subarray's dimensions */
void shape_dims_text(const int *v, int n, char *out, size_t len);
/* frees the built MPI types (before MPI_Finalize) */
void shapes_free(void);

#endif
