/* ops.h: the reduction operations (ops.c); a part of registry.h, the registry's main header */
#ifndef MPIGAUGE_REGISTRY_OPS_H
#define MPIGAUGE_REGISTRY_OPS_H

#include <mpi.h>
#include <stddef.h>
#include "registry/datatypes.h"
#include "registry/table.h"

/* ---- reduction operations --------------------------------------------------
 * fill chooses data whose reduction is exact in floating point, so results
 * are compared bit for bit. */
enum fill_kind {
    FILL_MOVE,    /* data movement: values vary with rank and element */
    FILL_SUM,     /* small positive integers */
    FILL_PROD,    /* ones with an occasional two */
    FILL_ORDER,   /* small integers for MAX/MIN */
    FILL_LOGIC,   /* 0 and 1 */
    FILL_BITS,    /* bit patterns 0..127 */
    FILL_LOC,     /* value with many ties, index = rank */
};

struct op {
    const char *name;
    unsigned classes;           /* type classes MPI allows it on */
    enum fill_kind fill;
    MPI_Op (*handle)(void);     /* predefined, or created on first use */
    const char *desc;
    int user;                   /* MPI_Op_create'd: not for one-sided calls */
    /* the call capability (enum call_cap) a call must have to take it
     * (the refusal names those calls from their rows: input/call_words.h);
     * 0: every call with a reduction op (MPI_REPLACE and MPI_NO_OP:
     * one-sided only) */
    unsigned needs;
};

extern const struct table op_table;
void ops_free(void);            /* frees user-defined ops before finalize */

#endif
