/* kernels/: what is timed, one file per call family, and --check's known data and comparisons; uses registry/ (record.h), models/ and base/ only. */
#ifndef MPIGAUGE_KERNEL_H
#define MPIGAUGE_KERNEL_H

/* struct kernel: what one rank knows while it measures one record at one
 * size.  measure/ fills it; the loop and check functions of the call
 * table use it and nothing else. */

#include <mpi.h>
#include <stddef.h>
#include "registry/record.h"
#include "kernels/tags.h"

struct facts;

struct kernel {
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
    /* elements at this size: MPI_Count, as sizes past 2^31-1 reach the
     * calls with `large` (kernels/large.h); every other call's record is
     * held to int by the parser */
    MPI_Count count;
    /* point-to-point: this rank's partner and whether it sends first */
    int peer, initiator;
    /* this rank has no part in what is timed at this size or phase: a
     * multi-pair call's odd rank out (its layout says so), a rank left
     * out of a PERMUTATION's matching (its phase).  measure/ clears it
     * before the layout and before every phase; a rank that sits out
     * still runs the (empty) timed loop in step with the others, but
     * gives no sample, no timed calls to the counters' means and no
     * share of the calls' mean.  (A rank whose topology colour is -1 has
     * no communicator and never gets this far.) */
    int sits_out;
    MPI_Request req;           /* a receive posted ahead (RSEND) */
    char *sbuf, *rbuf;         /* data start: aligned address + stride */
    /* v-variants: counts[r], displs[r] of the rank layout; alltoallv also
     * uses the send-side arrays */
    int *counts, *displs, *scounts, *sdispls;
    /* alltoallw: byte displacements and a type per rank */
    int *wsdispls, *wrdispls;
    MPI_Datatype *types;
    MPI_Request *reqs;         /* calls that start many requests (HRELATION) */
    int distinct;              /* --check: a window's messages from slots of their own */
    int own_sends;             /* buffers=multiple: each message sent from a slot of its
                                * own too (osu_bw -b multiple) */
    int shared_recv;           /* a window's receives into one buffer (input/like.h) */
    int first_call;            /* root=rotate: the loop's first call's index mod P
                                * (calls timed one at a time, --like: 0, 1, ...) */
    unsigned long mismatches;  /* found by --check at this size */
    const char *where;         /* record description for mismatch messages */
    /* MPI I/O (io_file.c): the folder for files, and the record's
     * position, for their names */
    const char *scratch;
    int index;
    /* measure/ is told of every file opened (rc MPI_SUCCESS) or not, to
     * attach its error handler or note the error, and of every one-sided
     * pair's communicator and window */
    void (*file_opened)(MPI_File fh, int rc);
    /* the record's facts (registry/record_view.h), whose library parts
     * the family's kernels may say again as they learn them (the I/O
     * family's hints read back: kernels/io_hints.c); empty on the ranks
     * that do not write */
    struct facts *facts;
    void (*win_opened)(MPI_Comm comm, MPI_Win win);
    /* the target of a one-sided pair makes no call in the timed loop: it
     * waits in a receive for the origin's verdict after every block
     * (measure/timing.c), as OSU's target waits in MPI_Barrier */
    int passive_pair;
    /* neighbourhood collectives (coll_neighbors.c): this size's neighbours */
    struct neighbors *nb;
    /* a family's own state, which nothing outside its kernels reads: its
     * pair_begin or layout makes it, its pair_end or finish frees it
     * (one-sided's window and epoch: rma.h; MPI I/O's file: io_file.c;
     * persistent and partitioned point-to-point's requests; the fabric
     * calls' phase partners; the object calls' pools; the threads) */
    void *priv;
    /* mem=device or mem=managed (kernels/device.c): the buffers in GPU
     * memory, and whether a staged loop is running (its ping-pong then
     * calls device_out, device_in); NULL and 0 for host memory */
    struct device_bufs *dev;
    int in_staged_loop;
    /* set by a layout function: undone after the size is measured */
    void (*finish)(struct kernel *k);
};

/* ---- data for --check (check.c) --------------------------------------------
 * Element i of the block that communicator rank src contributes has a
 * value fixed by (fill kind, src, i, count): every rank can work out what
 * every other rank sent. */
void fill_block(const struct kernel *k, void *buf, size_t n, int src, size_t off);
void clear_block(const struct kernel *k, void *buf, size_t n);
/* Compares n elements of buf with src's block from element off. */
void expect_block(struct kernel *k, const void *buf, size_t n, int src,
                  size_t off, size_t report_off);
