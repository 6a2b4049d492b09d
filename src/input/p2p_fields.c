/* p2p_fields.c: the rule across a partitioned record's fields (every
 * size a multiple of partitions=) and the counts a call may take: past 2^31-1 elements only
 * through MPI 4's large-count functions, on the calls that use them. */
#include "input/tokens.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "input/sizes.h"

uint64_t record_max_elements(const struct record *r)
{
    return r->call && call_has(r->call, CALL_LARGE) && HAVE_MPI4 ? MAX_LARGE_ELEMENTS : MAX_ELEMENTS;
}

/* After the fields and settings: a partitioned message splits into equal
 * partitions, so every size the record measures must be a multiple of
 * partitions= (as OSU's partitioned latency: a power-of-two message in 1
 * to 64 partitions); the first size that is not is named */
void check_partitions(struct line_ctx *lc, struct record *r)
{
    if (!r->call || r->call->mode != MODE_PARTITIONED || r->partitions <= 1 ||
        size_count(r->min, r->max, r->step, r->value) > MAX_SIZES)
        return;
    uint64_t *s = xmalloc_array(MAX_SIZES, sizeof *s);
    size_t n = size_sequence(r->min, r->max, r->step, r->value, s, MAX_SIZES);
    for (size_t i = 0; i < n; i++)
        if (s[i] % (uint64_t)r->partitions != 0) {
            diag_add(lc->d, lc->line, r->col[F_MIN], "%s splits each message into "
                     "%d equal partitions (partitions=), but this range measures "
                     "%llu elements: every size must be a multiple of %d",
                     r->call->name, r->partitions, (unsigned long long)s[i],
                     r->partitions);
            break;
        }
    free(s);
}
