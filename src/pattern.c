/* pattern.c: barrier patterns as edge lists, their generators, and the
 * knowledge-matrix check of eqs. 5.1-5.2. */
#include "pattern.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void *grow(void *p, int *cap, int need, size_t size)
{
    if (need <= *cap)
        return p;
    int c = *cap ? *cap : 4;
    while (c < need)
        c *= 2;
    void *q = realloc(p, (size_t)c * size);
    if (!q)
        abort();
    *cap = c;
    return q;
}

void bpattern_init(struct bpattern *bp, int p)
{
    memset(bp, 0, sizeof *bp);
    bp->p = p;
}

void bpattern_free(struct bpattern *bp)
{
    for (int s = 0; s < bp->nstages; s++)
        free(bp->st[s].e);
    free(bp->st);
    memset(bp, 0, sizeof *bp);
}

int bpattern_stage(struct bpattern *bp)
{
    bp->st = grow(bp->st, &bp->cap, bp->nstages + 1, sizeof *bp->st);
    memset(&bp->st[bp->nstages], 0, sizeof *bp->st);
    return bp->nstages++;
}

void bpattern_edge(struct bpattern *bp, int stage, int from, int to)
{
    struct stage *st = &bp->st[stage];
    st->e = grow(st->e, &st->cap, st->n + 1, sizeof *st->e);
    st->e[st->n++] = (struct edge){from, to};
}

long bpattern_edges(const struct bpattern *bp)
{
    long n = 0;
    for (int s = 0; s < bp->nstages; s++)
        n += bp->st[s].n;
    return n;
}

/* ---- generators ------------------------------------------------------------ */

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

/* ---- the knowledge check ------------------------------------------------------
 * knows[j] is the bitset of ranks whose arrival j has learnt of: the
 * column j of K in eqs. 5.1-5.2.  Stage k adds, for each signal i -> j, what
 * i knew when the stage began (K_k = K_{k-1} + K_{k-1} S_k).  A rank leaves
 * after the last stage in which it receives, so it must know of everyone
 * by then. */
int bpattern_check(const struct bpattern *bp, int *rank, int *stage, int *missing)
{
    int p = bp->p;
    size_t words = ((size_t)p + 63) / 64;
    uint64_t *old = calloc((size_t)p * words, sizeof *old);
    uint64_t *cur = calloc((size_t)p * words, sizeof *cur);
    int *last = malloc((size_t)(p > 0 ? p : 1) * sizeof *last);
    if (!old || !cur || !last)
        abort();
    for (int i = 0; i < p; i++) {
        cur[(size_t)i * words + (size_t)i / 64] |= UINT64_C(1) << (i % 64);
        last[i] = -1;
    }
    for (int s = 0; s < bp->nstages; s++)
        for (int e = 0; e < bp->st[s].n; e++)
            last[bp->st[s].e[e].to] = s;

    int bad = 0, bad_stage = bp->nstages;
    for (int s = -1; s < bp->nstages; s++) {
        if (s >= 0) {
            memcpy(old, cur, (size_t)p * words * sizeof *old);
            for (int e = 0; e < bp->st[s].n; e++) {
                const struct edge *ed = &bp->st[s].e[e];
                uint64_t *dst = cur + (size_t)ed->to * words;
                const uint64_t *src = old + (size_t)ed->from * words;
                for (size_t w = 0; w < words; w++)
                    dst[w] |= src[w];
            }
        }
        /* ranks that leave after this stage */
        for (int j = 0; j < p && !bad; j++) {
            if (last[j] != s)
                continue;
            const uint64_t *k = cur + (size_t)j * words;
            for (int i = 0; i < p; i++)
                if (!(k[i / 64] >> (i % 64) & 1)) {
                    bad = 1;
                    bad_stage = s;
                    *rank = j;
                    *missing = i;
                    break;
                }
        }
        if (bad)
            break;
    }
    *stage = bad_stage;
    free(old);
    free(cur);
    free(last);
    return bad;
}
