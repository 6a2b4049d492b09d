/* record.h: one line of an input file, resolved against the registries:
 * plain data that input/ fills (parser.h) and every layer above reads */
#ifndef MPIGAUGE_RECORD_H
#define MPIGAUGE_RECORD_H

#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <stdint.h>
#include "base/base.h"
#include "registry/registry.h"

enum field { F_CALL, F_TYPE, F_MIN, F_MAX, F_INCR, F_VALUE, F_TOPO, F_OP,
             F_STRIDE, NFIELDS };
enum step { STEP_ADD, STEP_MUL };
enum pairs { PAIRS_NOP, PAIRS_DETAIL };
/* point-to-point: what a data receive names (recv=): its partner and the
 * data tag, or MPI_ANY_SOURCE, MPI_ANY_TAG or both (bits) */
enum recv_match { RECV_NAMED = 0, RECV_ANY_SOURCE = 1, RECV_ANY_TAG = 2 };
/* a streaming window's receives: buffers= not written (a slot each, or
 * one for all under --like osu), single, multiple */
enum buffers { BUFFERS_DEFAULT, BUFFERS_SINGLE, BUFFERS_MULTIPLE };

#define RECORD_TEXT 256

/* Largest element count a record may name: MPI counts are int ... */
#define MAX_ELEMENTS 2147483647ULL
/* ... except in MPI 4's large-count (_c) functions, which the calls with
 * CALL_LARGE use past it (input/fields.c); 2^40 bounds the arithmetic,
 * --max-memory and the machine bound the rest */
#define MAX_LARGE_ELEMENTS (1ULL << 40)
/* Most sizes one record may measure. */
#define MAX_SIZES 10000
/* Largest stride: a byte offset within one page. */
#define MAX_STRIDE 4095ULL
/* window= : messages in flight at once (osu_bw's default is 64) */
#define DEFAULT_WINDOW 64
#define MAX_WINDOW 4096
/* the most threads a rank of a threaded call's pair may run (threads=) */
#define MAX_THREADS 64

/* cvar=NAME:VALUE: an MPI_T control variable set for the record (world/mpit.h) */
enum { MAX_RECORD_CVARS = 8 };
struct record_cvar {
    char name[128];
    char value[64];
    int col;                   /* the setting's column */
};

struct size_list;

/* Room for one family's settings struct, inline in the record: a family
 * says its struct's size (struct family's own_size, as fio's
 * option_struct_size) and OWN_SIZE fails to compile where it does not
 * fit; the largest is the I/O family's, with hint='s strings (544
 * bytes).  Inline, not allocated per record, because records are copied
 * by assignment (chunks, results, --like): a pointer would alias. */
enum { RECORD_OWN_BYTES = 576 };
union record_own {
    unsigned char bytes[RECORD_OWN_BYTES];
    uint64_t align;
};
#define OWN_SIZE(type) \
    (sizeof(type) + 0 * sizeof(char[sizeof(type) <= RECORD_OWN_BYTES ? 1 : -1]))

struct record {
    int line;
    /* a record from the command line: its name ("-r 2", "--run osu_bw"),
     * which the messages and writers say instead of its line (the run
     * numbers its lines after the input file's: input/cmdline.h); NULL
     * for an input file's record */
    const char *from;
    int ok;                    /* no error on this line */
    int col[NFIELDS];          /* 1-based column of each field */
    const struct call *call;
    const struct datatype *dt;
    uint64_t min, max, value;
    enum step step;
    const struct topology *topo;
    char topo_file[SIDE_PATH_BYTES];          /* GRAPH:path -> path */
    const struct op *op;           /* reductions, else NULL */
    const struct pattern *pattern; /* BARRIER, else NULL */
    int pattern_arg;               /* TREE:4 -> 4 */
    char pattern_file[SIDE_PATH_BYTES];       /* FILE:path -> path */
    enum pairs pairs;              /* point-to-point */
    const struct pair_filter *pf;  /* which pairs; ALL unless NOP:NAME */
    long sample;                   /* SAMPLE:N -> N */
    uint64_t stride;
    int root;                      /* 0 unless root= */
    long iters, warmup;            /* -1 unless iters=, warmup= */
    int window;                    /* messages in flight: window= (64) */
    int window_col;                /* its column; 0 when not written */
    int recv;                      /* point-to-point: recv= (RECV_* bits; named) */
    int root_rotate;               /* root=rotate: call i's root is i mod P */
    int inplace;                   /* inplace=1: MPI_IN_PLACE where MPI allows it */
    enum buffers buffers;          /* buffers= (default: as --like says) */
    int compose;                   /* compose=1: timed against its mock-ups too */
    /* mem=: where the buffers are (enum mem_kind: host, device, managed;
     * -1 where not written: --mem's, else host); rmem=: a pair's
     * responder's, where it differs (-1: as mem=); staged=1: device
     * buffers sent through host copies (kernels/device.c) */
    int mem, rmem, staged;
    /* the call as written where threads= made it its threaded form
     * (SEND threads=2:1 is LATENCY_MT threads=2:1), else NULL */
    const struct call *written_as;
    struct record_cvar cvar[MAX_RECORD_CVARS];
    int ncvars;
    /* sizes=: the element counts measured instead of the ADD/MUL range
     * (registry/sizes.h), NULL without; the setting's column */
    const struct size_list *sizes;
    int sizes_col;
    /* the settings its call's family owns, in the family's own struct
     * (kernels/rma.h's struct rma_settings, ...): the family's setting
     * rows point into it, and only the family's code reads it */
    union record_own own;
    char text[RECORD_TEXT];        /* the record as written, comment cut */
};

