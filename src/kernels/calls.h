/* calls.h: the parts of the call table, one per file (calls.c begins it
 * as call_table and lists the other parts in order) */
#ifndef MPIGAUGE_CALLS_H
#define MPIGAUGE_CALLS_H

#include "registry/registry.h"

extern const struct table io_calls;           /* calls_io.c */
extern const struct table collective_calls;   /* calls_coll.c */
extern const struct table nonblocking_calls;  /* calls_nbc.c */
extern const struct table neighbor_calls;     /* calls_nbr.c */
extern const struct table fabric_calls;       /* calls_fabric.c */
extern const struct table thread_calls;       /* calls_threads.c */
extern const struct table objects_calls;      /* calls_objects.c */

/* compose.c: each call's mock-ups (compose=1), NULL-terminated */
extern const struct call *const mockups_allreduce[];
extern const struct call *const mockups_allgather[];
extern const struct call *const mockups_bcast[];
extern const struct call *const mockups_reduce[];
extern const struct call *const mockups_gather[];
extern const struct call *const mockups_scan[];

#endif
