/* registry/: the tables of everything mpigauge knows by name (calls, datatypes, ops, pair criteria, patterns, topologies); includes only models/ and base/. */
#ifndef MPIGAUGE_REGISTRY_H
#define MPIGAUGE_REGISTRY_H

/* Each table is an array of plain structs whose first member is the
 * name, reached through one generic lookup.  Adding an entry means
 * writing one function and adding one table line; no benchmark is
 * edited.  Records point at entries of these tables, never copy them. */

#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "models/pattern.h"

struct kernel;
struct record;
struct plan_facts;
struct json_t;                 /* jansson's json_t */

/* ---- the generic table ---------------------------------------------------- */
struct table {
    const char *what;          /* "call", "datatype": for messages */
    const void *rows;          /* each row begins with `const char *name` */
    size_t n, size;            /* rows, bytes per row */
    /* other names MPI itself uses: alias, name, alias, name, ..., NULL */
    const char *const *aliases;
    /* a long table's further parts, in order, NULL-terminated (the call
     * table: one part a family file, listed in kernels/calls.c); NULL in
     * a table of one part and in the parts themselves */
    const struct table *const *parts;
};

/* The row named name (case-insensitive, an optional MPI_ prefix, '-' and
 * '_' alike), or NULL. */
const void *table_find(const struct table *t, const char *name);
/* Row i (counting on through the parts that follow), or NULL past the
 * end; table_count: the rows of all parts. */
const void *table_row(const struct table *t, size_t i);
size_t table_count(const struct table *t);
const char *table_name(const struct table *t, size_t i);

/* Name matching shared by every table. */
int name_matches(const char *input, const char *canonical);

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
     * (measure/hybrid_run.c); generate gives the plan a stand-in */
    int adaptive;
};

extern const struct table pattern_table;

/* ---- topologies ------------------------------------------------------------
 * A topology maps a rank's place to a communicator colour, or -1 when the
 * rank takes no part.  Ranks with the same colour form one communicator.
 * Colours are 64-bit, computed from coordinates that may be large; the
 * world numbers them densely before MPI_Comm_split's int sees them. */
struct place {
    int rank;                  /* in MPI_COMM_WORLD */
    int x, y, z;               /* grid coordinates */
    int dx, dy, dz;            /* grid dimensions */
    int node;                  /* index of this rank's node, 0.. */
    int package, core;         /* hwloc: package in node, core in package */
    int llc;                   /* hwloc: its last-level cache in the node */
    /* hwloc: bytes of that cache, below its package, in its node */
    unsigned long long llc_bytes, package_bytes, node_bytes;
};

/* A graph-shaped topology makes the communicator its colour gives into a
 * Cartesian or distributed-graph one, for the neighbourhood collectives.
 * Its shape function fills, for one rank of that plain communicator (rank
 * of size), either the grid (cart = 1) or the rank's neighbours. */
struct shape {
    int cart;                  /* 1: MPI_Cart_create, 0: distributed graph */
    int ndims;                 /* cart: dimensions, slowest first */
    int dims[3], periods[3];
    long long key;             /* cart: this rank's row-major grid position */
    int nsrc, ndst;            /* graph: in- and out-neighbours ... */
    int *src, *dst;            /* ... as ranks of the plain communicator
                                * (xmalloc'd by the shape function) */
};

/* a GRAPH:path edge-list file: edge i goes from from[i] to to[i] */
struct edges {
    int n;
    int *from, *to;
};

struct topology {
    const char *name;
    long long (*colour)(const struct place *p);   /* 64 bits: no overflow */
    const char *desc;
    /* graph-shaped topologies only (NULL: a plain communicator); file is
     * the record's edge list where the topology takes one, else NULL */
    void (*shape)(const struct place *p, int rank, int size,
                  const struct edges *file, struct shape *s);
    int takes_file;            /* written NAME:path (GRAPH:graphs/ring.txt) */
};

extern const struct table topology_table;   /* topologies/table.c */

/* ---- point-to-point pair criteria (op field NOP:NAME or DETAIL:NAME) -------
 * Which pairs (a sends first, b answers) of a communicator are measured;
 * i, j are their ranks in it. */
/* how --validate --ranks N counts a criterion's pairs without enumerating
 * them (world/offline_pairs.c; PAIRS_ENUMERATE: every pair, through keep) */
