/* pattern.h: barrier patterns as data (Meyer's thesis, chapter 5): a sequence of
 * stages, each the set of signals (i -> j: "i signals j in stage k") that
 * may be in flight at once.  Stored as edge lists, so generating, checking
 * and predicting a pattern for thousands of ranks is linear in its edges,
 * never a dense P x P x P product. */
#ifndef MPIGAUGE_PATTERN_H
#define MPIGAUGE_PATTERN_H

#include <stddef.h>

struct edge {
    int from, to;
};

struct stage {
    struct edge *e;
    int n, cap;
};

struct bpattern {
    int p;                     /* ranks */
    int nstages;
    struct stage *st;
    int cap;
};

void bpattern_init(struct bpattern *bp, int p);
void bpattern_free(struct bpattern *bp);
int bpattern_stage(struct bpattern *bp);            /* appends, returns index */
void bpattern_edge(struct bpattern *bp, int stage, int from, int to);
long bpattern_edges(const struct bpattern *bp);
/* FNV-1a over the ranks, stages and edges in order: equal patterns hash
 * alike, so ranks can check cheaply that they built the same one */
unsigned long long bpattern_digest(const struct bpattern *bp);

/* The generators of the built-in patterns; arg is the tree's arity. */
void gen_linear(struct bpattern *bp, int p, int arg);
void gen_tree(struct bpattern *bp, int p, int arg);
void gen_dissemination(struct bpattern *bp, int p, int arg);
void gen_pairwise(struct bpattern *bp, int p, int arg);

/* Eqs. 5.1-5.2 with bitsets: 0 when every rank knows of every arrival
 * before it can leave; else the first rank (in leaving order) that leaves
 * early: it leaves after stage *stage (-1: before any) not knowing that
 * *missing arrived. */
int bpattern_check(const struct bpattern *bp, int *rank, int *stage,
                   int *missing);

/* What is wrong with a pattern (bpattern_verify), and where: the stage and
 * the edge's index in it (-1 where none); rank and other as each kind says */
enum bpattern_fault_kind {
    BP_OK,
    BP_NO_RANKS,       /* p < 1 */
    BP_RANK_RANGE,     /* edge's rank (from when other == 0, else to) not in 0..p-1 */
    BP_SELF,           /* edge from rank to itself */
    BP_DUPLICATE,      /* edge rank -> peer repeats edge `other` of the stage */
    BP_EMPTY_STAGE,    /* stage has no signals */
    BP_NO_SIGNALS,     /* p > 1 and no stage at all */
    BP_EARLY,          /* rank leaves after stage (-1: never signalled) not
                        * knowing that `other` arrived (eqs. 5.1-5.2) */
};

struct bpattern_fault {
    enum bpattern_fault_kind kind;
    int stage, edge, rank, other, peer;
};

/* The one check every pattern passes before it runs, whatever made it
 * (generator, pattern file, HYBRID's construction): ranks in range, no
 * self-signals, no edge twice in a stage (each incoming signal of a stage
 * has its own slot of the receive buffer, p of them), no empty stage, and
 * the knowledge check.  0 when the pattern is a barrier; else 1 and *f
 * says the first fault (structure before knowledge). */
int bpattern_verify(const struct bpattern *bp, struct bpattern_fault *f);
/* the fault as a sentence (without where it is) */
void bpattern_fault_text(const struct bpattern_fault *f, char *out, size_t len);

/* For every signal, in the order of the stages' edges: of how many ranks'
 * arrivals its sender knows when the stage begins (itself included) and
 * its receiver does not.  A total exchange along the pattern sends that
 * many ranks' data with the signal: in the dissemination pattern 1, 2,
 * 4 ... and P - 2^(ceil(log2 P) - 1) last, as in chapter 6 of Meyer's
 * thesis.  Returns an array (free it). */
long *bpattern_known(const struct bpattern *bp);

#endif
