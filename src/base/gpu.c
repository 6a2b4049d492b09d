/* gpu.c: the GPU runtime, opened with dlopen at run time.
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

typedef int (*count_fn)(int *);
typedef int (*set_fn)(int);
typedef int (*malloc_fn)(void **, size_t);
typedef int (*managed_fn)(void **, size_t, unsigned);
typedef int (*free_fn)(void *);
typedef int (*memcpy_fn)(void *, const void *, size_t, int);
typedef int (*memset_fn)(void *, int, size_t);
typedef int (*sync_fn)(void);
typedef int (*props_fn)(void *, int);
typedef const char *(*error_fn)(int);

struct runtime {
    count_fn count;
    set_fn set;
    malloc_fn alloc;            /* none named malloc, free ...: smpicc's headers */
    managed_fn managed;         /* make those names macros */
    free_fn release;
    memcpy_fn copy;
    memset_fn fill;
    sync_fn sync;
    props_fn props;
    count_fn version;
    error_fn error;
};

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

/* the library at path, with its prefix told by its entry points */
static int try_library(const char *path)
{
    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *e = dlerror();
        snprintf(info.why, sizeof info.why, "no GPU runtime (%s)", e ? e : path);
        return 0;
    }
    snprintf(info.library, sizeof info.library, "%s", path);
    const char *prefix = dlsym(lib, "cudaMalloc") ? "cuda" : "hip";
    snprintf(info.api, sizeof info.api, "%s", prefix[0] == 'c' ? "CUDA" : "HIP");
    if (!entries(lib, prefix)) {
        dlclose(lib);
        info.library[0] = info.api[0] = '\0';
        return 0;
    }
    return 1;
}

static const char *const libraries[] = {
    "libcudart.so", "libcudart.so.12", "libcudart.so.11.0",
    "libamdhip64.so", "libamdhip64.so.6", "libamdhip64.so.5", NULL,
};

static int load(void)
{
    const char *env = getenv("MPIGAUGE_GPU_RUNTIME");
    if (env && *env)
        return try_library(env);
    for (int i = 0; libraries[i]; i++)
        if (try_library(libraries[i]))
            return 1;
    snprintf(info.why, sizeof info.why,
             "no GPU runtime found (libcudart.so, libamdhip64.so and their "
             "versioned names: none opens)");
    return 0;
}

static void pick_device(int local_rank)
{
    int rc = rt.count(&info.devices);
    if (rc != 0 || info.devices <= 0) {
        info.devices = 0;
        snprintf(info.why, sizeof info.why, "%s found no GPU (%sGetDeviceCount: %s)",
                 info.library, info.api[0] == 'C' ? "cuda" : "hip",
                 rc ? rt.error(rc) : "0 devices");
        return;
    }
    info.device = local_rank % info.devices;
    rt.set(info.device);
    rt.version(&info.runtime_version);
    static char props[64 * 1024];       /* far larger than either struct */
    if (rt.props(props, info.device) == 0)
        snprintf(info.name, sizeof info.name, "%.255s", props);
}

const struct gpu_info *gpu_open(int local_rank)
{
    if (opened)
        return &info;
    opened = 1;
    info.loaded = load();
    if (info.loaded)
        pick_device(local_rank < 0 ? 0 : local_rank);
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
            bytes, info.api, info.device, rt.error(rc));
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
