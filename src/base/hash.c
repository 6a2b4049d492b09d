/* hash.c: FNV-1a and a seeded permutation (hash.h) */
#include "base/hash.h"

uint64_t fnv1a64(const void *bytes, size_t n)
{
    const unsigned char *p = bytes;
    uint64_t h = 14695981039346656037ULL;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 1099511628211ULL;
    }
    return h;
}

/* splitmix64: a small generator with a well-mixed output from any seed */
static uint64_t next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void seeded_permutation(int *order, int n, uint64_t seed, uint64_t salt)
{
    uint64_t state = seed ^ (salt * 0xD1B54A32D192ED03ULL);
    for (int i = 0; i < n; i++)
        order[i] = i;
    for (int i = n - 1; i > 0; i--) {
        /* the modulo's bias is below 2^-40 for any n an input can have */
        int j = (int)(next(&state) % (uint64_t)(i + 1));
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
}
