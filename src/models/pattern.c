/* pattern.c: barrier patterns as edge lists, and the knowledge-matrix
 * check of eqs. 5.1-5.2 of J. C. Meyer's thesis, "Performance Modeling of
 * Heterogeneous Systems" (NTNU 2012), chapter 5. */
#include "models/pattern.h"

#include "base/base.h"

#include <stdint.h>
#include <stdio.h>
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

/* the ranks known to a that b does not know of (bitsets of words words) */
static long news(const uint64_t *a, const uint64_t *b, size_t words)
{
    long n = 0;
    for (size_t w = 0; w < words; w++)
        n += __builtin_popcountll(a[w] & ~b[w]);
    return n;
}

/* stage s of the knowledge matrix: every signal i -> j of it adds what i
 * knew when the stage began (K_k = K_{k-1} + K_{k-1} S_k); with known,
 * each signal's count of ranks new to j, in order */
static void knowledge_step(const struct bpattern *bp, int s, size_t words, uint64_t *old,
                           uint64_t *cur, long **known)
{
    memcpy(old, cur, (size_t)bp->p * words * sizeof *old);
    for (int e = 0; e < bp->st[s].n; e++) {
        const struct edge *ed = &bp->st[s].e[e];
        uint64_t *dst = cur + (size_t)ed->to * words;
        const uint64_t *src = old + (size_t)ed->from * words;
        if (known)
            *(*known)++ = news(src, old + (size_t)ed->to * words, words);
        for (size_t w = 0; w < words; w++)
            dst[w] |= src[w];
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
        if (s >= 0)
            knowledge_step(bp, s, words, old, cur, NULL);
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

/* ---- the one check ---------------------------------------------------------- */
struct keyed {
    int from, to, index;
};

static int by_edge(const void *a, const void *b)
{
    const struct keyed *x = a, *y = b;
    if (x->to != y->to)
        return x->to < y->to ? -1 : 1;
    if (x->from != y->from)
        return x->from < y->from ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

static int fault(struct bpattern_fault *f, enum bpattern_fault_kind kind, int stage,
                 int edge, int rank, int other)
{
    *f = (struct bpattern_fault){kind, stage, edge, rank, other, -1};
    return kind != BP_OK;
}

/* the first edge of stage s that repeats an earlier one: its index, and
 * the earlier one's in *first; -1 when there is none */
static int duplicate(const struct stage *st, int *first)
{
    struct keyed *k = xmalloc_array((size_t)st->n + 1, sizeof *k);
    for (int e = 0; e < st->n; e++)
        k[e] = (struct keyed){st->e[e].from, st->e[e].to, e};
    qsort(k, (size_t)st->n, sizeof *k, by_edge);
    int dup = -1;
    for (int e = 1; e < st->n; e++)
        if (k[e].from == k[e - 1].from && k[e].to == k[e - 1].to &&
            (dup < 0 || k[e].index < dup)) {
            dup = k[e].index;
            /* the group's first is its smallest index: sorted first */
            int g = e - 1;
            while (g > 0 && k[g - 1].from == k[e].from && k[g - 1].to == k[e].to)
                g--;
            *first = k[g].index;
        }
    free(k);
    return dup;
}

int bpattern_verify(const struct bpattern *bp, struct bpattern_fault *f)
{
    int p = bp->p;
    if (p < 1)
        return fault(f, BP_NO_RANKS, -1, -1, p, 0);
    if (p > 1 && bp->nstages == 0)
        return fault(f, BP_NO_SIGNALS, -1, -1, 0, 0);
    for (int s = 0; s < bp->nstages; s++) {
        const struct stage *st = &bp->st[s];
        if (st->n == 0)
            return fault(f, BP_EMPTY_STAGE, s, -1, 0, 0);
        for (int e = 0; e < st->n; e++) {
            const struct edge *ed = &st->e[e];
            if (ed->from < 0 || ed->from >= p)
                return fault(f, BP_RANK_RANGE, s, e, ed->from, 0);
            if (ed->to < 0 || ed->to >= p)
                return fault(f, BP_RANK_RANGE, s, e, ed->to, 1);
            if (ed->from == ed->to)
                return fault(f, BP_SELF, s, e, ed->from, 0);
        }
        int first = -1, dup = duplicate(st, &first);
        if (dup >= 0) {
            fault(f, BP_DUPLICATE, s, dup, st->e[dup].from, first);
            f->peer = st->e[dup].to;
            return 1;
        }
    }
    int who, stage, missing;
    if (bpattern_check(bp, &who, &stage, &missing))
        return fault(f, BP_EARLY, stage, -1, who, missing);
    return fault(f, BP_OK, -1, -1, 0, 0);
}

void bpattern_fault_text(const struct bpattern_fault *f, char *out, size_t len)
{
    switch (f->kind) {
    case BP_OK:
        snprintf(out, len, "a barrier");
        break;
    case BP_NO_RANKS:
        snprintf(out, len, "a pattern for %d ranks: it needs at least 1", f->rank);
        break;
    case BP_RANK_RANGE:
        snprintf(out, len, "%s rank %d is not a rank of the pattern's", f->other ?
                 "the signalled" : "the signalling", f->rank);
        break;
    case BP_SELF:
        snprintf(out, len, "rank %d signals itself", f->rank);
        break;
    case BP_DUPLICATE:
        snprintf(out, len, "the signal %d -> %d is already in this stage (its "
                 "signal %d): each signal may be in a stage once", f->rank,
                 f->peer, f->other + 1);
        break;
    case BP_EMPTY_STAGE:
        snprintf(out, len, "stage %d has no signals", f->stage + 1);
        break;
    case BP_NO_SIGNALS:
        snprintf(out, len, "no stages: ranks never learn of each other's arrival, "
                 "so it is not a barrier");
        break;
    case BP_EARLY:
        if (f->stage < 0)
            snprintf(out, len, "rank %d is never signalled, so it leaves before "
                     "learning that rank %d arrived: not a barrier", f->rank, f->other);
        else
            snprintf(out, len, "rank %d leaves after stage %d (its last signal) "
                     "without learning that rank %d arrived: not a barrier", f->rank,
                     f->stage + 1, f->other);
        break;
    }
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
    for (int s = 0; s < bp->nstages; s++)
        knowledge_step(bp, s, words, old, cur, &k);
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
