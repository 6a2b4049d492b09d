/* fakegpu.c: a test-only GPU runtime (tests/fakegpu.so): CUDA's entry
 * points that mpigauge's base/gpu.c opens, backed by host memory, so
 * that the loading, the staging, --check and the skip paths of mem=
 * run in CI on machines without a GPU.  Given to mpigauge as
 * MPIGAUGE_GPU_RUNTIME=tests/fakegpu.so.
 *
 * Its "device" memory is like a real GPU's in the one way that matters
 * here: the CPU cannot touch it.  The pages are PROT_NONE except inside
 * this runtime's own copies, so an MPI handed a device pointer it cannot
 * take, or a kernel that reads one, dies of SIGSEGV at once.  Managed
 * memory is plain host memory (the CPU may touch it, as on a GPU).
 *
 *   MPIGAUGE_FAKEGPU_DEVICES=N   devices it reports (1; 0: none)
 *   MPIGAUGE_FAKEGPU_OPEN=1      device pages readable and writable (an MPI
 *                                that is GPU-aware reads them itself)
 *   MPIGAUGE_FAKEGPU_LOG=PREFIX  at exit, PREFIX.PID gets "copies N bytes B" */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

struct block {
    char *p;
    size_t bytes;
};

static struct block blocks[256];
static int nblocks;
static unsigned long copies, copied;
/* a threaded call's threads stage their own slots at once (LATENCY_MT
 * staged=1): one copy at a time, or one thread's closing of a block's
 * pages would fault another's copy from it */
static pthread_mutex_t copying = PTHREAD_MUTEX_INITIALIZER;

static int devices(void)
{
    const char *e = getenv("MPIGAUGE_FAKEGPU_DEVICES");
    return e ? atoi(e) : 1;
}

static int open_pages(void)
{
    const char *e = getenv("MPIGAUGE_FAKEGPU_OPEN");
    return e && *e == '1';
}

static struct block *owner(const void *p)
{
    for (int i = 0; i < nblocks; i++)
        if ((const char *)p >= blocks[i].p && (const char *)p < blocks[i].p + blocks[i].bytes)
            return &blocks[i];
    return NULL;
}

static void protect(struct block *b, int open)
{
    if (b && !open_pages())
        mprotect(b->p, b->bytes, open ? PROT_READ | PROT_WRITE : PROT_NONE);
}

static void report(void)
{
    const char *prefix = getenv("MPIGAUGE_FAKEGPU_LOG");
    if (!prefix)
        return;
    char path[4096];
    snprintf(path, sizeof path, "%s.%ld", prefix, (long)getpid());
    FILE *f = fopen(path, "w");
    if (f) {
        fprintf(f, "copies %lu bytes %lu\n", copies, copied);
        fclose(f);
    }
}

int cudaGetDeviceCount(int *n)
{
    static int registered;
    if (!registered++)
        atexit(report);
    *n = devices();
    return *n > 0 ? 0 : 100;   /* cudaErrorNoDevice */
}

int cudaSetDevice(int d) { return d < devices() ? 0 : 101; }
int cudaRuntimeGetVersion(int *v) { *v = 1; return 0; }
int cudaDeviceSynchronize(void) { return 0; }

const char *cudaGetErrorString(int rc)
{
    return rc == 2 ? "out of memory (test runtime)" : "error (test runtime)";
}

int cudaGetDeviceProperties(void *props, int d)
{
    snprintf(props, 256, "mpigauge test runtime, host memory (device %d)", d);
    return 0;
}

int cudaMalloc(void **p, size_t bytes)
{
    size_t len = (bytes + 4095) / 4096 * 4096;
    void *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED || nblocks == (int)(sizeof blocks / sizeof *blocks))
        return 2;               /* cudaErrorMemoryAllocation */
    blocks[nblocks] = (struct block){m, len};
    protect(&blocks[nblocks++], 0);
    *p = m;
    return 0;
}

int cudaMallocManaged(void **p, size_t bytes, unsigned flags)
{
    (void)flags;
    *p = malloc(bytes);
    return *p ? 0 : 2;
}