/* where r was written, for the writers: "line 7", or its command-line
 * name ("-r 2") */
static inline const char *record_place(const struct record *r, char *buf, size_t len)
{
    if (r->from)
        snprintf(buf, len, "%s", r->from);
    else
        snprintf(buf, len, "line %d", r->line);
    return buf;
}

struct recordset {
    const char *file;
    struct record *rec;
    int n;
    int before;                /* records of the file before rec[0] (a chunk) */
};

/* The messages a timed iteration of r streams at once: the family's
 * window hook (one-sided: window= in mode=bw|bibw), else window= for the
 * calls that stream (BW, BIBW, MSGRATE, the fabric calls), else 1. */
static inline int record_window(const struct record *r)
{
    if (r->call->family->window)
        return r->call->family->window(r);
    return call_has(r->call, CALL_WINDOWED) ? r->window : 1;
}

/* compose=1: the mock-ups r is timed against after its call
 * (kernels/coll_compose.c), 0 without; record_mockup(r, i) is the i-th */
static inline int record_mockups(const struct record *r)
{
    int n = 0;
    while (r->compose && r->call && r->call->mockups && r->call->mockups[n])
        n++;
    return n;
}

static inline const struct call *record_mockup(const struct record *r, int i)
{
    return r->call->mockups[i];
}

/* The threads each rank of r runs at once: the family's threads hook
 * (the threaded calls' threads=), else 1 */
static inline int record_threads(const struct record *r)
{
    return r->call && r->call->family->threads ? r->call->family->threads(r) : 1;
}

/* Before MPI_Init (input/thread_scan.c), whether a record of c on an
 * input line may run threads: a threaded call's (LATENCY_MT ...) always,
 * another family's with a threads hook (the collectives) where the line
 * asks threads= 2 or more.  A look at the text, not a parse. */
static inline int call_line_threaded(const struct call *c, const char *line)
{
    if (!c->family->threads)
        return 0;
    if (c->family->samples)    /* samples of its own threads: always */
        return 1;
    const char *t = strstr(line, "threads=");
    return t && atoi(t + strlen("threads=")) > 1;
}

/* 1 when r's samples are one a thread: a family whose threads give
 * samples of their own (the samples hook: LATENCY_MT ..., even at
 * threads=1), or a collective at threads= 2 or more (measure/thread_fan.c
 * times each thread); not the partitioned calls' threads, which mark one
 * message's partitions ready (the message is the sample).  The per-thread
 * file, prose and run.json follow. */
static inline int record_per_thread(const struct record *r)
{
    const struct family *f = r->call ? r->call->family : NULL;
    return f && f->threads &&
           (f->samples || (f->way != WAY_PAIRS && f->threads(r) > 1));
}

/* The copies of a record's buffers each rank holds: a slot for every
 * message of a window, for every thread that has data of its own (not
 * the partitioned calls' threads, which share one message).  The one
 * product that both the buffers measure/ allocates and the bound world/
 * plans with use, so that no setting that multiplies buffers is counted
 * in one and not the other. */
static inline int record_copies(const struct record *r)
{
    return record_window(r) * (record_per_thread(r) ? record_threads(r) : 1);
}

/* FAN_IN's root receives into slots for the windows of at most this many
 * senders (fewer ranks: a window each); more senders take turns in them,
 * a slot reposted as soon as its message is in (kernels/fabric.c), so
 * that the root's memory does not grow with the ranks.  The tests' hook
 * MPIGAUGE_TEST_FAN_IN_WINDOWS=K sets another bound, to take turns on a
 * few ranks. */
#define FAN_IN_WINDOWS 16
static inline int fan_in_windows(void)
{
    const char *e = getenv("MPIGAUGE_TEST_FAN_IN_WINDOWS");
    return e && atoi(e) > 0 ? atoi(e) : FAN_IN_WINDOWS;
}

/* mem=, rmem= and --mem (mem_facts.c): the kinds (enum mem_kind) of a
 * pair's initiator and responder, or of every rank of a collective (both
 * alike); MEM_HOST where none was asked for.  record_wants_gpu: 1
 * where either is not host. */
void record_mem_kinds(const struct record *r, int kind[2]);
int record_wants_gpu(const struct record *r);
/* why r's settings do not go with GPU buffers (inplace=1, threads=,
 * compose=1, device and managed sides), or NULL */
const char *record_mem_unbuilt(const struct record *r);
/* --mem KIND (enum mem_kind) into r where its call takes mem= and it
 * names none */
void record_take_mem(struct record *r, int kind);

/* --cache cold: NULL where the record's buffers are cycled (copies,
 * the next before every call), else why it runs warm.  The one rule
 * that the plan (memory, skips), the buffers and the outputs' labels
 * (header, run.json, prose) all read (registry/families.c). */
const char *cache_warm_why(const struct record *r);

#endif
