/* calls.h: the call table: a call's family, its modes, capabilities and hooks (kernels/calls.c and the family files); a part of registry.h, the registry's main header */
#ifndef MPIGAUGE_REGISTRY_CALLS_H
#define MPIGAUGE_REGISTRY_CALLS_H

#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "registry/datatypes.h"
#include "registry/ops.h"
#include "registry/pairs.h"
#include "registry/patterns.h"
#include "registry/point_extra.h"
#include "registry/table.h"
#include "registry/topologies.h"

struct kernel;
struct record;
struct json_t;                 /* jansson's json_t */
struct facts;                  /* registry/record_view.h */

/* ---- calls ------------------------------------------------------------------ */
/* what the plan knows of a record's communicators when it asks a call's
 * own rule (struct family's skip) */
struct plan_facts {
    int min_size, max_size;    /* ranks of its smallest and largest communicator */
    int ncomm;                 /* how many communicators */
    int has_vtopo;             /* graph-shaped (Cartesian or distributed graph) */
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
 * measure/ways.c runs each way.  A new family is its home in kernels/
 * (docs/developing.md, "One home per family": <x>_family.c, <x>_calls.c,
 * its loops; or one file holding all three, as kernels/chain.c), plus its
 * table's name in kernels/calls.h and its line in calls.c's call_parts; the rest of the house reads these fields, not
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
    /* the size of that struct (fio's option_struct_size), given as
     * OWN_SIZE(struct x_settings), which fails to compile where the
     * struct outgrows the record's room for it (registry/record.h);
     * 0: the family owns no settings */
    size_t own_size;
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
    /* the per-point quantities it adds to its results, each a row
     * (registry/point_extra.h: the partitioned calls' early-bird lead),
     * ended by a row without a name; NULL: none */
    const struct point_extra *extras;
    /* what the family says of a record beyond its settings rows, on
     * communicators of at most p ranks: members it adds to the record's
     * run.json object o, lines "# ...\n" of its data files' header, and
     * sentences "  ...\n" of its prose.  Called once a record, before it
     * runs (registry/facts.c); the writers print what it gave without
     * knowing the family.  NULL: nothing. */
    void (*describe)(const struct record *r, int p, struct json_t *o, FILE *header,
                     FILE *prose);
    /* what the family says of the library running r (the I/O family's
     * hint=: given, and what the library kept), into the library parts
     * of r's facts (registry/record_view.h): called once a record, after
     * describe; the family's kernels may say them again as they learn
     * more (kernel.h's facts).  NULL: nothing. */
    void (*library)(const struct record *r, struct facts *f);
};

extern const struct family family_p2p, family_coll, family_reduce, family_sync,
    family_io, family_multi, family_rma, family_threads, family_objects, family_fabric;

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
    /* device buffers only handed to MPI, never staged (the one-sided
     * calls: a window in GPU memory; a target makes no call in the timed
     * loop that could copy its window in), or only staged (MPI I/O: the
     * libraries read and write files from host memory) */
    CALL_DEVICE_DIRECT = 1u << 21,
    CALL_DEVICE_STAGED = 1u << 22,
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

/* nccl-tests' bus bandwidth (busbw_mbps: mbps times a factor in n,
 * the largest communicator's size: registry/holds.c): the whole
 * buffer moves (BCAST, REDUCE: busbw = algbw), an allreduce's 2(n-1)/n,
 * or a call whose bytes are one rank's share of an n-share buffer that
 * nccl-tests counts whole (ALLGATHER, ALLTOALL, REDUCE_SCATTER_BLOCK:
 * algbw = n x mbps, busbw = algbw (n-1)/n = mbps (n-1)); none for the
 * others (the v-forms, gathers and scatters: nccl-tests defines none) */
enum busbw_kind { BUSBW_NONE, BUSBW_WHOLE, BUSBW_ALLREDUCE, BUSBW_SHARE };
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
    void (*loop)(struct kernel *k, int iters);  /* NULL: BARRIER (kernels/sync_barrier.c) */
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
    /* compose=1: the mock-ups it is timed against (kernels/coll_compose.c),
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
 * time each call, so kernels/ defines it (calls.c, from each family's part) (and topologies/table.c
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
