/* graph_file.h: the edge-list files of the GRAPH:path topology */
#ifndef MPIGAUGE_GRAPH_FILE_H
#define MPIGAUGE_GRAPH_FILE_H

#include <stddef.h>
#include "input/diag.h"
#include "registry/registry.h"

/* Most edges one file may hold. */
#define MAX_EDGES 1000000

/* Parses an edge list for a communicator of `ranks` ranks:
 *     # a ring of 3 ranks, one way     ('#' comments anywhere)
 *     0 1                              (an edge: rank 0 sends to rank 1)
 *     1 2
 *     2 0
 * into e (e->from, e->to allocated; free with edges_free).  An edge from a
 * rank to itself is allowed (MPI allows it); an edge given twice is not,
 * because it would make which block travels on which edge ambiguous.
 * Every error goes to d with its line and column.  Returns the number of
 * errors. */
int parse_graph_file(const char *text, size_t len, int ranks, struct edges *e,
                     struct diag *d);
void edges_free(struct edges *e);

#endif
