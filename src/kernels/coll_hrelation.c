/* coll_hrelation.c: the h-relation of BSPbench, as MBSPDiscover (Alaniz et
 * al.) uses it: every rank sends and receives h words, word w of rank i
 * going to rank i + 1 + (w mod (P-1)), cyclically, each word its own
 * message (the pessimistic g: nothing is combined), then a barrier ends
 * the superstep.  The record's sizes are h; the summary fits t = g h + l
 * (BSP's g and l) over them. */
#include "kernels/coll_hrelation.h"

#include <stdlib.h>
#include "base/base.h"

/* words a rank sends to the rank `d` places after it (d = 1..p-1) */
static int words_to(const struct kernel *k, int d)
{
    int p = k->size, h = k->count;
    if (p == 1)
        return h;
    return h / (p - 1) + (d - 1 < h % (p - 1));
}

/* counts[src]: words from rank src; the requests for one superstep */
void layout_hrelation(struct kernel *k)
{
    int p = k->size;
    for (int src = 0; src < p; src++) {
        int d = (k->rank - src + p) % p;
        k->counts[src] = p == 1 ? k->count : d ? words_to(k, d) : 0;
    }
    free(k->reqs);
    k->reqs = xmalloc_array(2 * (size_t)k->count + 1, sizeof *k->reqs);
}

static int dest(const struct kernel *k, int w)
{
    int p = k->size;
    return p == 1 ? k->rank : (k->rank + 1 + w % (p - 1)) % p;
}

void run_hrelation(struct kernel *k, int iters)
{
    size_t ext = (size_t)k->extent;
    int h = k->count;
    for (int it = 0; it < iters; it++) {
        int n = 0;
        char *slot = k->rbuf;
        for (int src = 0; src < k->size; src++)
            for (int t = 0; t < k->counts[src]; t++, slot += ext)
                MPI_Irecv(slot, 1, k->type, src, TAG_DATA, k->comm, &k->reqs[n++]);
        for (int w = 0; w < h; w++)
            MPI_Isend(k->sbuf + (size_t)w * ext, 1, k->type, dest(k, w), TAG_DATA,
                      k->comm, &k->reqs[n++]);
        waitall(n, k->reqs);
        MPI_Barrier(k->comm);
    }
}

/* the t-th word from rank src is src's word (d - 1) + t (p - 1) */
void check_hrelation(struct kernel *k)
{
    int p = k->size;
    fill_block(k, k->sbuf, (size_t)k->count, k->rank, 0);
    clear_block(k, k->rbuf, (size_t)k->count);
    check_run(k);
    size_t slot = 0;
    for (int src = 0; src < p; src++) {
        int d = (k->rank - src + p) % p;
        for (int t = 0; t < k->counts[src]; t++, slot++) {
            size_t w = p == 1 ? (size_t)t : (size_t)(d - 1) + (size_t)t * (size_t)(p - 1);
            expect_block(k, k->rbuf + slot * (size_t)k->extent, 1, src, w, slot);
        }
    }
}