/* Expects n elements of buf still cleared (a block MPI must not touch). */
void expect_clear(struct kernel *k, const void *buf, size_t n, size_t report_off);
/* Compares with the reduction, in rank order, of ranks lo..hi's blocks. */
void expect_reduced(struct kernel *k, const void *buf, size_t n, int lo, int hi,
                    size_t off, size_t report_off);
long fill_value(enum fill_kind kind, int src, size_t i, long salt);
/* The call run once for --check, between filling and comparing: its
 * loop(k, 1), or where the buffers are in GPU memory (kernels/device.c)
 * the host buffers copied there, overwritten, the call run on the GPU
 * buffers and those copied back, so what is compared went through them. */
void check_run(struct kernel *k);
/* check_run with run in the place of the call's loop (a check that runs
 * its loop another way: p2p_stream.c's window with fresh requests) */
void check_run_with(struct kernel *k, void (*run)(struct kernel *, int));
/* For a check that fills and compares memory MPI holds between calls (a
 * one-sided window): the host place of a pointer into the GPU buffers
 * (others as they are), the host buffers copied to the GPU ones and
 * back, and one call of run with the GPU buffers in the kernel; each
 * does nothing where the buffers are in host memory or staged. */
void *device_host_view(const struct kernel *k, void *p);
void device_push(struct kernel *k);
void device_pull(struct kernel *k);
void device_call(struct kernel *k, void (*run)(struct kernel *, int));
/* bytes from src to dst, one of them GPU memory (a check inside a loop:
 * FAN_IN's root); nothing where they are one place */
void device_copy_span(struct kernel *k, void *dst, const void *src, size_t bytes);

/* The uneven per-rank counts of the v-variants: rank r of p gets
 * floor(2 n (r+1) / (p+1)) elements, a ramp from about 2n/(p+1) to about 2n
 * that sums to at most n p. */
int vcount(size_t n, int r, int p);

/* The source and tag a data receive from peer matches: the record's
 * recv= (any_source, any_tag) widens them for the families whose
 * receives allow it (registry.h: named_receives).  A loop takes them once,
 * before its timed iterations. */
struct match {
    int source, tag;
};

static inline struct match data_match(const struct kernel *k, int peer)
{
    struct match m = {k->rec->recv & RECV_ANY_SOURCE ? MPI_ANY_SOURCE : peer,
                      k->rec->recv & RECV_ANY_TAG ? MPI_ANY_TAG : TAG_DATA};
    return m;
}

/* The root of a rooted call's i-th call in a timed loop: root=, or with
 * root=rotate i mod P (as IMB rotates its roots).  A check runs the loop
 * once, so it sees call 0's root, which root=rotate makes k->root (0). */
static inline int call_root(const struct kernel *k, int i)
{
    return k->rec->root_rotate ? (k->first_call + i) % k->size : k->root;
}

/* the send buffer of a collective, or MPI_IN_PLACE with inplace=1 */
static inline const void *send_or_in_place(const struct kernel *k)
{
    return k->rec->inplace ? MPI_IN_PLACE : (const void *)k->sbuf;
}

/* inplace=1 on this rank of a call whose root is root: MPI lets only the
 * root of a gather or scatter pass MPI_IN_PLACE (root < 0: every rank
 * passes it) */
static inline int in_place_at(const struct kernel *k, int root)
{
    return k->rec->inplace && (root < 0 || k->rank == root);
}

/* the send buffer, or MPI_IN_PLACE where in_place_at; its count and type
 * are then ignored (MPI 4.1 sections 6.5-6.11) */
static inline const void *send_at(const struct kernel *k, int root)
{
    return in_place_at(k, root) ? MPI_IN_PLACE : (const void *)k->sbuf;
}

/* a scatter's receive buffer, or MPI_IN_PLACE at its root with inplace=1:
 * the root's own block stays where it is in the send buffer */
static inline void *recv_at(const struct kernel *k, int root)
{
    return in_place_at(k, root) ? MPI_IN_PLACE : (void *)k->rbuf;
}

/* staged=1 inside a call's own loop (kernels/device.c; while
 * k->in_staged_loop): the message copied from device to host memory
 * before it is sent, and from host to device memory once received */
void device_out(struct kernel *k);
void device_in(struct kernel *k);
/* the same for the message at byte at of the buffers (a threaded call's
 * slot: each thread stages its own, kernels/threads_loops.c) */
void device_out_at(struct kernel *k, size_t at);
void device_in_at(struct kernel *k, size_t at);

/* MPI_Waitall with MPI_STATUSES_IGNORE (sync_barrier.c) */
void waitall(int n, MPI_Request *req);

#endif
