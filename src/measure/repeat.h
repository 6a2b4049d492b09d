/* repeat.h: how often a size's timed loop runs: in blocks, a fixed number
 * of them (--fixed, --iters, --blocks, --time, --like) or, adaptively
 * (the default), until the median's 95% confidence interval
 * is narrow enough or the time budget is spent (as SKaMPI and ReproMPI
 * do). */
#ifndef MPIGAUGE_REPEAT_H
#define MPIGAUGE_REPEAT_H

#include <stddef.h>
#include "input/options.h"

/* the fewest values a 95% interval of the median can come from */
enum { MIN_BLOCKS_CI = 6, MAX_BLOCKS = 100000 };
/* an adaptive block's longest (by the warm-up's time per call): 2 ms is
 * 60000 clock reads here, and a 4 MiB ping-pong's six blocks take 13 ms
 * instead of 175 */
#define ADAPTIVE_BLOCK_S 0.002

struct rule {
    int blocks;                /* fixed mode: exactly this many attempts */
    int adaptive;
    double target;             /* CI within target x median of the median */
    double budget;             /* adaptive: seconds per size */
};

/* one contributor's blocks at one size (a communicator's rank 0, or the
 * rank of a pair that sends first) */
struct series {
    double *t;                 /* microseconds per call, valid blocks only */
    size_t n, cap;
    long per_block;            /* calls in each block */
    long late;                 /* --sync window: repetitions dropped */
};

struct rule rule_from(const struct options *o);
void series_add(struct series *s, double us);
void series_free(struct series *s);

/* After a block: 1 when the rule wants another.  attempts counts blocks
 * run (valid or not), elapsed the seconds since the first began. */
int rule_more(const struct rule *r, const struct series *s, long attempts,
              double elapsed);

/* 1 when s's median interval meets the target */
int series_met(const struct series *s, double target);

#endif
