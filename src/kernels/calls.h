/* calls.h: the parts of the call table, each a family's (calls.c lists
 * them in order as call_table): <family>_calls in <family>_calls*.c, or
 * in the one file of a family that is one file */
#ifndef MPIGAUGE_CALLS_H
#define MPIGAUGE_CALLS_H

#include "registry/registry.h"

extern const struct table p2p_calls;          /* p2p_calls.c */
extern const struct table multi_calls;        /* multi_calls.c */
extern const struct table rma_calls;          /* rma_calls.c */
extern const struct table io_calls;           /* io_calls.c */
extern const struct table coll_calls;         /* coll_calls.c */
extern const struct table sync_calls;         /* sync_calls.c */
extern const struct table coll_nbc_calls;     /* coll_calls_nbc.c */
extern const struct table coll_nbr_calls;     /* coll_calls_nbr.c */
extern const struct table fabric_calls;       /* fabric_calls.c */
extern const struct table threads_calls;      /* threads_calls.c */
extern const struct table objects_calls;      /* objects_calls.c */
extern const struct table chain_calls;        /* chain.c: the whole family */
extern const struct table halo_calls;         /* halo.c: the whole family */
extern const struct table rma_patterns_calls; /* rma_patterns.c: the whole family */

/* coll_compose.c: each call's mock-ups (compose=1), NULL-terminated */
extern const struct call *const mockups_allreduce[];
extern const struct call *const mockups_allgather[];
extern const struct call *const mockups_bcast[];
extern const struct call *const mockups_reduce[];
extern const struct call *const mockups_gather[];
extern const struct call *const mockups_scan[];

#endif
