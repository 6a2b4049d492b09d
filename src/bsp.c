/* bsp.c: the h-relation of BSPbench (seed 000): every rank sends and
 * receives h words, word w of rank i going to rank i + 1 + (w mod (P-1)),
 * cyclically, each word its own message (the pessimistic g: nothing is
 * combined), then a barrier ends the superstep.  The record's sizes are h;
 * the summary fits t = g h + l (BSP's g and l) over them. */
#include "bsp.h"

#include <stdlib.h>
#include "barrier.h"

void bufs_hrelation(int p, size_t n, size_t *s, size_t *r)
{
    (void)p;
    *s = n;
    *r = n;
}

/* words a rank sends to the rank `d` places after it (d = 1..p-1) */
static int words_to(const struct bench *b, int d)
{
    int p = b->size, h = b->count;
    if (p == 1)
        return h;
    return h / (p - 1) + (d - 1 < h % (p - 1));
}

/* counts[k]: words from rank k; the requests for one superstep */
void layout_hrelation(struct bench *b)
{
    int p = b->size;
    for (int k = 0; k < p; k++) {
        int d = (b->rank - k + p) % p;
        b->counts[k] = p == 1 ? b->count : d ? words_to(b, d) : 0;
    }
    free(b->reqs);
    b->reqs = malloc((2 * (size_t)b->count + 1) * sizeof *b->reqs);
}

static int dest(const struct bench *b, int w)
{
    int p = b->size;
    return p == 1 ? b->rank : (b->rank + 1 + w % (p - 1)) % p;
}

void run_hrelation(struct bench *b, int iters)
{
    size_t ext = (size_t)b->extent;
    int h = b->count;
    for (int it = 0; it < iters; it++) {
        int n = 0;
        char *slot = b->rbuf;
        for (int k = 0; k < b->size; k++)
            for (int t = 0; t < b->counts[k]; t++, slot += ext)
                MPI_Irecv(slot, 1, b->type, k, TAG_DATA, b->comm, &b->reqs[n++]);
        for (int w = 0; w < h; w++)
            MPI_Isend(b->sbuf + (size_t)w * ext, 1, b->type, dest(b, w), TAG_DATA,
                      b->comm, &b->reqs[n++]);
        waitall(n, b->reqs);
        MPI_Barrier(b->comm);
    }
}

/* the t-th word from rank k is k's word (d - 1) + t (p - 1) */
void check_hrelation(struct bench *b)
{
    int p = b->size;
    fill_block(b, b->sbuf, (size_t)b->count, b->rank, 0);
    clear_block(b, b->rbuf, (size_t)b->count);
    run_hrelation(b, 1);
    size_t slot = 0;
    for (int k = 0; k < p; k++) {
        int d = (b->rank - k + p) % p;
        for (int t = 0; t < b->counts[k]; t++, slot++) {
            size_t w = p == 1 ? (size_t)t : (size_t)(d - 1) + (size_t)t * (size_t)(p - 1);
            expect_block(b, b->rbuf + slot * (size_t)b->extent, 1, k, w, slot);
        }
    }
}
