/* pattern.c: barrier patterns as edge lists, and the knowledge-matrix
 * check of eqs. 5.1-5.2 of J. C. Meyer's thesis, "Performance Modeling of
 * Heterogeneous Systems" (NTNU 2012), chapter 5. */
#include "models/pattern.h"

#include "base/base.h"

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
    *cap = c;
    return xrealloc(p, (size_t)c * size);
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
    uint64_t *old = xcalloc((size_t)p * words, sizeof *old);
    uint64_t *cur = xcalloc((size_t)p * words, sizeof *cur);
    int *last = xmalloc_array((size_t)(p > 0 ? p : 1), sizeof *last);
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

/* the ranks known to a that b does not know of (bitsets of words words) */
static long news(const uint64_t *a, const uint64_t *b, size_t words)
{
    long n = 0;
    for (size_t w = 0; w < words; w++)
        n += __builtin_popcountll(a[w] & ~b[w]);
    return n;
}

long *bpattern_known(const struct bpattern *bp)
{
    int p = bp->p;
    size_t words = ((size_t)p + 63) / 64;
    uint64_t *old = xcalloc((size_t)p * words + 1, sizeof *old);
    uint64_t *cur = xcalloc((size_t)p * words + 1, sizeof *cur);
    long *known = xcalloc((size_t)bpattern_edges(bp) + 1, sizeof *known), *k = known;
    for (int i = 0; i < p; i++)
        cur[(size_t)i * words + (size_t)i / 64] |= UINT64_C(1) << (i % 64);
    for (int s = 0; s < bp->nstages; s++) {
        memcpy(old, cur, (size_t)p * words * sizeof *old);
        for (int e = 0; e < bp->st[s].n; e++) {
            const struct edge *ed = &bp->st[s].e[e];
            uint64_t *dst = cur + (size_t)ed->to * words;
            const uint64_t *src = old + (size_t)ed->from * words;
            *k++ = news(src, old + (size_t)ed->to * words, words);
            for (size_t w = 0; w < words; w++)
                dst[w] |= src[w];
        }
    }
    free(old);
    free(cur);
    return known;
}

static unsigned long long fnv(unsigned long long h, long long v)
{
    for (int i = 0; i < 8; i++) {
        h ^= (unsigned long long)(v >> (8 * i)) & 0xffu;
        h *= 1099511628211ull;
    }
    return h;
}

unsigned long long bpattern_digest(const struct bpattern *bp)
{
    unsigned long long h = fnv(14695981039346656037ull, bp->p);
    for (int s = 0; s < bp->nstages; s++) {
        h = fnv(h, -1 - (long long)s);     /* where each stage begins */
        for (int e = 0; e < bp->st[s].n; e++)
            h = fnv(fnv(h, bp->st[s].e[e].from), bp->st[s].e[e].to);
    }
    return h;
}
