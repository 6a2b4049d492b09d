/* sizes.h: the element counts a record measures */
#ifndef MPIGAUGE_SIZES_H
#define MPIGAUGE_SIZES_H

#include <stddef.h>
#include <stdint.h>
#include "registry/record.h"

/* Fills out[0..] with min, min+value (ADD) or min*value (MUL; a min of 0
 * measures 0 and goes on from 1) while <= max, and max itself last.
 * Returns how many there are; writes at most cap of them (call with
 * out = NULL to count). */
size_t size_sequence(uint64_t min, uint64_t max, enum step step,
                     uint64_t value, uint64_t *out, size_t cap);

/* The number of sizes, without walking them (ADD can ask for billions). */
uint64_t size_count(uint64_t min, uint64_t max, enum step step, uint64_t value);

#endif