enum pair_count {
    PAIRS_ENUMERATE, PAIRS_ALL, PAIRS_NEIGHBOURS, PAIRS_RANK0, PAIRS_SAME_NODE,
    PAIRS_CROSS_NODE, PAIR_COUNTS
};

struct pair_filter {
    const char *name;
    int (*keep)(const struct place *a, const struct place *b, int i, int j);
    const char *desc;
    int rounds;                /* measured in rounds of disjoint pairs at once */
    int sample;                /* SAMPLE:N: N of the kept pairs, seeded draw */
    enum pair_count count;     /* the same pairs as keep keeps, by arithmetic */
};

extern const struct table pair_filter_table;

/* ---- calls ------------------------------------------------------------------ */
/* what the plan knows of a record's communicators when it asks a call's
 * own rule (struct family's skip) */
struct plan_facts {
    int min_size, max_size;    /* ranks of its smallest and largest communicator */
    int ncomm;                 /* how many communicators */
    int shaped;                /* graph-shaped (Cartesian or distributed graph) */
    int uneven;                /* a rank's in-degree differs from its out-degree */
    int twice;                 /* a periodic dimension of length 1 or 2 */
    const char *library;       /* MPI_Get_library_version's text */
    int smpi;                  /* simulated by SimGrid's SMPI */
};

/* 1 when the run's library version text starts with prefix ("MPICH
 * Version: 4.0", "Open MPI v4"): a family's skip hook names the library
 * defects it knows this way */
static inline int facts_library(const struct plan_facts *f, const char *prefix)
{
    return f->library && strncmp(f->library, prefix, strlen(prefix)) == 0;
}

/* A call family: what its calls share, as data every layer may read
 * through a call's `family` pointer (registry/families.c has the older
 * families' rows).  How a family's size is measured is its way;
 * measure/ways.c runs each way.  A new family can be one file of
 * kernels/ holding its row (static: nothing names it), its kernels and its
 * part of the call table, plus one line in kernels/calls.c's call_parts
 * (kernels/chain.c is one); the rest of the house reads these fields, not
 * the family's name. */
/* how a family's validate hook reports a broken rule: the 1-based column
 * of the field or setting at fault, and the message (printf format) */
