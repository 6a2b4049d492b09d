/* graph.c: the GRAPH:path topology: every rank in one distributed-graph
 * communicator with the edges of an edge-list file (input/graph_file.c):
 * a rank's destinations are the edges from it and its sources the edges
 * to it, each in the file's order. */
#include "topologies.h"

#include "base/base.h"

void vtopo_graph(const struct place *p, int rank, int size,
                 const struct edges *file, struct vtopo *s)
{
    (void)p, (void)size;
    s->cart = 0;
    s->nsrc = s->ndst = 0;
    int n = file ? file->n : 0;
    s->src = xmalloc_array((size_t)n + 1, sizeof *s->src);
    s->dst = xmalloc_array((size_t)n + 1, sizeof *s->dst);
    for (int i = 0; i < n; i++) {
        if (file->from[i] == rank)
            s->dst[s->ndst++] = file->to[i];
        if (file->to[i] == rank)
            s->src[s->nsrc++] = file->from[i];
    }
}
