/* fabric.h: calls that load the fabric at once (fabric.c) */
#ifndef MPIGAUGE_FABRIC_H
#define MPIGAUGE_FABRIC_H

#include "kernels/kernel.h"

/* the fabric family's own settings (fabric_calls.c's rows), in the
 * record's own storage: the seed of PERMUTATION's matchings (seed=) */
struct fabric_settings {
    uint64_t seed;
};

static inline const struct fabric_settings *fabric_settings(const struct record *r)
{
    return (const struct fabric_settings *)(const void *)r->own.bytes;
}

/* window= requests for every partner, and the phase's partners */
void layout_fabric(struct kernel *k);
void run_fan_in(struct kernel *k, int iters);
void run_fan_out(struct kernel *k, int iters);
/* PERMUTATION and SHIFT: window= messages to k->peer while as many come
 * from the phase's source, at once */
void run_exchange(struct kernel *k, int iters);
void check_fan_in(struct kernel *k);
void check_fan_out(struct kernel *k);
void check_exchange(struct kernel *k);
/* SHIFT: p - 1 phases, phase i sends to rank + i + 1 */
int shift_phases(const struct record *r, int p);
void shift_phase(struct kernel *k, int i);
/* PERMUTATION: MATCHINGS phases, phase i the seed's matching i */
int permutation_phases(const struct record *r, int p);
void permutation_phase(struct kernel *k, int i);
/* messages in flight at once: every rank but the root's (FAN_IN,
 * FAN_OUT), every rank's (SHIFT), every paired rank's (PERMUTATION) */
long long streams_fan(int p);
long long streams_all(int p);
long long streams_paired(int p);
/* the family's describe hook (fabric_facts.c) */
void fabric_describe(const struct record *r, int p, struct json_t *o, FILE *header,
                     FILE *prose);

#endif
