/* gpu_world.h: the GPU of mem=device and mem=managed records: opened once a
 * run, the MPI library's GPU-awareness, and the plan's skips (gpu_world.c) */
#ifndef MPIGAUGE_GPU_WORLD_H
#define MPIGAUGE_GPU_WORLD_H

#include <stddef.h>
#include "base/gpu.h"
#include "input/options.h"
#include "registry/record.h"
#include "world/world.h"

/* 1 (why written) when r asks for GPU buffers that cannot be had or used
 * here; 0 otherwise, and for every record of host memory */
int gpu_skip_reason(const struct record *r, const struct world *w,
                    const struct options *o, char *why, size_t len);
/* --mem KIND into a record that takes mem= and names none */
void mem_take_option(struct record *r, const struct options *o);

#endif
