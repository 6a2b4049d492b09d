/* thread_fields.c: the threaded calls' settings: threads=N (threads per
 * rank of a pair, 1 .. MAX_THREADS) and comm=shared|per-thread */
#include "input/tokens.h"

#include <stdio.h>

static int threaded_only(struct line_ctx *lc, const struct record *r,
                         const struct token *key)
{
    if (!r->call || r->call->family->threaded)
        return 1;
    diag_add(lc->d, lc->line, key->col, "%s runs on one thread; %.*s= applies to "
             "LATENCY_MT, BW_MT and MSGRATE_MT", r->call->name, key->len, key->s);
    return 0;
}

void take_threads(struct line_ctx *lc, struct record *r, const struct token *key,
                  const struct token *val)
{
    uint64_t v;
    if (!threaded_only(lc, r, key) ||
        parse_number(lc, val, "threads", MAX_THREADS, &v) != 0)
        return;
    if (v == 0)
        diag_add(lc->d, lc->line, val->col, "threads must be at least 1");
    else
        r->threads = (int)v;
}

void take_comm(struct line_ctx *lc, struct record *r, const struct token *key,
               const struct token *val)
{
    static const char *const names[] = {"shared", "per-thread"};
    if (!threaded_only(lc, r, key))
        return;
    if (token_is(val, "shared"))
        r->tcomm = TCOMM_SHARED;
    else if (token_is(val, "per-thread"))
        r->tcomm = TCOMM_PER_THREAD;
    else
        unknown_of(lc, val, "thread communicator", names, 2);
}
