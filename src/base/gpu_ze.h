/* gpu_ze.h: Level Zero (Intel GPUs: libze_loader.so.1) behind base/gpu.c's
 * CUDA-shaped entry points (gpu_ze.c); nothing of mpigauge but base/. */
#ifndef MPIGAUGE_GPU_ZE_H
#define MPIGAUGE_GPU_ZE_H

#include <stddef.h>

/* the entry points base/gpu.c calls, in its struct runtime's order */
struct gpu_entries {
    int (*count)(int *);
    int (*set)(int);
    int (*alloc)(void **, size_t);
    int (*managed)(void **, size_t, unsigned);
    int (*release)(void *);
    int (*copy)(void *, const void *, size_t, int);
    int (*fill)(void *, int, size_t);
    int (*sync)(void);
    int (*props)(void *, int);
    int (*version)(int *);
    const char *(*error)(int);
};

/* Level Zero's functions from lib (a dlopen handle) behind e: 1, or 0
 * with why (the function it lacks) */
int gpu_ze_entries(void *lib, struct gpu_entries *e, char *why, size_t len);

#endif
