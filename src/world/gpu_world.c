/* gpu_world.c: the GPU that mem=device and mem=managed records use: the
 * runtime opened once a run (base/gpu.c), whether the MPI library takes
 * device pointers, and why a record cannot run with its memory kinds.
 * Every rank decides alike (the same build, and a machine's ranks the
 * same runtime), so the plan's skips agree without a message. */
#include "world/gpu_world.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/gpu.h"
#include "base/smpi.h"

/* MPICH's MPIX_GPU_SUPPORT_CUDA and _HIP (mpi.h) */
enum { QUERY_CUDA = 0, QUERY_HIP = 2 };

typedef int (*query_fn)(int, int *);
typedef int (*ask_fn)(void);

/* a function of the MPI library by name, or NULL: looked up at run time,
 * so that one build serves MPICH (MPIX_GPU_query_support), Open MPI
 * (MPIX_Query_cuda_support, MPIX_Query_rocm_support) and libraries with
 * neither */
static void *library_function(const char *name)
{
    return dlsym(RTLD_DEFAULT, name);
}

/* whether MPI takes api's device pointers, and how that was learnt */
static int query_aware(const char *api, char *how, size_t len)
{
    const char *test = getenv("MPIGAUGE_TEST_GPU_AWARE");
    if (test && *test) {
        snprintf(how, len, "MPIGAUGE_TEST_GPU_AWARE=%s (tests only)", test);
        return atoi(test) != 0;
    }
    int cuda = strcmp(api, "CUDA") == 0, yes = 0;
    void *f = library_function("MPIX_GPU_query_support");
    if (f) {
        query_fn q;
        memcpy(&q, &f, sizeof q);
        q(cuda ? QUERY_CUDA : QUERY_HIP, &yes);
        snprintf(how, len, "MPIX_GPU_query_support(%s): %s", cuda ? "CUDA" : "HIP",
                 yes ? "yes" : "no");
        return yes != 0;
    }
    const char *name = cuda ? "MPIX_Query_cuda_support" : "MPIX_Query_rocm_support";
    if ((f = library_function(name)) != NULL) {
        ask_fn a;
        memcpy(&a, &f, sizeof a);
        yes = a();
        snprintf(how, len, "%s(): %s", name, yes ? "yes" : "no");
        return yes != 0;
    }
    snprintf(how, len, "the library has no MPIX_GPU_query_support or %s: taken as "
             "not GPU-aware", name);
    return 0;
}

/* this rank's place among its node's ranks, for its GPU */
static int local_rank(const struct world *w)
{
    int local = 0;
    for (int r = 0; w->places && r < w->rank; r++)
        local += w->places[r].node == w->place.node;
    return local;
}

/* the runtime and GPU of this rank (opened on first use), with the
 * MPI library's awareness noted in it */
static const struct gpu_info *gpu_open_world(const struct world *w)
{
    const struct gpu_info *g = gpu_state();
    if (g)
        return g;
    g = gpu_open(local_rank(w));
    if (g->loaded && g->count > 0) {
        char how[160];
        int aware = query_aware(g->api, how, sizeof how);
        gpu_note_aware(aware, how);
    }
    return g;
}

/* why r's options or settings do not go with GPU buffers, or NULL */
static const char *unbuilt(const struct record *r, const struct options *o)
{
    if (o->cache_cold)
        return "--cache cold cycles host buffers; GPU buffers are one pair: run "
               "it without --cache cold";
    return record_mem_unbuilt(r);
}

int gpu_skip_reason(const struct record *r, const struct world *w,
                    const struct options *o, char *why, size_t len)
{
    /* an offline world (--validate --ranks N) asks this machine's runtime
     * and library too: its plan is an N-rank launch's here (issue 53: it
     * skipped nothing where a launch skipped every device record) */
    if (!record_wants_gpu(r))
        return 0;
    const char *no = unbuilt(r, o);
    if (MPIGAUGE_SMPI)
        no = "SMPI simulates no GPU memory";
    if (no) {
        snprintf(why, len, "%s", no);
        return 1;
    }
    const struct gpu_info *g = gpu_open_world(w);
    if (!g->loaded || g->count == 0) {
        snprintf(why, len, "mem=%s: %s", r->mem == MEM_MANAGED ? "managed" : "device",
                 g->why);
        return 1;
    }
    int kind[2];
    record_mem_kinds(r, kind);
    int on_device = kind[0] == MEM_DEVICE || kind[1] == MEM_DEVICE;
    if (on_device && !g->mpi_aware && !r->staged) {
        snprintf(why, len, "this MPI is not GPU-aware for %s (%s), and would be handed "
                 "device pointers; staged=1 times the host-staged path", g->api,
                 g->aware_how);
        return 1;
    }
    return 0;
}

void mem_take_option(struct record *r, const struct options *o)
{
    if (o->mem > 0)
        record_take_mem(r, o->mem - 1);
}
