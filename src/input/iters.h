/* iters.h: how many iterations a record makes at each size */
#ifndef MPIGAUGE_ITERS_H
#define MPIGAUGE_ITERS_H

#include <stdint.h>
#include "input/options.h"
#include "registry/record.h"

/* Defaults in the manner of OSU: 10000 iterations up to 8 KiB, then about
 * 1 GiB of traffic per size, between 10 and 1000 iterations. */
long default_iters(uint64_t bytes);
long default_warmup(long iters);

/* A record's timed and untimed iterations at one size: iters= beats
 * --iters beats the default (--like's peer's, else mpigauge's); the same
 * for warm-up. */
void choose_iters(const struct record *r, const struct options *o,
                  uint64_t elements, uint64_t bytes, long *iters, long *warmup);

/* 1 when the record's sizes repeat in adaptive blocks: the run's choice
 * (options.c's repeat_default), except that a record's iters= asks for a
 * count unless --adaptive was given */
int record_adaptive(const struct record *r, const struct options *o);

/* --time's seconds a size for r, or 0: a record's iters= fixes its count
 * whatever --time says, as it does whatever --iters and the adaptive
 * default say (the record, written for itself, beats the run's options:
 * docs/measuring.md, "Time-based iterations") */
double record_time(const struct record *r, const struct options *o);

#endif
