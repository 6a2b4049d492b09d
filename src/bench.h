/* bench.h: what one rank knows while it measures one record at one size */
#ifndef MPIGAUGE_BENCH_H
#define MPIGAUGE_BENCH_H

#include <mpi.h>
#include <stddef.h>
#include "record.h"

/* tags on a benchmark's communicator: data, ready-mode handshakes, the
 * stop decision after a pair's block, the pair's --time pilot */
enum { TAG_DATA = 7, TAG_READY = 8, TAG_CTRL = 9, TAG_PILOT = 11 };

struct bench {
    const struct record *rec;
    MPI_Datatype type;
    MPI_Aint extent;           /* bytes between consecutive elements */
    int type_size;             /* bytes of data in one element */
    MPI_Op op;                 /* reductions */
    enum fill_kind fill;       /* how --check fills buffers */
    MPI_Comm comm;             /* this rank's communicator */
    int rank, size;            /* in comm */
    int world_rank;
    int root;
    int count;                 /* elements at this size */
    /* point-to-point: this rank's partner and whether it sends first */
    int peer, initiator;
    MPI_Request req;           /* a receive posted ahead (RSEND) */
    char *sbuf, *rbuf;         /* data start: aligned address + stride */
    /* v-variants: counts[r], displs[r] of the rank layout; alltoallv also
     * uses the send-side arrays */
    int *counts, *displs, *scounts, *sdispls;
    MPI_Request *reqs;         /* calls that start many requests (HRELATION) */
    unsigned long mismatches;  /* found by --check at this size */
    const char *where;         /* record description for mismatch messages */
    long calls;                /* timed calls this rank made at this size */
    /* --cache cold: ncold copies of both buffers, cold_step bytes apart
     * from cold_s and cold_r; timed loops move to the next copy before
     * every call, so no call finds its data in the cache */
    char *cold_s, *cold_r;
    size_t cold_step;
    int ncold, cold_next;
    /* MPI I/O (io.c): the communicator's file at this size */
    const char *scratch;       /* the folder for files */
    int index;                 /* the record's position, for file names */
    MPI_File fh;
    MPI_Offset offset;         /* this rank's bytes start here */
    char path[4200];
    /* set by a layout function: undone after the size is measured */
    void (*finish)(struct bench *b);
};

/* ---- data for --check (verify.c) ---------------------------------------
 * Element i of the block that communicator rank src contributes has a
 * value fixed by (fill kind, src, i, count): every rank can work out what
 * every other rank sent. */
void fill_block(const struct bench *b, void *buf, size_t n, int src, size_t off);
void clear_block(const struct bench *b, void *buf, size_t n);
/* Compares n elements of buf with src's block from element off. */
void expect_block(struct bench *b, const void *buf, size_t n, int src,
                  size_t off, size_t report_off);
/* Compares with the reduction, in rank order, of ranks lo..hi's blocks. */
void expect_reduced(struct bench *b, const void *buf, size_t n, int lo, int hi,
                    size_t off, size_t report_off);
long fill_value(enum fill_kind k, int src, size_t i, long salt);

/* The uneven per-rank counts of the v-variants: rank r of p gets
 * floor(2 n (r+1) / (p+1)) elements, a ramp from about 2n/(p+1) to about 2n
 * that sums to at most n p. */
int vcount(size_t n, int r, int p);

#endif
