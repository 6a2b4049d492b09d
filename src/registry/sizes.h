/* sizes.h: the element counts a record measures: its ADD/MUL range, or
 * the list of its sizes= setting */
#ifndef MPIGAUGE_SIZES_H
#define MPIGAUGE_SIZES_H

#include <stddef.h>
#include <stdint.h>
#include "registry/record.h"

/* Fills out[0..] with min, min+value (ADD) or min*value (MUL; a min of 0
 * measures 0 and goes on from 1) while <= max, and max itself last.
 * Returns how many there are; writes at most cap of them (call with
 * out = NULL to count). */
size_t size_sequence(uint64_t min, uint64_t max, enum step step,
                     uint64_t value, uint64_t *out, size_t cap);

/* The number of sizes, without walking them (ADD can ask for billions). */
uint64_t size_count(uint64_t min, uint64_t max, enum step step, uint64_t value);

/* A sizes= list: written in the record (sizes=1,8,64) or in a file
 * (sizes=path, read by the plan on rank 0: world/plan_sides.c), one per
 * text (interned: every record that writes it points at one).  Rising,
 * each within the record's min and max, at most MAX_SIZES. */
struct size_list {
    char path[SIDE_PATH_BYTES];           /* "" when written in the record */
    int read;                  /* its sizes are known (a file's once read) */
    size_t n;
    uint64_t *v;
};

const struct size_list *size_list_values(const uint64_t *v, size_t n);
const struct size_list *size_list_file(const char *path);
/* a file's list, once read (the first reading stays) */
void size_list_fill(const struct size_list *l, const uint64_t *v, size_t n);
void size_lists_free(void);

/* What every walk over a record's sizes uses: its list where sizes= gave
 * one (0 sizes while its file is unread), else its range.  record_sizes
 * writes at most cap of them into out and returns how many there are
 * (out = NULL: count them). */
uint64_t record_size_count(const struct record *r);
size_t record_sizes(const struct record *r, uint64_t *out, size_t cap);

#endif
