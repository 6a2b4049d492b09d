/* schedule.c: round-robin rounds and a seeded sample of pairs.
 *
 * The rounds are the circle method: put p ranks (p + 1 with a dummy for
 * odd p) on a circle of n - 1 positions and one in the middle; in round r
 * the middle meets r, and every other x meets the rank mirrored around r,
 * (2r - x) mod (n - 1).  The rank that meets the dummy sits out.
 * PERMUTATION's random perfect matchings are drawn here too. */
#include "models/schedule.h"

#include <stdlib.h>
#include "base/base.h"
#include "base/splitmix.h"

int round_count(int p)
{
    return p < 2 ? 0 : p % 2 ? p : p - 1;
}

int round_partner(int p, int r, int rank)
{
    int n = p % 2 ? p + 1 : p, m = n - 1;   /* rank m: the middle */
    int partner;
    if (rank == m)
        partner = r;
    else if (rank == r)
        partner = m;
    else
        partner = ((2 * r - rank) % m + m) % m;
    return partner >= p ? -1 : partner;
}

long sample_pairs(int p, long n, uint64_t seed, int *pi, int *pj)
{
    long total = (long)p * (p - 1) / 2, seen = 0, taken = 0;
    if (n > total)
        n = total;
    uint64_t s = seed;
    for (int i = 0; i < p && taken < n; i++)
        for (int j = i + 1; j < p && taken < n; j++, seen++) {
            /* take this pair with probability (still wanted) / (still left) */
            double u = (double)(splitmix64(&s) >> 11) * 0x1.0p-53;
            if ((double)(total - seen) * u < (double)(n - taken)) {
                pi[taken] = i;
                pj[taken++] = j;
            }
        }
    return taken;
}

void random_matching(int p, uint64_t seed, int i, int *partner)
{
    int *order = partner;      /* shuffled in place, then paired */
    uint64_t s = seed ^ ((uint64_t)i * 0xD1B54A32D192ED03ULL);
    for (int r = 0; r < p; r++)
        order[r] = r;
    for (int r = p - 1; r > 0; r--) {
        int j = (int)(splitmix64(&s) % (uint64_t)(r + 1));
        int x = order[r];
        order[r] = order[j];
        order[j] = x;
    }
    int *pairs = xmalloc_array((size_t)p + 1, sizeof *pairs);
    for (int m = 0; m < p; m++)
        pairs[m] = order[m];
    for (int m = 0; m < p; m++)
        partner[m] = -1;
    for (int m = 0; m + 1 < p; m += 2) {
        partner[pairs[m]] = pairs[m + 1];
        partner[pairs[m + 1]] = pairs[m];
    }
    free(pairs);
}
