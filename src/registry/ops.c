/* ops.c: the reduction operation table.
 *
 * Which type classes each predefined op applies to follows the MPI
 * standard's table (MPI 4.0, section 6.9.2).  To add an op: one handle
 * function and one table line. */
#include "registry/registry.h"

#include <complex.h>
#include <string.h>

static MPI_Op h_sum(void) { return MPI_SUM; }
static MPI_Op h_prod(void) { return MPI_PROD; }
static MPI_Op h_max(void) { return MPI_MAX; }
static MPI_Op h_min(void) { return MPI_MIN; }
static MPI_Op h_land(void) { return MPI_LAND; }
static MPI_Op h_lor(void) { return MPI_LOR; }
static MPI_Op h_lxor(void) { return MPI_LXOR; }
static MPI_Op h_band(void) { return MPI_BAND; }
static MPI_Op h_bor(void) { return MPI_BOR; }
static MPI_Op h_bxor(void) { return MPI_BXOR; }
static MPI_Op h_maxloc(void) { return MPI_MAXLOC; }
static MPI_Op h_minloc(void) { return MPI_MINLOC; }
static MPI_Op h_replace(void) { return MPI_REPLACE; }
static MPI_Op h_no_op(void) { return MPI_NO_OP; }

/* MPI_REPLACE and MPI_NO_OP act on any predefined type's elements (MPI
 * 4.0, section 12.3.4): every class but the character type, which the
 * plan's probe reserves for the reductions, and the derived types */
#define EVERY_PREDEFINED (TC_INT | TC_FLOAT | TC_COMPLEX | TC_LOGICAL | TC_BYTE | TC_PAIR)

/* CPROD: a user-defined complex product, to time what an application's own
 * MPI_Op_create operation costs against the library's built-in PROD. */
static void cprod(void *in, void *inout, int *len, MPI_Datatype *type)
{
    /* the buffers are the user's, at any stride: copy, never cast */
    char *a = in, *b = inout;
    if (*type == MPI_C_FLOAT_COMPLEX) {
        for (int i = 0; i < *len; i++) {
            float _Complex x, y;
            memcpy(&x, a + i * sizeof x, sizeof x);
            memcpy(&y, b + i * sizeof y, sizeof y);
            y = x * y;
            memcpy(b + i * sizeof y, &y, sizeof y);
        }
    } else if (*type == MPI_C_DOUBLE_COMPLEX) {
        for (int i = 0; i < *len; i++) {
            double _Complex x, y;
            memcpy(&x, a + i * sizeof x, sizeof x);
            memcpy(&y, b + i * sizeof y, sizeof y);
            y = x * y;
            memcpy(b + i * sizeof y, &y, sizeof y);
        }
    }
}

static MPI_Op user_cprod = MPI_OP_NULL;

static MPI_Op h_cprod(void)
{
    if (user_cprod == MPI_OP_NULL)
        MPI_Op_create(cprod, 1, &user_cprod);
    return user_cprod;
}

void ops_free(void)
{
    if (user_cprod != MPI_OP_NULL)
        MPI_Op_free(&user_cprod);
}

static const struct op ops[] = {
    {"SUM", TC_INT | TC_FLOAT | TC_COMPLEX, FILL_SUM, h_sum, "sum", 0, 0},
    {"PROD", TC_INT | TC_FLOAT | TC_COMPLEX, FILL_PROD, h_prod, "product", 0, 0},
    {"MAX", TC_INT | TC_FLOAT, FILL_ORDER, h_max, "maximum", 0, 0},
    {"MIN", TC_INT | TC_FLOAT, FILL_ORDER, h_min, "minimum", 0, 0},
    {"LAND", TC_INT | TC_LOGICAL, FILL_LOGIC, h_land, "logical and", 0, 0},
    {"LOR", TC_INT | TC_LOGICAL, FILL_LOGIC, h_lor, "logical or", 0, 0},
    {"LXOR", TC_INT | TC_LOGICAL, FILL_LOGIC, h_lxor, "logical exclusive or", 0, 0},
    {"BAND", TC_INT | TC_BYTE, FILL_BITS, h_band, "bitwise and", 0, 0},
    {"BOR", TC_INT | TC_BYTE, FILL_BITS, h_bor, "bitwise or", 0, 0},
    {"BXOR", TC_INT | TC_BYTE, FILL_BITS, h_bxor, "bitwise exclusive or", 0, 0},
    {"MAXLOC", TC_PAIR, FILL_LOC, h_maxloc, "maximum and its lowest index", 0, 0},
    {"MINLOC", TC_PAIR, FILL_LOC, h_minloc, "minimum and its lowest index", 0, 0},
    {"CPROD", TC_COMPLEX, FILL_PROD, h_cprod, "user-defined (MPI_Op_create) complex product", 1, 0},
    {"REPLACE", EVERY_PREDEFINED, FILL_MOVE, h_replace,
     "the target's values replaced by the origin's (one-sided accumulates only)", 0,
     CALL_REPLACE_OP},
    {"NO_OP", EVERY_PREDEFINED, FILL_MOVE, h_no_op,
     "the target's values left as they are, only fetched (fetching one-sided calls only)",
     0, CALL_NO_OP},
};

const struct table op_table = {
    "reduction operation", ops, sizeof ops / sizeof ops[0], sizeof ops[0], NULL, NULL,
};
