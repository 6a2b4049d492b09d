/* gpu_ze.c: Level Zero behind the CUDA-shaped calls of base/gpu.c.
 *
 * No Level Zero header is needed: the few types used are declared here
 * as ze_api.h has them (handles are pointers, results and structure
 * types 32-bit enums, each descriptor starting with stype and pNext).
 * zeInit, the first driver, its devices; a context; device memory by
 * zeMemAllocDevice, managed memory by zeMemAllocShared; copies and fills
 * through an immediate command list in synchronous mode, so that each
 * returns when it is done (as cudaMemcpy does for host memory). */
#include "base/gpu_ze.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef void *ze_handle;
enum {
    ZE_CONTEXT_DESC = 0xd, ZE_COMMAND_QUEUE_DESC = 0xe,
    ZE_DEVICE_MEM_ALLOC_DESC = 0x15, ZE_HOST_MEM_ALLOC_DESC = 0x16,
    ZE_QUEUE_SYNCHRONOUS = 1, ZE_ERROR_UNINITIALIZED = 0x78000001,
    ZE_ALIGN = 64, MAX_GPUS = 64,
};
struct ze_context_desc { uint32_t stype; const void *next; uint32_t flags; };
struct ze_device_mem_desc { uint32_t stype; const void *next; uint32_t flags, ordinal; };
struct ze_host_mem_desc { uint32_t stype; const void *next; uint32_t flags; };
struct ze_queue_desc {
    uint32_t stype; const void *next;
    uint32_t ordinal, index, flags, mode, priority;
};

static struct {
    uint32_t (*init)(uint32_t);
    uint32_t (*driver_get)(uint32_t *, ze_handle *);
    uint32_t (*device_get)(ze_handle, uint32_t *, ze_handle *);
    uint32_t (*context_create)(ze_handle, const struct ze_context_desc *, ze_handle *);
    uint32_t (*alloc_device)(ze_handle, const struct ze_device_mem_desc *, size_t, size_t,
                             ze_handle, void **);
    uint32_t (*alloc_shared)(ze_handle, const struct ze_device_mem_desc *,
                             const struct ze_host_mem_desc *, size_t, size_t, ze_handle,
                             void **);
    uint32_t (*mem_free)(ze_handle, void *);
    uint32_t (*list_create)(ze_handle, ze_handle, const struct ze_queue_desc *, ze_handle *);
    uint32_t (*copy)(ze_handle, void *, const void *, size_t, ze_handle, uint32_t, ze_handle *);
    uint32_t (*fill)(ze_handle, void *, const void *, size_t, size_t, ze_handle, uint32_t,
                     ze_handle *);
    uint32_t (*api_version)(ze_handle, uint32_t *);
} ze;

static const char *const names[] = {
    "zeInit", "zeDriverGet", "zeDeviceGet", "zeContextCreate", "zeMemAllocDevice",
    "zeMemAllocShared", "zeMemFree", "zeCommandListCreateImmediate",
    "zeCommandListAppendMemoryCopy", "zeCommandListAppendMemoryFill",
    "zeDriverGetApiVersion",
};

static ze_handle driver, context, list, gpus[MAX_GPUS];
static uint32_t ngpus;
static int gpu;

/* zeInit and the first driver's devices, once; the device count, or an
 * error code */
static int ze_count(int *n)
{
    static int done, rc;
    if (!done++) {
        uint32_t drivers = 1;
        rc = (int)ze.init(0);
        if (rc == 0)
            rc = (int)ze.driver_get(&drivers, &driver);
        if (rc == 0 && drivers == 0)
            rc = ZE_ERROR_UNINITIALIZED;
        ngpus = MAX_GPUS;
        if (rc == 0)
            rc = (int)ze.device_get(driver, &ngpus, gpus);
    }
    *n = rc == 0 ? (int)ngpus : 0;
    return rc;
}

/* the context and the device's immediate, synchronous command list */
static int ze_set(int d)
{
    struct ze_context_desc cd = {ZE_CONTEXT_DESC, NULL, 0};
    struct ze_queue_desc qd = {ZE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0, ZE_QUEUE_SYNCHRONOUS, 0};
    gpu = d;
    int rc = (int)ze.context_create(driver, &cd, &context);
    return rc ? rc : (int)ze.list_create(context, gpus[d], &qd, &list);
}

static int ze_alloc(void **p, size_t bytes)
{
    struct ze_device_mem_desc dd = {ZE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0};
    return (int)ze.alloc_device(context, &dd, bytes, ZE_ALIGN, gpus[gpu], p);
}

static int ze_managed(void **p, size_t bytes, unsigned flags)
{
    (void)flags;
    struct ze_device_mem_desc dd = {ZE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0};
    struct ze_host_mem_desc hd = {ZE_HOST_MEM_ALLOC_DESC, NULL, 0};
    return (int)ze.alloc_shared(context, &dd, &hd, bytes, ZE_ALIGN, gpus[gpu], p);
}

static int ze_release(void *p) { return (int)ze.mem_free(context, p); }

static int ze_copy(void *dst, const void *src, size_t bytes, int kind)
{
    (void)kind;                 /* the direction is the pointers' */
    return (int)ze.copy(list, dst, src, bytes, NULL, 0, NULL);
}

static int ze_fill(void *p, int byte, size_t bytes)
{
    unsigned char b = (unsigned char)byte;
    return (int)ze.fill(list, p, &b, 1, bytes, NULL, 0, NULL);
}

static int ze_sync(void) { return 0; }  /* the list is synchronous */

static int ze_props(void *props, int d)
{
    snprintf(props, 256, "Level Zero device %d", d);
    return 0;
}

/* the driver's API version, major * 1000 + minor (1.3: 1003) */
static int ze_version(int *v)
{
    uint32_t api = 0;
    int rc = (int)ze.api_version(driver, &api);
    *v = (int)((api >> 16) * 1000 + (api & 0xffff));
    return rc;
}

static const char *ze_error(int rc)
{
    static char text[32];
    snprintf(text, sizeof text, "ze_result_t 0x%x", (unsigned)rc);
    return text;
}

int gpu_ze_entries(void *lib, struct gpu_entries *e, char *why, size_t len)
{
    enum { N = sizeof names / sizeof *names };
    _Static_assert(sizeof ze == N * sizeof(void *), "ze is names[]'s functions");
    void *raw[N];
    for (size_t i = 0; i < N; i++)
        if (!(raw[i] = dlsym(lib, names[i]))) {
            snprintf(why, len, "it has no %s", names[i]);
            return 0;
        }
    memcpy(&ze, raw, sizeof ze);
    *e = (struct gpu_entries){ze_count, ze_set, ze_alloc, ze_managed, ze_release, ze_copy,
                              ze_fill, ze_sync, ze_props, ze_version, ze_error};
    return 1;
}
