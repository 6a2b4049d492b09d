/* mem_facts.c: a record's memory kinds (mem=, rmem=, and --mem, which
 * the run writes into records that name none) and what the writers say
 * of them: a run.json member, a data-file header line, a sentence of
 * prose, with the GPU the run found (base/gpu.h) */
#include "registry/record.h"

#include <jansson.h>
#include <stdio.h>
#include "base/gpu.h"
#include "registry/record_view.h"

static const char *const kind_names[] = {"host", "device", "managed"};

void record_mem_kinds(const struct record *r, int kind[2])
{
    kind[0] = r->mem < 0 ? MEM_HOST : r->mem;
    kind[1] = r->rmem < 0 ? kind[0] : r->rmem;
}

int record_wants_gpu(const struct record *r)
{
    int kind[2];
    record_mem_kinds(r, kind);
    return kind[0] != MEM_HOST || kind[1] != MEM_HOST;
}

const char *record_mem_unbuilt(const struct record *r)
{
    /* the threaded family (LATENCY_MT ...) stages each thread's slots in
     * its own loop; a collective's thread fan (measure/thread_fan.c) has
     * no staging of its own */
    if (record_per_thread(r) && !r->call->family->samples)
        return "threads= on a collective with GPU buffers is not built";
    if (r->compose)     /* the mock-ups would run on host buffers */
        return "compose=1 with GPU buffers is not built";
    int kind[2];
    record_mem_kinds(r, kind);
    if (kind[0] == MEM_DEVICE && r->call && call_has(r->call, CALL_DEVICE_STAGED) && !r->staged)
        return "MPI I/O takes device buffers only staged (staged=1): the libraries "
               "read and write files from host memory";
    if (kind[0] != MEM_HOST && r->call && call_has(r->call, CALL_DEVICE_DIRECT) && r->staged)
        return "staged=1 on a one-sided call is not built: the target makes no call "
               "in the timed loop that could copy its window to the GPU; the window "
               "is in GPU memory where the library is GPU-aware (staged=0)";
    if (kind[0] != MEM_HOST && kind[1] != MEM_HOST && kind[0] != kind[1])
        return "device memory on one side and managed memory on the other is not "
               "built (a rank is initiator and responder in turn)";
    return NULL;
}

void record_take_mem(struct record *r, int kind)
{
    if (r->mem < 0 && r->call && call_has(r->call, CALL_DEVICE))
        r->mem = kind;
}

/* "device memory", or "device memory (initiator), host memory
 * (responder)" where a pair's sides differ */
static void kinds_text(FILE *f, const int kind[2])
{
    if (kind[0] == kind[1])
        fprintf(f, "%s memory", kind_names[kind[0]]);
    else
        fprintf(f, "%s memory on the initiator, %s memory on the responder",
                kind_names[kind[0]], kind_names[kind[1]]);
}

/* a runtime was opened and has a device */
static int gpu_found(const struct gpu_info *g)
{
    return g && g->loaded && g->count > 0;
}

static const char *way_text(const struct record *r, const struct gpu_info *g)
{
    if (r->staged)
        return "staged through host memory inside the timing (staged=1): what a "
               "call sends is copied device to host first, what it received host "
               "to device after";
    if (g && g->mpi_aware)
        return "handed to MPI as they are (the library is GPU-aware)";
    return "handed to MPI as they are (managed memory, which the CPU may touch)";
}

static void memory_json(const struct record *r, const int kind[2],
                        const struct gpu_info *g, json_t *o)
{
    json_t *m = json_object();
    json_object_set_new(m, "kind", json_string(kind_names[kind[0]]));
    json_object_set_new(m, "responder_kind", json_string(kind_names[kind[1]]));
    json_object_set_new(m, "staged", json_boolean(r->staged));
    int found = gpu_found(g);
    json_object_set_new(m, "api", found ? json_string(g->api) : json_null());
    json_object_set_new(m, "runtime", found ? json_string(g->library) : json_null());
    json_object_set_new(m, "runtime_version",
                        found ? json_integer(g->runtime_version) : json_null());
    json_object_set_new(m, "device", found ? json_string(g->name) : json_null());
    json_object_set_new(m, "mpi_gpu_aware", g ? json_boolean(g->mpi_aware) : json_null());
    json_object_set_new(m, "mpi_gpu_aware_how", g ? json_string(g->aware_how) : json_null());
    json_object_set_new(o, "memory", m);
}

void mem_describe(const struct record *r, json_t *o, FILE *header, FILE *prose)
{
    int kind[2];
    record_mem_kinds(r, kind);
    if (kind[0] == MEM_HOST && kind[1] == MEM_HOST)
        return;
    const struct gpu_info *g = gpu_state();
    int found = gpu_found(g);
    memory_json(r, kind, g, o);
    fprintf(header, "# memory: buffers in ");
    kinds_text(header, kind);
    if (found)
        fprintf(header, " (%s, %s version %d, device %d: %s), %s\n", g->api, g->library,
                g->runtime_version, g->index, g->name, way_text(r, g));
    else
        fprintf(header, " (no GPU: %s)\n", g ? g->why : "not looked for");
    fprintf(prose, "  Buffers in ");
    kinds_text(prose, kind);
    fprintf(prose, "%s%s.\n", found ? ", " : "", found ? way_text(r, g) : "");
}
