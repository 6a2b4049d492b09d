/* registry.h: the tables of everything mpigauge knows by name.
 *
 * Calls, datatypes, operations, topologies and barrier patterns are each a
 * table of plain structs.  Adding one means writing one function and adding
 * one line to the table; no benchmark is edited.  Records point at entries
 * of these tables, never copy them. */
#ifndef MPIGAUGE_REGISTRY_H
#define MPIGAUGE_REGISTRY_H

#include <mpi.h>
#include <stddef.h>

struct bench;

/* ---- datatypes ---------------------------------------------------------
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
};

const struct datatype *datatype_find(const char *name);
const struct datatype *datatype_at(int i);  /* NULL past the end */
const char *type_class_name(enum type_class c);
void datatypes_free(void);       /* frees the derived types before finalize */

/* ---- reduction operations ---------------------------------------------
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
};

const struct op *op_find(const char *name);
const struct op *op_at(int i);
void ops_free(void);            /* frees user-defined ops before finalize */

/* ---- barrier patterns ---------------------------------------------------
 * generate builds the stages for p ranks (pattern.h); NULL for MPI (the
 * library's MPI_Barrier) and FILE (stages from a file).  default_arg > 0:
 * the pattern takes NAME:ARG (TREE:4). */
struct bpattern;
struct pattern {
    const char *name;
    void (*generate)(struct bpattern *bp, int p, int arg);
    int default_arg;
    const char *desc;
};

const struct pattern *pattern_find(const char *name);
const struct pattern *pattern_at(int i);

/* ---- topologies ---------------------------------------------------------
 * A topology maps a rank's place to a communicator colour, or -1 when the
 * rank takes no part.  Ranks with the same colour form one communicator. */
struct place {
    int rank;                  /* in MPI_COMM_WORLD */
    int x, y, z;               /* grid coordinates */
    int dx, dy, dz;            /* grid dimensions */
    int node;                  /* index of this rank's node, 0.. */
    int package, core;         /* hwloc: package in node, core in package */
};

/* ---- point-to-point pair criteria (op field NOP:NAME or DETAIL:NAME) ----
 * Which pairs (a sends first, b answers) of a communicator are measured;
 * i, j are their ranks in it. */
struct pair_filter {
    const char *name;
    int (*keep)(const struct place *a, const struct place *b, int i, int j);
    const char *desc;
};

const struct pair_filter *pair_filter_find(const char *name);
const struct pair_filter *pair_filter_at(int i);

struct topology {
    const char *name;
    int (*colour)(const struct place *p);
    const char *desc;
};

const struct topology *topology_find(const char *name);
const struct topology *topology_at(int i);

/* ---- calls --------------------------------------------------------------*/
enum family { FAM_P2P, FAM_COLL, FAM_REDUCE, FAM_SYNC, FAM_IO };
enum op_kind { OPK_NONE, OPK_REDUCTION, OPK_PAIRS, OPK_PATTERN };

struct call {
    const char *name;
    enum family family;
    enum op_kind opk;
    int rooted;                 /* takes root= */
    int legs;                   /* p2p: one-way trips per iteration */
    int bsend;                  /* needs an attached buffer */
    /* elements each rank's send and receive buffers need for n elements
     * on a communicator of p ranks */
    void (*buffers)(int p, size_t n, size_t *send, size_t *recv);
    void (*layout)(struct bench *b);   /* per size, before timing; may be NULL */
    void (*prepare)(struct bench *b);  /* p2p, before each run; may be NULL */
    void (*run)(struct bench *b, int iters);
    void (*check)(struct bench *b);    /* fill, run once, verify */
    const char *timing;                /* what one timed call covers */
    int bsp;                           /* summary fits BSP's g and l */
};

const struct call *call_find(const char *name);
const struct call *call_at(int i);
const char *family_name(enum family f);

/* name matching shared by every table: case-insensitive, optional MPI_
 * prefix, '-' and '_' alike */
int name_matches(const char *input, const char *canonical);

#endif
