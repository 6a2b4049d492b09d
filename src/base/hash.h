/* hash.h: the run's small deterministic helpers that need no library: a
 * 64-bit FNV-1a hash (the input file's identity in the fingerprint) and
 * a seeded permutation (--shuffle's record order). */
#ifndef MPIGAUGE_HASH_H
#define MPIGAUGE_HASH_H

#include <stddef.h>
#include <stdint.h>

/* FNV-1a, 64 bits, of bytes[0..n): the same bytes give the same value on
 * every machine.  It tells files apart; it is no cryptographic hash. */
uint64_t fnv1a64(const void *bytes, size_t n);

/* order[0..n) becomes a permutation of 0..n-1 drawn from seed and salt
 * (Fisher-Yates on splitmix64): the same on every rank and machine. */
void seeded_permutation(int *order, int n, uint64_t seed, uint64_t salt);

#endif
