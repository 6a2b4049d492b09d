/* coll_neighbor_check.c: --check for the neighbourhood collectives: every
 * element of every block against the data of the neighbour it came from,
 * and the blocks of MPI_PROC_NULL neighbours left as they were. */
#include "kernels/coll_neighbors.h"

static char *at(const struct kernel *k, char *buf, size_t elem)
{
    return buf + elem * (size_t)k->extent;
}

/* where the sender's block j starts in its send buffer (alltoall forms) */
static size_t sender_offset(const struct kernel *k, const struct neighbors *nb,
                            int sender, int j)
{
    size_t off = 0;
    for (int q = 0; q < j; q++)
        off += (size_t)nbr_edge_count(k, nb, sender, q);
    return off;
}

/* every receive block: from a real neighbour (its data from element
 * offset(i) of its send buffer), or untouched */
static void expect_blocks(struct kernel *k, int alltoall)
{
    const struct neighbors *nb = k->nb;
    for (int i = 0; i < nb->in; i++) {
        size_t d = (size_t)nb->rdispls[i], n = (size_t)nb->rcounts[i];
        int s = nb->src[i];
        int j = nb->slot[i] > 0 ? nb->slot[i] : 0;
        if (s == MPI_PROC_NULL)
            expect_clear(k, at(k, k->rbuf, d), n, d);
        else
            expect_block(k, at(k, k->rbuf, d), n, s,
                         alltoall ? sender_offset(k, nb, s, j) : 0, d);
    }
}

/* allgather(v): every rank's one block to each of its destinations */
void check_neighbor_allgather(struct kernel *k)
{
    fill_block(k, k->sbuf, (size_t)k->nb->mine, k->rank, 0);
    clear_block(k, k->rbuf, k->nb->rtotal);
    check_run(k);
    expect_blocks(k, 0);
}

/* alltoall(v, w): block j of the send buffer to destination j */
void check_neighbor_alltoall(struct kernel *k)
{
    fill_block(k, k->sbuf, k->nb->stotal, k->rank, 0);
    clear_block(k, k->rbuf, k->nb->rtotal);
    check_run(k);
    expect_blocks(k, 1);
}