typedef void (*rule_report)(void *ctx, int col, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

struct setting;

/* --validate's transfer speed of the families that move data through
 * memory or the network (world/estimate.c): the two alike */
#define BYTES_PER_US 4000.0

enum family_way {
    WAY_PAIRS,          /* every pair of a communicator in turn */
    WAY_ALL_PAIRS,      /* every pair at once: the ranks split into senders
                         * and receivers, timed as one communicator */
    WAY_COMMUNICATOR,   /* every rank of the communicator at once */
    WAY_BARRIER         /* per-iteration maxima of a synchronisation */
};

struct family {
    const char *name;           /* --list, the prose, run.json */
    enum family_way way;
    /* a sample is the time per this: "call", "message" (every pair at
     * once), "operation" (one-sided) */
    const char *per;
    int moves_data;             /* bytes, bandwidth, --cache cold mean something */
    int always_windowed;        /* every call streams window= operations */
    int uses_scratch;           /* writes files into the scratch directory */
    /* its data receives name the partner and the data tag, and nothing
     * else reaches them while a size is timed: recv=any_source|any_tag
     * may widen them (kernel.h: data_match) */
    int named_receives;
    /* --validate's estimate: the transfer speed, and how many times the
     * timed loop's calls are made (a barrier's twice: the loop, then one
     * by one) */
    double bytes_per_us;
    int passes;
    /* The settings the family owns, as rows (registry/settings.h) whose
     * offsets are into the record's `own` storage, which holds the
     * family's own settings struct; only its calls take them.  The
     * parser, --list, the reference, the man page and the writers read
     * the rows; only the family's code reads its struct. */
    const struct setting *settings;
    int nsettings;
    /* The hooks; each may be NULL (and says what then holds).  Only
     * input/, measure/ and world/ call them. */
    /* its rules across a record's fields and settings, once all are
     * read: each broken rule reported as report(ctx, column, message) */
    void (*validate)(const struct record *r, rule_report report, void *ctx);
    /* a rule of its own for the plan: 1 (why written) when r cannot run
     * on communicators of these sizes; NULL: none */
    int (*skip)(const struct record *r, const struct plan_facts *f, char *why,
                size_t len);
    /* the messages a timed iteration streams at once; NULL: window= for
     * the calls with CALL_WINDOWED, else 1 */
    int (*window)(const struct record *r);
    /* the one-way trips an iteration counts as, per message of its
     * window; NULL: the call's legs */
    int (*legs)(const struct record *r);
    /* the threads each rank of a pair runs at once, each timed on its
     * own (per-thread samples, the .threads.dat file); NULL: one */
    int (*threads)(const struct record *r);
    /* a pair's samples of its own: sample_start (after the warm-up)
     * starts their clocks, samples gives one time per message in us for
     * each of its threads; NULL: the pair's one-way time is its sample */
    void (*sample_start)(struct kernel *k);
    void (*samples)(const struct kernel *k, double *us);
    /* an early bird of its receives (the partitioned calls' complete=
     * parrived): early_bird says whether r's results hold one (struct
     * holds' early_bird, the early_lead_us column); leads gives this
     * rank's leads, s, summed over the messages it received in the pair
     * since it was last asked, and their count (0: none), and clears
     * them (measure/ asks after the warm-up, dropping them, and after
     * the timed blocks); NULL: none */
    int (*early_bird)(const struct record *r);
    void (*leads)(struct kernel *k, double *sum_s, long *count);
    /* what the family says of a record beyond its settings rows, on
     * communicators of at most p ranks: members it adds to the record's
     * run.json object o, lines "# ...\n" of its data files' header, and
     * sentences "  ...\n" of its prose.  Called once a record, before it
     * runs (registry/facts.c); the writers print what it gave without
     * knowing the family.  NULL: nothing. */
    void (*describe)(const struct record *r, int p, struct json_t *o, FILE *header,
                     FILE *prose);
};

extern const struct family family_p2p, family_coll, family_reduce, family_sync,
    family_io, family_multi, family_rma, family_threads, family_objects;

/* MPI 4.0's large-count (_c) functions and partitioned communication:
 * MPICH 4 has them; Open MPI 4.1 and SimGrid's SMPI (MPI 3.1) do not */
#if MPI_VERSION >= 4
#define HAVE_MPI4 1
#else
#define HAVE_MPI4 0
#endif

enum op_kind { OPK_NONE, OPK_REDUCTION, OPK_PAIRS, OPK_PATTERN };

/* How a call's MPI operations are issued: an axis of its own beside what
 * it moves (its family, legs, buffers).  SEND, ISEND, SEND_INIT and PSEND
 * are one ping-pong in four modes; ALLREDUCE, IALLREDUCE and
 * ALLREDUCE_INIT one reduction in three; BW (a window of MPI_Isend) and
 * BW_INIT (a window of persistent sends) one stream in two.  The mode is
 * what the call is; its hooks (post, init, pair) are how it is done.
 * BARRIER is MPI_Barrier's mode; its patterns' signals inside are
 * persistent requests, started stage by stage. */
enum call_mode {
    MODE_BLOCKING,     /* returns when its part is done: MPI_Send, MPI_Allreduce */
    MODE_NONBLOCKING,  /* started, then completed by a later call: MPI_Isend and
                        * MPI_Wait(all) (ISEND; BW's, MSGRATE's and the fabric
                        * calls' windows), MPI_Iallreduce, and the one-sided
                        * operations, which the synchronisation of sync= completes */
    MODE_PERSISTENT,   /* a request made once, started every call:
                        * MPI_Send_init, MPI_Allreduce_init */
    MODE_PARTITIONED,  /* persistent, its message in partitions= parts
                        * (MPI_Psend_init): takes partitions= and complete= */
};
enum { NMODES = 4 };
const char *call_mode_name(enum call_mode m);   /* "blocking", ... */

/* What a call is and may take, as bits of struct call's caps: facts the
 * plan, the input and the writers read without naming the call. */
enum call_cap {
    CALL_ROOTED = 1u << 0,       /* takes root= */
    CALL_WINDOWED = 1u << 1,     /* a window of messages: buffers hold one each */
    CALL_BSEND = 1u << 2,        /* needs an attached buffer */
    CALL_BYTE_DISPLS = 1u << 3,  /* int displacements in bytes (alltoallw) */
    CALL_ONE_ELEMENT = 1u << 4,  /* works on exactly one element */
    CALL_NEIGHBORS = 1u << 5,    /* needs a graph-shaped communicator */
    CALL_INTEGER_ONLY = 1u << 6, /* C integer, logical or byte types only */
    CALL_RATE = 1u << 7,         /* report messages per second (msg_rate) */
    CALL_BSP = 1u << 8,          /* the summary fits BSP's g and l */
    CALL_MATRIX = 1u << 9,       /* its pairs' bandwidth as a P x P matrix file */
    CALL_RING = 1u << 10,        /* FAN_IN: senders take turns in the root's slots */
    CALL_SEEDED = 1u << 11,      /* draws its partners with seed= */
    /* counts past 2^31-1 through MPI 4's _c functions, where the library
     * has them (kernels/large.h) */
    CALL_LARGE = 1u << 12,
    CALL_ROTATES = 1u << 13,     /* root=rotate: a root per call (blocking rooted calls) */
    CALL_IN_PLACE = 1u << 14,    /* inplace=1: MPI_IN_PLACE (where MPI allows it) */
    CALL_SIZELESS = 1u << 15,    /* moves no data: its sizes must be 0 0 */
    /* moves no data whatever its sizes (IBARRIER, BARRIER_INIT): --cache
     * cold cycles nothing */
    CALL_NO_DATA = 1u << 16,
    /* takes MPI_REPLACE (the one-sided accumulates) and MPI_NO_OP (the
     * fetching ones), which MPI allows nowhere else */
    CALL_REPLACE_OP = 1u << 17,
    CALL_NO_OP = 1u << 18,
    /* takes mem=device and mem=managed (kernels/device.c; its staging,
     * what it moves when staged, is a row of kernels/device_spans.c) */
    CALL_DEVICE = 1u << 19,
    /* a ping-pong whose own loop stages each trip: a pair's two sides may
     * differ (rmem=) */
    CALL_DEVICE_PAIR = 1u << 20,
};

/* calls that load the fabric in phases (SHIFT: a phase per shift,
 * PERMUTATION: one per permutation): phases(r, p) for a communicator of p
 * ranks; phase(k, i) sets this rank's partner for phase i (k->peer; -1
 * with k->sits_out set: it sits the phase out).  Each phase is timed as
 * the communicator, and a rank's sample is its pair's (it -> k->peer).
 * A call without them: one phase, a sample per rank that takes part (a
 * layout may set k->sits_out: kernel.h). */
struct phasing {
    int (*phases)(const struct record *r, int p);
    void (*phase)(struct kernel *k, int i);
};

/* calls that make or free MPI objects (kernels/objects.c): outside the
 * clock before every timed stretch of n calls, between frees what the
 * last stretch made and makes what the next one frees (WIN_FREE's
 * windows); a block of more than max_calls calls is timed as stretches
 * of at most max_calls, summed (measure/block.c), so that no more than
 * max_calls objects live at once (MPICH has about 2000 context ids).  cost_us:
 * --validate's guess of one call's own cost beyond its messages (making
 * and freeing an MPI object). */
struct stretches {
    void (*between)(struct kernel *k, long n);
    int max_calls;
    double cost_us;
};

/* set up and take down what a pair needs (both partners, untimed):
 * one-sided's window, persistent point-to-point's requests, the threads */
struct pair_hooks {
    void (*begin)(struct kernel *k);
    void (*end)(struct kernel *k);
};

/* nccl-tests' bus bandwidth (busbw_mbps: mbps times the factor that
 * busbw_factor gives, n the largest communicator's size): the whole
 * buffer moves (BCAST, REDUCE: busbw = algbw), an allreduce's 2(n-1)/n,
 * or a call whose bytes are one rank's share of an n-share buffer that
 * nccl-tests counts whole (ALLGATHER, ALLTOALL, REDUCE_SCATTER_BLOCK:
 * algbw = n x mbps, busbw = algbw (n-1)/n = mbps (n-1)); none for the
 * others (the v-forms, gathers and scatters: nccl-tests defines none) */
enum busbw_kind { BUSBW_NONE, BUSBW_WHOLE, BUSBW_ALLREDUCE, BUSBW_SHARE };
double busbw_factor(enum busbw_kind k, int n);
/* the factor as a formula in n, with why, for the data file's header */
const char *busbw_formula(enum busbw_kind k);

struct call {
    const char *name;
    const struct family *family;
    unsigned caps;              /* enum call_cap bits */
    enum op_kind opk;
    enum call_mode mode;        /* zero: blocking */
    /* point-to-point and multi-pair: the messages one iteration counts
     * as, for the time per message (a ping-pong: 2 one-way trips); with
     * CALL_WINDOWED, per message of the window (window= messages) */
    int legs;
    const char *timing;                 /* what one timed call covers */
    /* elements each rank's send and receive buffers need for n elements
     * on a communicator of p ranks */
    void (*buffers)(int p, size_t n, size_t *send, size_t *recv);
    void (*layout)(struct kernel *k);   /* per size, before timing; may be NULL */
    void (*prepare)(struct kernel *k);  /* p2p, before each timed loop; may be NULL */
    void (*loop)(struct kernel *k, int iters);  /* NULL: BARRIER (kernels/barrier.c) */
    /* non-blocking collectives: starts one call into the kernel's request
     * (loop waits for it at once; measure/overlap.c computes in between) */
    void (*post)(struct kernel *k);
    /* persistent collectives: makes the size's request (MPI_*_init),
     * timed once on its own; loop starts and waits for it */
    void (*init)(struct kernel *k);
    /* why this build's MPI cannot run the call (the plan skips it with
     * that reason), or NULL when it can; the field may be NULL */
    const char *(*unavailable)(void);
    void (*check)(struct kernel *k);    /* fill, run once, verify; may be NULL */
    const struct pair_hooks *pair;      /* NULL: a pair needs nothing made */
    const struct phasing *phased;       /* NULL: one phase */
    /* the messages in flight at once on a communicator of p ranks, for
     * the aggregate bandwidth; NULL: p / 2 for every pair at once, else 1 */
    long long (*streams)(int p);
    const struct stretches *stretch;    /* NULL: makes no MPI objects */
    /* compose=1: the mock-ups it is timed against (kernels/compose.c),
     * NULL-terminated; NULL: none */
    const struct call *const *mockups;
    enum busbw_kind busbw;      /* zero: no bus bandwidth */
};

static inline int call_has(const struct call *c, unsigned cap)
{
    return (c->caps & cap) != 0;
}

/* The hooks with their defaults, so that a caller need not ask whether a
 * call has them: a call's phases on a communicator of p ranks (its
 * phasing's count, else 1), phase i's partner set into k (else nothing),
 * and --validate's guess of one call's own cost beyond its messages, us
 * (its stretches', else 0). */
static inline int call_phases(const struct call *c, const struct record *r, int p)
{
    return c->phased ? c->phased->phases(r, p) : 1;
}

static inline void call_phase(const struct call *c, struct kernel *k, int i)
{
    if (c->phased)
        c->phased->phase(k, i);
}

static inline void call_pair_begin(const struct call *c, struct kernel *k)
{
    if (c->pair)
        c->pair->begin(k);
}

static inline void call_pair_end(const struct call *c, struct kernel *k)
{
    if (c->pair)
        c->pair->end(k);
}

static inline double call_cost_us(const struct call *c)
{
    return c->stretch ? c->stretch->cost_us : 0;
}

/* The call table is the registry's, but its rows name the functions that
 * time each call, so kernels/calls.c defines it (and topologies/table.c
 * the topology table): the two folders sit right above registry/ and
 * below input/, which looks names up in them (tests/style.sh checks the
 * order for includes and for linked symbols alike). */
extern const struct table call_table;
/* the threaded form a call becomes when threads= is written on it (SEND:
 * LATENCY_MT, BW: BW_MT, MSGRATE: MSGRATE_MT; kernels/threads_family.c),
 * or NULL */
const struct call *call_threaded_form(const struct call *c);

/* calls measured pair by pair (point-to-point, one-sided) */
static inline int pairwise(const struct call *c)
{
    return c->family->way == WAY_PAIRS;
}

/* calls whose window of data receives buffers= may put into one buffer
 * (BW, BIBW, BW_INIT, BIBW_INIT, MSGRATE, MULTI_BIBW) */
static inline int streams_receives(const struct call *c)
{
    return call_has(c, CALL_WINDOWED) && c->family->named_receives;
}

/* calls that need two ranks: pair by pair, or every pair at once */
static inline int needs_pairs(const struct call *c)
{
    return c->family->way == WAY_PAIRS || c->family->way == WAY_ALL_PAIRS;
}

#endif
