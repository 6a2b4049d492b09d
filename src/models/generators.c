/* generators.c: the stages of the built-in barrier patterns (J. C.
 * Meyer's thesis, NTNU 2012, section 5.5), one function each;
 * registry/patterns.c names them. */
#include "models/pattern.h"

/* every rank signals the master (0), which then signals every rank */
void gen_linear(struct bpattern *bp, int p, int arg)
{
    (void)arg;
    bpattern_init(bp, p);
    if (p < 2)
        return;
    int in = bpattern_stage(bp), out = bpattern_stage(bp);
    for (int i = 1; i < p; i++) {
        bpattern_edge(bp, in, i, 0);
        bpattern_edge(bp, out, 0, i);
    }
}

/* k-ary tree rooted at 0: in arrival stage s, rank i with
 * i mod k^(s+1) = m k^s (0 < m < k) signals i - m k^s; the release
 * stages are the arrival stages transposed, in reverse order */
void gen_tree(struct bpattern *bp, int p, int arg)
{
    int k = arg >= 2 ? arg : 2;
    bpattern_init(bp, p);
    int arrivals = 0;
    for (long span = 1; span < p; span *= k) {
        int s = bpattern_stage(bp);
        for (int i = 0; i < p; i++) {
            long m = (i % (span * k)) / span;
            if (i % span == 0 && m > 0)
                bpattern_edge(bp, s, i, (int)(i - m * span));
        }
        arrivals++;
    }
    for (int a = arrivals - 1; a >= 0; a--) {
        int s = bpattern_stage(bp);
        for (int e = 0; e < bp->st[a].n; e++)
            bpattern_edge(bp, s, bp->st[a].e[e].to, bp->st[a].e[e].from);
    }
}

/* ceil(log2 P) stages; in stage s rank i signals (i + 2^s) mod P */
void gen_dissemination(struct bpattern *bp, int p, int arg)
{
    (void)arg;
    bpattern_init(bp, p);
    for (long d = 1; d < p; d *= 2) {
        int s = bpattern_stage(bp);
        for (int i = 0; i < p; i++)
            bpattern_edge(bp, s, i, (int)((i + d) % p));
    }
}

/* pairwise exchange (butterfly) on the largest power of two q <= P: in
 * stage s ranks i and i xor 2^s signal each other.  Ranks r >= q first
 * signal r - q and are released by it at the end. */
void gen_pairwise(struct bpattern *bp, int p, int arg)
{
    (void)arg;
    bpattern_init(bp, p);
    if (p < 2)
        return;
    int q = 1;
    while (q * 2 <= p)
        q *= 2;
    if (p > q) {
        int s = bpattern_stage(bp);
        for (int r = q; r < p; r++)
            bpattern_edge(bp, s, r, r - q);
    }
    for (int d = 1; d < q; d *= 2) {
        int s = bpattern_stage(bp);
        for (int i = 0; i < q; i++)
            bpattern_edge(bp, s, i, i ^ d);
    }
    if (p > q) {
        int s = bpattern_stage(bp);
        for (int r = q; r < p; r++)
            bpattern_edge(bp, s, r - q, r);
    }
}
