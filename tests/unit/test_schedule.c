/* test_schedule.c: the ROUNDS round-robin schedule, SAMPLE:N's draw and
 * PERMUTATION's random perfect matchings, without MPI */
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

/* a perfect matching: symmetric, no rank its own partner, exactly one
 * rank out for odd p and none for even p */
static int is_matching(const int *partner, int p)
{
    int bad = 0, out = 0;
    for (int r = 0; r < p; r++) {
        int q = partner[r];
        if (q < 0) {
            out++;
            continue;
        }
        bad += q == r || q >= p || partner[q] != r;
    }
    return bad == 0 && out == p % 2;
}

static void matchings(void)
{
    int a[MAXP], b[MAXP], bad = 0;
    for (int p = 2; p <= 33; p++)
        for (int i = 0; i < MATCHINGS; i++) {
            random_matching(p, MATCHING_SEED, i, a);
            bad += !is_matching(a, p);
        }
    CHECK(bad == 0);
    /* the same seed and draw: the same partners; another draw or seed:
     * others (16 ranks: 2027025 matchings) */
    random_matching(16, 7, 2, a);
    random_matching(16, 7, 2, b);
    CHECK(memcmp(a, b, sizeof(int) * 16) == 0);
    random_matching(16, 7, 3, b);
    CHECK(memcmp(a, b, sizeof(int) * 16) != 0);
    random_matching(16, 8, 2, b);
    CHECK(memcmp(a, b, sizeof(int) * 16) != 0);
    /* every partner of rank 0 about as often: 1200 draws of 4 ranks, 400
     * expected each */
    int count[4] = {0};
    for (uint64_t seed = 1; seed <= 300; seed++)
        for (int i = 0; i < 4; i++) {
            random_matching(4, seed, i, a);
            count[a[0]]++;
        }
    CHECK(count[0] == 0);
    for (int q = 1; q < 4; q++)
        CHECK(count[q] > 320 && count[q] < 480);
}

void test_schedule(void)
{
    rounds();
    sample();
    matchings();
}
