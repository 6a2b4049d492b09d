/* splitmix.h: splitmix64, the project's one small random generator:
 * well mixed, and the same draws from the same seed on every rank, run
 * and machine (the HYBRID schedules, the classes' samples, the
 * predictor's tails, the seeded simulations of the tests) */
#ifndef MPIGAUGE_SPLITMIX_H
#define MPIGAUGE_SPLITMIX_H

#include <stdint.h>

static inline uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* a draw in [0, 1) with 53 random bits */
static inline double splitmix_unit(uint64_t *s)
{
    return (double)(splitmix64(s) >> 11) * (1.0 / 9007199254740992.0);
}

#endif
