/* shape_names.c: the shaped types' constructors by name (the parser,
 * --list and the reference read them) and how a shaped type is made, in
 * words */
#include "registry/shaped.h"

#include <stdio.h>
#include <string.h>

static const struct type_former formers[] = {
    {"VECTOR", "VECTOR:COUNT:BLOCKLEN:STRIDE:BASE", "MPI_Type_vector: COUNT blocks of "
     "BLOCKLEN base elements, STRIDE elements apart (STRIDE >= BLOCKLEN); VECTOR:4:1:2:DOUBLE is OSU's "
     "-D vect with stride 2"},
    {"INDEXED", "INDEXED:path", "MPI_Type_indexed: a file of the base type's name, then "
     "a line 'BLOCKLEN DISPLACEMENT' (in base elements) per block; blocks may not "
     "overlap"},
    {"RESIZED", "RESIZED:EXTENT:BASE", "MPI_Type_create_resized: one base element in "
     "EXTENT bytes (at least the base's extent)"},
    {"SUBARRAY", "SUBARRAY:SIZES:SUBSIZES:STARTS:BASE", "MPI_Type_create_subarray, C "
     "order, 2 or 3 dimensions written AxB or AxBxC (SUBARRAY:8x8:4x4:2x2:DOUBLE: the "
     "4x4 block at (2,2) of an 8x8 array)"},
};

const struct table former_table = {
    "shaped datatype", formers, sizeof formers / sizeof formers[0], sizeof formers[0],
    NULL, NULL,
};

void shape_text(const struct datatype *dt, char *out, size_t len)
{
    const struct type_shape *t = dt->shape;
    const char *b = t->base ? t->base->name : "?";
    char a[48], c[48], d[48];
    long size, extent;
    int blocks;
    shape_numbers(dt, &size, &extent, &blocks);
    if (t->kind == SHAPE_VECTOR)
        snprintf(out, len, "MPI_Type_vector(%d, %d, %d, %s)", t->count, t->blocklen,
                 t->stride, b);
    else if (t->kind == SHAPE_INDEXED)
        snprintf(out, len, "MPI_Type_indexed(%d blocks of %s from %s)", t->nblocks, b,
                 t->path);
    else if (t->kind == SHAPE_RESIZED)
        snprintf(out, len, "MPI_Type_create_resized(%s, 0, %ld)", b, t->extent);
    else {
        shape_dims_text(t->sizes, t->ndims, a, sizeof a);
        shape_dims_text(t->subsizes, t->ndims, c, sizeof c);
        shape_dims_text(t->starts, t->ndims, d, sizeof d);
        snprintf(out, len, "MPI_Type_create_subarray(%d, %s, %s, %s, MPI_ORDER_C, %s)",
                 t->ndims, a, c, d, b);
    }
    size_t at = strlen(out);
    if (t->kind != SHAPE_RESIZED && at < len)
        snprintf(out + at, len - at, ", resized to [0, %ld)", extent);
}
