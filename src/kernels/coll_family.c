/* coll_family.c: the rows of the collective and reduction families
 * (every rank of the communicator at once: coll_calls.c, coll_calls_nbc.c,
 * coll_calls_nbr.c) and their plan rules: the neighbourhood collectives' need
 * of a graph-shaped communicator, and the defects of the MPI libraries in
 * Debian 12 that mpigauge's runs and checks found in these calls (where
 * noted reproduced with a bare MPI program, or matching an upstream
 * report): a record that would crash the job or time a call that moves
 * the wrong data is skipped with the reason instead.  Their own setting,
 * threads=, runs a blocking collective on that many threads of every
 * rank at once, each on its own duplicate of the communicator (IMB-MT's
 * way; measure/thread_fan.c runs them). */
#include "registry/registry.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "registry/record.h"
#include "registry/settings.h"

/* the two families' own settings, in the record's own storage */
struct coll_settings {
    int threads;               /* threads= per rank (1: the calling thread) */
    int tests;                 /* tests=: MPI_Test calls while computing (0) */
    int levels;                /* HRELATION's levels=hw: BSP per hardware level too */
};


static const struct coll_settings *coll_settings(const struct record *r)
{
    return (const struct coll_settings *)(const void *)r->own.bytes;
}

/* Only the blocking forms: a non-blocking, persistent or partitioned
 * call keeps request state across its loop that every thread would need
 * its own copy of, and the overlap and init columns are timed on the
 * calling thread alone */
static const char *not_blocking(const struct call *c)
{
    return c->mode == MODE_BLOCKING ? NULL
           : " is not a blocking collective (threads= runs blocking ones, as IMB-MT)";
}

/* threads= is shown (header, run.json's record_settings, the prose)
 * only where more than one thread runs */
static int threads_in_force(const struct record *r)
{
    return coll_settings(r)->threads > 1;
}

static const char *not_nonblocking(const struct call *c)
{
    return c->post ? NULL : " is not a non-blocking collective";
}

static const char *no_bsp(const struct call *c)
{
    return call_has(c, CALL_BSP) ? NULL : " fits no BSP parameters";
}

static const char *const levels_words[] = {"hw", NULL};

/* tests= (the non-blocking calls': measure/overlap.c reads it through
 * the row, as the I/O family has one too) and levels= come before recv=,
 * the place they had among the common rows */
#define TESTS_ROW(fam) \
    {.owner = &fam, .key = "tests", .kind = SETTING_COUNT, .store = STORE_INT, \
     .offset = offsetof(struct coll_settings, tests), .lo = 0, .hi = 1000000, \
     .refuse = not_nonblocking, .before = "recv", \
     .help = "MPI_Test calls while computing (0)"}

static const struct setting coll_rows[] = {
    {.owner = &family_coll, .key = "threads", .kind = SETTING_COUNT, .store = STORE_INT,
     .offset = offsetof(struct coll_settings, threads), .dflt = 1, .lo = 1,
     .hi = MAX_THREADS, .refuse = not_blocking,
     .in_force = threads_in_force,
     .help = "threads per rank, each calling it on its own copy of the communicator (1)"},
    TESTS_ROW(family_coll),
    {.owner = &family_coll, .key = "levels", .kind = SETTING_WORDS, .store = STORE_INT,
     .offset = offsetof(struct coll_settings, levels), .words = levels_words, .first = 1,
     .what = "levels value", .refuse = no_bsp, .before = "recv",
     .help = "BSP's g and l per hardware level too (a last-level cache, a package, a node)"},
};

static const struct setting reduce_rows[] = {
    {.owner = &family_reduce, .key = "threads", .kind = SETTING_COUNT, .store = STORE_INT,
     .offset = offsetof(struct coll_settings, threads), .dflt = 1, .lo = 1,
     .hi = MAX_THREADS, .refuse = not_blocking,
     .in_force = threads_in_force,
     .help = "threads per rank, each calling it on its own copy of the communicator (1)"},
    TESTS_ROW(family_reduce),
};

/* threads=: each thread's calls need MPI_THREAD_MULTIPLE from 2 on (the
 * plan skips the record where the library gave less) */
static int coll_threads(const struct record *r)
{
    return coll_settings(r)->threads > 0 ? coll_settings(r)->threads : 1;
}

static int alltoall_vw(const struct call *c)
{
    return strstr(c->name, "ALLTOALLV") || strstr(c->name, "ALLTOALLW");
}

