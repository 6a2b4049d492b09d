/* rma.h: one-sided calls (rma.c: the operations, epochs and windows;
 * rma_check.c: --check) */
#ifndef MPIGAUGE_RMA_H
#define MPIGAUGE_RMA_H

#include "kernels/kernel.h"

/* one-sided's own settings (kernels/rma_family.c's rows), in the record's
 * own storage: how an epoch is synchronised (sync=), how the window is
 * made (win=), and what an iteration is (mode=: one operation and its
 * synchronisation, a window of operations, or a window each way at once) */
enum rma_sync { SYNC_FLUSH, SYNC_FLUSH_LOCAL, SYNC_LOCK, SYNC_LOCK_SHARED,
                SYNC_LOCK_ALL, SYNC_FENCE, SYNC_PSCW };
enum rma_win { WIN_CREATE, WIN_ALLOCATE, WIN_DYNAMIC };
enum rma_traffic { RMA_LATENCY, RMA_BW, RMA_BIBW };
struct rma_settings {
    enum rma_sync sync;
    enum rma_win win;
    enum rma_traffic traffic;
};

static inline const struct rma_settings *rma_settings(const struct record *r)
{
    return (const struct rma_settings *)(const void *)r->own.bytes;
}

/* one-sided's own state for a pair (k->priv between rma_pair_begin and
 * rma_pair_end): the pair's communicator (origin 0, target 1), window,
 * the window's memory here, the target's address (dynamic windows), the
 * origin's result and compare buffers, the peer's group (pscw), and
 * whether the pair's standing epoch is open */
struct rma_pair {
    MPI_Comm pair;
    MPI_Win win;
    char *base, *result, *compare;
    MPI_Aint remote;
    MPI_Group peer_group;
    int epoch;
    MPI_Request *reqs;         /* the request-based calls': one a slot */
};

static inline struct rma_pair *rma_of(const struct kernel *k)
{
    return k->priv;
}

/* both partners: the pair's communicator, window and standing epoch,
 * made before the pair's first timed iteration and freed after its last */
void rma_pair_begin(struct kernel *k);
void rma_pair_end(struct kernel *k);
void run_put(struct kernel *k, int iters);
void run_get(struct kernel *k, int iters);
void run_accumulate(struct kernel *k, int iters);
void run_get_accumulate(struct kernel *k, int iters);
void run_fetch_and_op(struct kernel *k, int iters);
void run_compare_and_swap(struct kernel *k, int iters);
void run_rput(struct kernel *k, int iters);
void run_rget(struct kernel *k, int iters);
void run_raccumulate(struct kernel *k, int iters);
void run_rget_accumulate(struct kernel *k, int iters);
int rma_request_based(const struct call *c);
/* MPICH 4.0's MPI_Win_create over a base off 16 bytes (rma_family.c): 1
 * with why written where the record's stride meets it */
int rma_create_defect(const struct record *r, const struct plan_facts *f, char *why,
                      size_t len);
void check_put(struct kernel *k);
void check_get(struct kernel *k);
void check_accumulate(struct kernel *k);
void check_get_accumulate(struct kernel *k);
void check_compare_and_swap(struct kernel *k);

/* shared by rma.c and rma_check.c */
char *rma_slot(const struct kernel *k, char *buf, int w);
int rma_pair_rank(const struct kernel *k);   /* origin 0, target 1 */
int rma_acting(const struct kernel *k);      /* issues operations */
int rma_targeted(const struct kernel *k);    /* its window is written or read */
void rma_open(struct kernel *k);             /* the standing epoch, if any */
void rma_close(struct kernel *k);

#endif
