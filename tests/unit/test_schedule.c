/* test_schedule.c: the ROUNDS round-robin schedule and SAMPLE:N's draw,
 * without MPI */
#include <string.h>

#include "models/schedule.h"
#include "unit.h"

#define MAXP 40

/* every pair met exactly once, partners symmetric, nobody twice a round,
 * at most one rank idle a round and only for odd p */
static int rounds_cover(int p)
{
    static char met[MAXP][MAXP];
    memset(met, 0, sizeof met);
    int bad = 0;
    for (int r = 0; r < round_count(p); r++) {
        int idle = 0;
        for (int x = 0; x < p; x++) {
            int q = round_partner(p, r, x);
            if (q < 0) {
                idle++;
                continue;
            }
            bad += q == x || q >= p || round_partner(p, r, q) != x;
            if (x < q)
                bad += met[x][q]++ != 0;
        }
        bad += idle != p % 2;
    }
    for (int i = 0; i < p; i++)
        for (int j = i + 1; j < p; j++)
            bad += met[i][j] != 1;
    return bad == 0;
}

static void rounds(void)
{
    for (int p = 2; p <= 33; p++)
        CHECK(rounds_cover(p));
    CHECK(round_count(4) == 3 && round_count(5) == 5 && round_count(1) == 0);
}

static void sample(void)
{
    int pi[64], pj[64], qi[64], qj[64];
    long n = sample_pairs(12, 10, SAMPLE_SEED, pi, pj);
    CHECK(n == 10);
    int bad = 0;
    for (long s = 0; s < n; s++) {
        bad += pi[s] < 0 || pi[s] >= pj[s] || pj[s] >= 12;
        if (s > 0)     /* in (i, j) order, so no repeats */
            bad += pi[s] < pi[s - 1] || (pi[s] == pi[s - 1] && pj[s] <= pj[s - 1]);
    }
    CHECK(bad == 0);
    CHECK(sample_pairs(12, 10, SAMPLE_SEED, qi, qj) == 10);
    CHECK(memcmp(pi, qi, sizeof(int) * 10) == 0 && memcmp(pj, qj, sizeof(int) * 10) == 0);
    CHECK(sample_pairs(12, 10, 99, qi, qj) == 10);
    CHECK(memcmp(pi, qi, sizeof(int) * 10) != 0 || memcmp(pj, qj, sizeof(int) * 10) != 0);
    CHECK(sample_pairs(4, 64, SAMPLE_SEED, pi, pj) == 6);     /* all of them */
    /* over many seeds every one of the 6 pairs of 4 ranks is drawn about
     * as often when 2 are asked for: 1000 draws, 333 expected each */
    int count[6] = {0};
    for (uint64_t seed = 1; seed <= 1000; seed++) {
        long m = sample_pairs(4, 2, seed, qi, qj);
        for (long s = 0; s < m; s++) {
            int i = qi[s], j = qj[s];
            count[i * (7 - i) / 2 + j - i - 1]++;
        }
    }
    for (int c = 0; c < 6; c++)
        CHECK(count[c] > 250 && count[c] < 420);
}

void test_schedule(void)
{
    rounds();
    sample();
}
