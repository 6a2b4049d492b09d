/* datatypes.h: the datatype table and the formers of derived types (datatypes.c, half_types.c, shaped.c); a part of registry.h, the registry's main header */
#ifndef MPIGAUGE_REGISTRY_DATATYPES_H
#define MPIGAUGE_REGISTRY_DATATYPES_H

#include <mpi.h>
#include <stddef.h>
#include "registry/table.h"

struct record;
struct plan_facts;

/* ---- datatypes -------------------------------------------------------------
 * The class decides which predefined operations MPI allows on a type
 * (MPI 4.0, section 6.9.2).  MPI_CHAR is a character type, not a C integer:
 * the standard allows no reduction on it (SIGNED_CHAR is the integer one). */
enum type_class {
    TC_INT = 1 << 0,      /* C integer */
    TC_FLOAT = 1 << 1,    /* floating point */
    TC_COMPLEX = 1 << 2,  /* complex */
    TC_LOGICAL = 1 << 3,  /* C_BOOL */
    TC_BYTE = 1 << 4,     /* MPI_BYTE */
    TC_PAIR = 1 << 5,     /* value-index pairs for MAXLOC/MINLOC */
    TC_CHAR = 1 << 6,     /* character: no reduction */
    TC_DERIVED = 1 << 7,  /* derived types: no predefined reduction */
};

struct datatype {
    const char *name;
    enum type_class cls;
    MPI_Datatype (*handle)(void);  /* predefined or built on first use */
    /* write element value v (and index loc, used by pair types) */
    void (*set)(void *elem, long v, int loc);
    /* 1 when two elements hold the same data; NULL compares extent bytes */
    int (*equal)(const void *a, const void *b);
    void (*format)(const void *elem, char *out, size_t len);
    const char *desc;
    /* NULL when this build's MPI has the type, else why not (FLOAT16
     * without MPIX_C_FLOAT16): the plan skips its records with that
     * reason; the field may be NULL */
    const char *(*unavailable)(void);
    /* the half-precision types: the format's significant bits and an
     * element's value, for --check's rounding bound (kernels/check.c);
     * 0 elsewhere */
    int digits;
    double (*value)(const void *elem);
    /* a shaped type (VECTOR:4:1:2:DOUBLE, INDEXED:path, ...: registry/
     * shaped.h), made for the records that name it; NULL in the table */
    const struct type_shape *shape;
    /* the type's own rule for the plan, as a family's skip (its
     * libraries' defects): 1 (why written) when r cannot run; NULL: none */
    int (*skip)(const struct record *r, const struct plan_facts *f, char *why,
                size_t len);
};

extern const struct table datatype_table;
extern const struct table half_type_table;  /* its part: registry/half_types.c */
struct type_shape;
/* What the callers use for any datatype, the table's or a shaped one:
 * its handle (MPI_DATATYPE_NULL where this MPI lacks it), why this MPI
 * lacks it (NULL: it has it), an element written (value v, index loc),
 * two elements of extent bytes compared, an element as text. */
MPI_Datatype type_handle(const struct datatype *dt);
const char *type_unavailable(const struct datatype *dt);
void type_set(const struct datatype *dt, void *elem, long v, int loc);
int type_same(const struct datatype *dt, const void *a, const void *b, size_t extent);
void type_format(const struct datatype *dt, const void *elem, char *out, size_t len);
/* the shaped types' constructors by name (VECTOR, INDEXED, RESIZED,
 * SUBARRAY: registry/shaped.c), for the parser, --list and the reference */
struct type_former {
    const char *name;
    const char *spelling;      /* "VECTOR:COUNT:BLOCKLEN:STRIDE:BASE" */
    const char *desc;
};
extern const struct table former_table;
const char *type_class_name(enum type_class c);
/* the classes of mask (1 << TC_*), as words: "C integer, byte" */
void type_classes_text(unsigned mask, char *out, size_t len);
void datatypes_free(void);       /* frees the derived types before finalize */

#endif
