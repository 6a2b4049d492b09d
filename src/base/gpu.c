/* gpu.c: the GPU runtime (CUDA, HIP or Level Zero), opened with dlopen at run time.
 *
 * CUDA's and HIP's runtimes have the same entry points under two
 * prefixes ("cuda", "hip") and agree on what this file uses: an int
 * error code (0 success), cudaMemcpyDefault == hipMemcpyDefault == 4
 * (the direction read from the pointers, unified addressing), the
 * managed memory flag "attach global" == 1, and a device properties
 * struct that starts with the device's name (char name[256]); its whole
 * size differs between versions, so it is read into a buffer far larger
 * than either.  Nothing here links against either runtime: the build
 * needs neither, and a machine without one learns why from why. */
#include "base/gpu.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/gpu_ze.h"

/* CUDA's and HIP's entry points are these under their prefixes; Level
 * Zero's are made to look like them (gpu_ze.c) */
struct runtime {
    int (*count)(int *);
    int (*set)(int);
    int (*alloc)(void **, size_t);  /* none named malloc, free ...: smpicc's */
    int (*managed)(void **, size_t, unsigned);  /* headers make those names macros */
    int (*release)(void *);
    int (*copy)(void *, const void *, size_t, int);
    int (*fill)(void *, int, size_t);
    int (*sync)(void);
    int (*props)(void *, int);
    int (*version)(int *);
    const char *(*error)(int);
};
_Static_assert(sizeof(struct runtime) == sizeof(struct gpu_entries),
               "struct runtime is gpu_ze.h's struct gpu_entries");

static struct gpu_info info;
static struct runtime rt;
static int opened;

enum { COPY_DEFAULT = 4, ATTACH_GLOBAL = 1 };

/* prefix + name from the library, or NULL (why says which) */
static void *entry(void *lib, const char *prefix, const char *name)
{
    char full[64];
    snprintf(full, sizeof full, "%s%s", prefix, name);
    void *f = dlsym(lib, full);
    if (!f)
        snprintf(info.why, sizeof info.why, "%s has no %s", info.library, full);
    return f;
}

/* the entry points, in struct runtime's order */
static const char *const names[] = {
    "GetDeviceCount", "SetDevice", "Malloc", "MallocManaged", "Free", "Memcpy",
    "Memset", "DeviceSynchronize", "GetDeviceProperties", "RuntimeGetVersion",
    "GetErrorString",
};

/* every entry point, or 0.  POSIX has dlsym's void * hold a function's
 * address (its manual's own example converts it), so struct runtime,
 * all function pointers in names[] order, is copied from them whole. */
static int entries(void *lib, const char *prefix)
{
    enum { N = sizeof names / sizeof *names };
    _Static_assert(sizeof(struct runtime) == N * sizeof(void *),
                   "struct runtime is names[]'s entry points");
    void *raw[N];
    for (size_t i = 0; i < N; i++)
        if (!(raw[i] = entry(lib, prefix, names[i])))
            return 0;
    memcpy(&rt, raw, sizeof rt);
    return 1;
}

/* the three runtimes, in the order they are looked for, each with the
 * names its library has (unversioned first, as a development install
 * has it, then the versions a run-time install has) */
static const struct api {
    const char *word, *name, *prefix;   /* MPIGAUGE_GPU_API's word, api, dlsym prefix */
    const char *libraries[4];
} apis[] = {
    {"cuda", "CUDA", "cuda", {"libcudart.so", "libcudart.so.12", "libcudart.so.11.0", NULL}},
    {"hip", "HIP", "hip", {"libamdhip64.so", "libamdhip64.so.6", "libamdhip64.so.5", NULL}},
    {"ze", "ZE", "ze", {"libze_loader.so.1", "libze_loader.so", NULL, NULL}},
};
enum { NAPIS = sizeof apis / sizeof *apis };

/* the api a library at a path is: the one asked for, else its entry points' */
static const struct api *api_of(void *lib, const struct api *asked)
{
    if (asked)
        return asked;
    if (dlsym(lib, "cudaMalloc"))
        return &apis[0];
    return dlsym(lib, "hipMalloc") ? &apis[1] : &apis[2];
}

/* the library at path as api a (NULL: told by its entry points) */
static int try_library(const char *path, const struct api *a)
{
    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *e = dlerror();
        snprintf(info.why, sizeof info.why, "no GPU runtime (%s)", e ? e : path);
        return 0;
    }
    snprintf(info.library, sizeof info.library, "%s", path);
    a = api_of(lib, a);
    snprintf(info.api, sizeof info.api, "%s", a->name);
    int ok;
    if (a == &apis[2]) {
        char why[128];
        struct gpu_entries e;
        ok = gpu_ze_entries(lib, &e, why, sizeof why);
        if (ok)
            memcpy(&rt, &e, sizeof rt);
        else
            snprintf(info.why, sizeof info.why, "%s: %s", path, why);
    } else {
        ok = entries(lib, a->prefix);
    }
    if (!ok) {
        dlclose(lib);
        info.library[0] = info.api[0] = '\0';
    }
    return ok;
}