/* the neighbourhood collectives */
static int neighbor_skip(const struct record *r, const struct plan_facts *f, char *why,
                         size_t len)
{
    const struct call *c = r->call;
    if (!f->has_vtopo)
        snprintf(why, len, "%s needs a graph-shaped communicator (STENCIL, "
                 "STENCIL-OPEN, BINARY-TREE, GRAPH:path); %s is plain", c->name,
                 r->topo->name);
    /* SMPI 3.32 aborts in them ("Not yet implemented") */
    else if (f->smpi)
        snprintf(why, len, "SimGrid's SMPI 3.32 does not implement the neighbourhood "
                 "collectives (MPI_Neighbor_*, MPI_Ineighbor_*)");
    /* MPICH 4.0.2's MPI_(I)neighbor_alltoallw on a distributed graph whose
     * ranks' in- and out-degrees differ leaves blocks unreceived, without
     * an error; a bare program shows it after zeroed memory was freed, as
     * if counts were read past the end of their array */
    else if (strstr(c->name, "ALLTOALLW") && f->uneven &&
             facts_library(f, "MPICH Version: 4.0"))
        snprintf(why, len, "MPICH 4.0's MPI_Neighbor_alltoallw leaves blocks "
                 "unreceived on a graph whose in- and out-degrees differ; "
                 "NEIGHBOR_ALLTOALLV moves the same data");
    /* A periodic dimension of length 1 or 2 gives a rank the same neighbour
     * both ways; MPI-4.1 section 8.6 then wants block i from the
     * neighbour's block i^1.  MPICH 4.0.2's alltoallv/w forms pair them
     * the other way (pmodels/mpich#2194, fixed after 4.0); Open MPI 4.1's
     * non-blocking forms (libnbc) do too, and abort with MPI_ERR_TRUNCATE
     * when the two blocks differ in size (open-mpi/ompi#14416). */
    else if (f->twice && alltoall_vw(c) && facts_library(f, "MPICH Version: 4.0"))
        snprintf(why, len, "MPICH 4.0's %s swaps the two blocks of a periodic "
                 "dimension of length 1 or 2 (MPI-4.1 section 8.6); STENCIL-OPEN, "
                 "or a grid 3 or more long in every dimension, avoids it", c->name);
    else if (f->twice && c->post && strstr(c->name, "ALLTOALL") &&
             facts_library(f, "Open MPI v4"))
        snprintf(why, len, "Open MPI 4's %s swaps the two blocks of a periodic "
                 "dimension of length 1 or 2 (MPI-4.1 section 8.6) and aborts when "
                 "their sizes differ; STENCIL-OPEN, or a grid 3 or more long in "
                 "every dimension, avoids it", c->name);
    return why[0] != 0;
}

static int coll_skip(const struct record *r, const struct plan_facts *f, char *why,
                     size_t len)
{
    return call_has(r->call, CALL_NEIGHBORS) && neighbor_skip(r, f, why, len);
}

/* MPICH 4.0.2 and 4.1.1 crash in MPI_Reduce with MPI_IN_PLACE at a root
 * other than 0 (reduce_scatter_gather's local copy; from 1024 INT on 2
 * ranks here, pmodels/mpich#6540, fixed in 4.1.2) */
static int reduce_skip(const struct record *r, const struct plan_facts *f, char *why,
                       size_t len)
{
    if (r->inplace && call_has(r->call, CALL_ROOTED) && (r->root || r->root_rotate) &&
        (facts_library(f, "MPICH Version: 4.0") || facts_library(f, "MPICH Version: 4.1.1")))
        snprintf(why, len, "MPICH 4.0 and 4.1.1 crash in MPI_Reduce with "
                 "MPI_IN_PLACE at a root other than 0 (pmodels/mpich#6540); "
                 "inplace=1 with root=0 works");
    return why[0] != 0;
}

const struct family family_coll = {
    .name = "collective", .way = WAY_COMMUNICATOR, .per = "call",
    .moves_data = 1, .bytes_per_us = BYTES_PER_US, .passes = 1, .skip = coll_skip,
    .settings = coll_rows, .nsettings = sizeof coll_rows / sizeof coll_rows[0],
    .own_size = OWN_SIZE(struct coll_settings),
    .threads = coll_threads};
const struct family family_reduce = {
    .name = "reduction", .way = WAY_COMMUNICATOR, .per = "call",
    .moves_data = 1, .bytes_per_us = BYTES_PER_US, .passes = 1, .skip = reduce_skip,
    .settings = reduce_rows, .nsettings = sizeof reduce_rows / sizeof reduce_rows[0],
    .own_size = OWN_SIZE(struct coll_settings),
    .threads = coll_threads};
