/* schedule.h: which pairs of a communicator are measured when: the
 * round-robin rounds of the ROUNDS criterion and SAMPLE:N's draw */
#ifndef MPIGAUGE_SCHEDULE_H
#define MPIGAUGE_SCHEDULE_H

#include <stdint.h>

/* Rounds of disjoint pairs that meet every pair of p ranks once:
 * p - 1 for even p, p for odd p (each round one rank sits out). */
int round_count(int p);

/* rank's partner in round r (0 <= r < round_count(p)), or -1 when it sits
 * the round out.  Symmetric: partner(partner(x)) = x. */
int round_partner(int p, int r, int rank);

/* The seed SAMPLE:N draws with, reported with the results. */
#define SAMPLE_SEED 1

/* n of the p (p - 1) / 2 pairs i < j, drawn without repeats with `seed`
 * (selection sampling: every pair equally likely), into pi[], pj[] in
 * (i, j) order; returns how many (n, or all pairs when fewer). */
long sample_pairs(int p, long n, uint64_t seed, int *pi, int *pj);

/* The seed PERMUTATION draws with unless seed= says otherwise, and how
 * many permutations it draws per size. */
#define MATCHING_SEED 1
#define MATCHINGS 4

/* Draw i (from 0) of `seed`: a random perfect matching of p ranks, as
 * partner[r] (partner[partner[r]] = r; for odd p one rank, -1, sits
 * out): a Fisher-Yates shuffle by splitmix64 seeded with seed and i, its
 * neighbours 2m and 2m + 1 paired.  Every rank computes the same. */
void random_matching(int p, uint64_t seed, int i, int *partner);

#endif
