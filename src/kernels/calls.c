/* calls.c: the call table: its parts, one a family's file (a family's
 * <family>_calls.c, or the whole family's one file), in --list's order,
 * each declared in calls.h; the seed's spellings of call names; and a
 * call's threaded form.
 *
 * To add a call: write its loop function (and check function) in its
 * family's files in this folder and add one entry to its family's part
 * of the table.  The timing text says exactly what one timed call
 * covers; it goes into --list and every data file's header.  To add a
 * family: its files (docs/developing.md, "One home per family"), its
 * table's name in calls.h and its line in call_parts. */
#include "registry/registry.h"

#include "kernels/calls.h"

#include <string.h>

/* the framework seed's spellings: its table lists Recv (timed here as
 * the receiving half of SEND's ping-pong) and ReduceScatter */
static const char *const call_aliases[] = {
    "RECV", "SEND", "REDUCESCATTER", "REDUCE_SCATTER", "SENDRECVREPLACE",
    "SENDRECV_REPLACE", NULL};

/* the table's parts, in --list's order: a new family is one line here
 * (and its table's name in calls.h) */
static const struct table *const call_parts[] = {
    &p2p_calls, &multi_calls, &rma_calls, &io_calls, &coll_calls, &sync_calls,
    &coll_nbc_calls, &coll_nbr_calls, &fabric_calls, &threads_calls, &objects_calls,
    &chain_calls, &halo_calls, &rma_patterns_calls, NULL};

/* the root holds no rows of its own: every call is its family's */
const struct table call_table = {
    "call", NULL, 0, sizeof(struct call), call_aliases, call_parts,
};

/* threads= on SEND or BW (threads=S:R on a point-to-point record: S
 * sending threads, R answering) makes the record its threaded form,
 * which at threads=1 runs exactly its loop: one kernel for both.
 * MSGRATE has none: it streams every pair at once, MSGRATE_MT one pair
 * at a time. */
static const char *const forms[][2] = {
    {"SEND", "LATENCY_MT"}, {"BW", "BW_MT"},
};

const struct call *call_threaded_form(const struct call *c)
{
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
        if (strcmp(c->name, forms[i][0]) == 0)
            return table_find(&call_table, forms[i][1]);
    return NULL;
}
