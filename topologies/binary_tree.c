/* binary_tree.c: the BINARY-TREE topology: every rank in one distributed-
 * graph communicator shaped as a binary tree in rank order: rank r's
 * parent is (r-1)/2, its children 2r+1 and 2r+2.  Edges go both ways,
 * parent first, so a neighbourhood collective moves data up and down. */
#include "topologies.h"

#include "base/base.h"

void vtopo_binary_tree(const struct place *p, int rank, int size,
                       const struct edges *file, struct vtopo *s)
{
    (void)p, (void)file;
    int n = 0, nb[3];
    if (rank > 0)
        nb[n++] = (rank - 1) / 2;
    for (long long c = 2LL * rank + 1; c <= 2LL * rank + 2 && c < size; c++)
        nb[n++] = (int)c;
    s->cart = 0;
    s->nsrc = s->ndst = n;
    s->src = xmalloc_array(3, sizeof *s->src);
    s->dst = xmalloc_array(3, sizeof *s->dst);
    for (int i = 0; i < n; i++)
        s->src[i] = s->dst[i] = nb[i];
}
