/* p2p_fields.c: the point-to-point settings (recv=, partitions=,
 * complete=) and the counts a call may take: past 2^31-1 elements only
 * through MPI 4's large-count functions, on the calls that use them. */
#include "input/tokens.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "input/sizes.h"

/* recv=any_source|any_tag|any|named: what a data receive matches */
void take_recv(struct line_ctx *lc, struct record *r, const struct token *key,
               const struct token *val)
{
    static const char *const names[] = {"named", "any_source", "any_tag", "any"};
    if (r->call && !r->call->family->named_receives) {
        diag_add(lc->d, lc->line, key->col, "%s's receives are not the "
                 "point-to-point kind recv= widens; recv= applies to the "
                 "point-to-point and streaming calls (SEND ... BIBW_INIT, MSGRATE, "
                 "MULTI_LATENCY; not PSEND)", r->call->name);
        return;
    }
    if (r->call && r->call->mode == MODE_PARTITIONED) {
        diag_add(lc->d, lc->line, key->col, "%s cannot receive from anyone: MPI "
                 "4.0 allows no MPI_ANY_SOURCE or MPI_ANY_TAG in MPI_Precv_init",
                 r->call->name);
        return;
    }
    for (int i = 0; i < 4; i++)
        if (token_is(val, names[i])) {
            r->recv = i;       /* the RECV_* bits, in this order */
            return;
        }
    unknown_of(lc, val, "receive matching", names, 4);
}

/* partitions=N: the partitions a partitioned message is made of */
void take_partitions(struct line_ctx *lc, struct record *r, const struct token *key,
                     const struct token *val)
{
    uint64_t v;
    if (r->call && r->call->mode != MODE_PARTITIONED)
        diag_add(lc->d, lc->line, key->col, "%s is not partitioned; partitions= "
                 "applies to PSEND", r->call->name);
    else if (parse_number(lc, val, "partitions", MAX_PARTITIONS, &v) == 0) {
        if (v == 0)
            diag_add(lc->d, lc->line, val->col, "partitions must be at least 1");
        r->partitions = (int)v;
    }
}

/* complete=wait|parrived: how the receiver of a partitioned message
 * learns that it has arrived */
void take_complete(struct line_ctx *lc, struct record *r, const struct token *key,
                   const struct token *val)
{
    static const char *const names[] = {"wait", "parrived"};
    if (r->call && r->call->mode != MODE_PARTITIONED)
        diag_add(lc->d, lc->line, key->col, "%s is not partitioned; complete= "
                 "applies to PSEND", r->call->name);
    else if (token_is(val, "wait"))
        r->parrived = 0;
    else if (token_is(val, "parrived"))
        r->parrived = 1;
    else
        unknown_of(lc, val, "completion", names, 2);
}

uint64_t record_max_elements(const struct record *r)
{
    return r->call && r->call->large && HAVE_MPI4 ? MAX_LARGE_ELEMENTS : MAX_ELEMENTS;
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
