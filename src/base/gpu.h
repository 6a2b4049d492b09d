/* gpu.h: a GPU runtime (CUDA, HIP or Level Zero) loaded at run time with dlopen, so
 * that mpigauge builds and runs on machines with no GPU software at all;
 * mem=device and mem=managed buffers come from it (gpu.c).  Includes
 * nothing of mpigauge but base/. */
#ifndef MPIGAUGE_GPU_H
#define MPIGAUGE_GPU_H

#include <stddef.h>

enum mem_kind { MEM_HOST, MEM_DEVICE, MEM_MANAGED };

/* the runtime found, or why none was */
struct gpu_info {
    int loaded;              /* a runtime library was opened and has every entry */
    char api[8];             /* "CUDA", "HIP" or "ZE" */
    char library[128];       /* the file dlopen opened: "libcudart.so.12" */
    int runtime_version;     /* cudaRuntimeGetVersion's (12040: 12.4) */
    int count;               /* cudaGetDeviceCount's */
    int index;               /* the one this rank uses */
    char name[256];          /* its name (cudaGetDeviceProperties) */
    char why[256];           /* when !loaded or count == 0: why no device */
    /* whether the MPI library takes this API's device pointers, and how
     * that was learnt (world/gpu_world.c: the library's query function) */
    int mpi_aware;
    char aware_how[160];
};

/* Opens the runtime once: MPIGAUGE_GPU_RUNTIME (a path, for tests) or
 * the usual names of CUDA's and then HIP's runtime library; picks GPU
 * local_rank mod the GPU count.  Never exits: a failure is in why. */
const struct gpu_info *gpu_open(int local_rank);
/* the state after gpu_open, or NULL before it */
const struct gpu_info *gpu_state(void);
/* what world/ learnt of the MPI library: GPU-aware or not, and how */
void gpu_note_aware(int aware, const char *how);

/* Memory of the kind (not MEM_HOST) on the chosen GPU; exits with a
 * message naming the runtime's error when it cannot be had. */
void *gpu_alloc(enum mem_kind kind, size_t bytes);
void gpu_free(void *p);
/* copies between host and device memory (any direction: the runtime's
 * Memcpy, synchronous with the host, so the host buffer may be reused
 * when it returns), and a device memset (synchronised) */
void gpu_copy(void *dst, const void *src, size_t bytes);
void gpu_set(void *p, int byte, size_t bytes);

#endif