static void pick_device(int local_rank)
{
    int rc = rt.count(&info.count);
    if (rc != 0 || info.count <= 0) {
        info.count = 0;
        snprintf(info.why, sizeof info.why, "%s found no GPU (%s device count: %s)",
                 info.library, info.api,
                 rc ? rt.error(rc) : "0 devices");
        return;
    }
    info.index = local_rank % info.count;
    rt.set(info.index);
    rt.version(&info.runtime_version);
    static char props[64 * 1024];       /* far larger than either struct */
    if (rt.props(props, info.index) == 0)
        snprintf(info.name, sizeof info.name, "%.255s", props);
}

/* MPIGAUGE_GPU_API: cuda, hip or ze (only that runtime), auto or unset
 * (each in turn); NULL with *bad set for any other word */
static const struct api *asked_api(int *bad)
{
    const char *w = getenv("MPIGAUGE_GPU_API");
    *bad = 0;
    if (!w || !*w || strcmp(w, "auto") == 0)
        return NULL;
    for (int i = 0; i < NAPIS; i++)
        if (strcmp(w, apis[i].word) == 0)
            return &apis[i];
    *bad = 1;
    return NULL;
}

/* each runtime asked for, by its names, until one has a device: a
 * machine may have one runtime installed and another's GPU; why says
 * what each gave */
static int search(const struct api *asked, int local_rank)
{
    char tried[sizeof info.why] = "";
    for (int i = 0; i < NAPIS; i++) {
        if (asked && asked != &apis[i])
            continue;
        size_t used = strlen(tried);
        int found = 0;
        for (int j = 0; apis[i].libraries[j] && !found; j++)
            found = try_library(apis[i].libraries[j], &apis[i]);
        if (found) {
            pick_device(local_rank);
            if (info.count > 0)
                return 1;
            snprintf(tried + used, sizeof tried - used, "%s%.120s", used ? "; " : "", info.why);
        } else {
            snprintf(tried + used, sizeof tried - used, "%s%s (%s...): none opens",
                     used ? "; " : "", apis[i].name, apis[i].libraries[0]);
        }
    }
    snprintf(info.why, sizeof info.why, "no GPU runtime found with a device (%.210s)", tried);
    info.library[0] = info.api[0] = '\0';
    return 0;
}

static int load(int local_rank)
{
    int bad;
    const struct api *asked = asked_api(&bad);
    if (bad) {
        snprintf(info.why, sizeof info.why, "MPIGAUGE_GPU_API=%.64s is none of cuda, hip, "
                 "ze and auto", getenv("MPIGAUGE_GPU_API"));
        return 0;
    }
    const char *env = getenv("MPIGAUGE_GPU_RUNTIME");
    if (env && *env) {
        if (!try_library(env, asked))
            return 0;
        pick_device(local_rank);
        return 1;
    }
    return search(asked, local_rank);
}

const struct gpu_info *gpu_open(int local_rank)
{
    if (opened)
        return &info;
    opened = 1;
    info.loaded = load(local_rank < 0 ? 0 : local_rank);
    return &info;
}

const struct gpu_info *gpu_state(void)
{
    return opened ? &info : NULL;
}

void gpu_note_aware(int aware, const char *how)
{
    info.mpi_aware = aware;
    snprintf(info.aware_how, sizeof info.aware_how, "%s", how);
}

static void failed(const char *what, int rc, size_t bytes)
{
    fprintf(stderr, "mpigauge: %s of %zu bytes on %s device %d failed: %s\n", what,
            bytes, info.api, info.index, rt.error(rc));
    exit(EXIT_FAILURE);
}

void *gpu_alloc(enum mem_kind kind, size_t bytes)
{
    void *p = NULL;
    int rc = kind == MEM_MANAGED ? rt.managed(&p, bytes ? bytes : 1, ATTACH_GLOBAL)
                                 : rt.alloc(&p, bytes ? bytes : 1);
    if (rc != 0 || !p)
        failed(kind == MEM_MANAGED ? "managed memory" : "device memory", rc, bytes);
    return p;
}

void gpu_free(void *p)
{
    if (p)
        rt.release(p);
}

void gpu_copy(void *dst, const void *src, size_t bytes)
{
    int rc = bytes ? rt.copy(dst, src, bytes, COPY_DEFAULT) : 0;
    if (rc != 0)
        failed("a copy", rc, bytes);
}

void gpu_set(void *p, int byte, size_t bytes)
{
    int rc = bytes ? rt.fill(p, byte, bytes) : 0;
    if (rc == 0)
        rc = rt.sync();
    if (rc != 0)
        failed("a memset", rc, bytes);
}