int cudaFree(void *p)
{
    struct block *b = owner(p);
    if (!b) {
        free(p);                /* managed */
        return 0;
    }
    munmap(b->p, b->bytes);
    *b = blocks[--nblocks];
    return 0;
}

int cudaMemcpy(void *dst, const void *src, size_t bytes, int kind)
{
    (void)kind;
    pthread_mutex_lock(&copying);
    struct block *d = owner(dst), *s = owner(src);
    protect(d, 1);
    protect(s, 1);
    memcpy(dst, src, bytes);
    protect(d, 0);
    protect(s, 0);
    copies++;
    copied += bytes;
    pthread_mutex_unlock(&copying);
    return 0;
}

int cudaMemset(void *p, int byte, size_t bytes)
{
    struct block *b = owner(p);
    protect(b, 1);
    memset(p, byte, bytes);
    protect(b, 0);
    return 0;
}

/* Level Zero's entry points that base/gpu_ze.c uses, over the same
 * memory: the test runtime stands in for libze_loader.so.1 when asked
 * for it (MPIGAUGE_GPU_API=ze with MPIGAUGE_GPU_RUNTIME=tests/fakegpu.so;
 * by its path alone it is CUDA, whose cudaMalloc it has).  Handles are
 * any non-null pointer; the result codes are ze_result_t's (0 success). */
static int handle;

unsigned zeInit(unsigned flags) { (void)flags; return 0; }

unsigned zeDriverGet(unsigned *n, void **drivers)
{
    if (*n > 0)
        drivers[0] = &handle;
    *n = 1;
    return 0;
}

unsigned zeDeviceGet(void *driver, unsigned *n, void **list)
{
    (void)driver;
    int have = devices();
    static int registered;
    if (!registered++)
        atexit(report);
    for (int i = 0; i < have && i < (int)*n; i++)
        list[i] = &handle;
    *n = (unsigned)(have > 0 ? have : 0);
    return 0;
}

unsigned zeContextCreate(void *driver, const void *desc, void **ctx)
{
    (void)driver, (void)desc;
    *ctx = &handle;
    return 0;
}

unsigned zeMemAllocDevice(void *ctx, const void *desc, size_t bytes, size_t align,
                          void *dev, void **p)
{
    (void)ctx, (void)desc, (void)align, (void)dev;
    return cudaMalloc(p, bytes) ? 0x70000002u : 0;   /* ..._OUT_OF_DEVICE_MEMORY */
}

unsigned zeMemAllocShared(void *ctx, const void *d, const void *h, size_t bytes,
                          size_t align, void *dev, void **p)
{
    (void)ctx, (void)d, (void)h, (void)align, (void)dev;
    return cudaMallocManaged(p, bytes, 1) ? 0x70000002u : 0;
}

unsigned zeMemFree(void *ctx, void *p) { (void)ctx; return (unsigned)cudaFree(p); }

unsigned zeCommandListCreateImmediate(void *ctx, void *dev, const void *desc, void **list)
{
    (void)ctx, (void)dev, (void)desc;
    *list = &handle;
    return 0;
}

unsigned zeCommandListAppendMemoryCopy(void *list, void *dst, const void *src, size_t bytes,
                                       void *event, unsigned nwait, void **wait)
{
    (void)list, (void)event, (void)nwait, (void)wait;
    return (unsigned)cudaMemcpy(dst, src, bytes, 4);
}

unsigned zeCommandListAppendMemoryFill(void *list, void *p, const void *pattern,
                                       size_t size, size_t bytes, void *event,
                                       unsigned nwait, void **wait)
{
    (void)list, (void)size, (void)event, (void)nwait, (void)wait;
    return (unsigned)cudaMemset(p, *(const unsigned char *)pattern, bytes);
}

unsigned zeDriverGetApiVersion(void *driver, unsigned *v)
{
    (void)driver;
    *v = 1u << 16 | 3;          /* 1.3 */
    return 0;
}
