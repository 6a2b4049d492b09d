/* hybrid_share.c: the HYBRID barrier that the communicator's rank 0
 * built, to every rank of it.  Only rank 0 holds the measured costs it is
 * built from (params/params.h), so the others take the groups, choices
 * and the pattern's signals from it instead of building them. */
#include "params/params.h"

#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "models/hybrid.h"

/* the pattern's ns stages: each one's signal count, then every signal;
 * rank 0's bp is read, every other rank's (empty) is filled */
static void share_pattern(struct bpattern *bp, int ns, int me, MPI_Comm comm)
{
    int *n = xmalloc_array((size_t)ns + 1, sizeof *n);
    long total = 0;
    for (int s = 0; s < ns; s++)
        n[s] = me == 0 ? bp->st[s].n : 0;
    MPI_Bcast(n, ns, MPI_INT, 0, comm);
    for (int s = 0; s < ns; s++)
        total += n[s];
    int *e = xmalloc_array(2 * (size_t)total + 1, sizeof *e);
    if (me == 0)
        for (int s = 0, at = 0; s < ns; s++)
            for (int q = 0; q < n[s]; q++, at += 2) {
                e[at] = bp->st[s].e[q].from;
                e[at + 1] = bp->st[s].e[q].to;
            }
    MPI_Bcast(e, (int)(2 * total), MPI_INT, 0, comm);
    if (me != 0)
        for (int s = 0, at = 0; s < ns; s++) {
            int stage = bpattern_stage(bp);
            for (int q = 0; q < n[s]; q++, at += 2)
                bpattern_edge(bp, stage, e[at], e[at + 1]);
        }
    free(e);
    free(n);
}

void hybrid_share(struct hybrid *h, MPI_Comm comm)
{
    int me;
    MPI_Comm_rank(comm, &me);
    int head[7] = {h->p, h->ngroups, h->top, (int)h->grouped_by, h->bp.nstages, h->flat,
                   h->chose_flat};
    double us[3] = {h->top_us, h->grouped_us, h->flat_us};
    MPI_Bcast(head, 7, MPI_INT, 0, comm);
    MPI_Bcast(us, 3, MPI_DOUBLE, 0, comm);
    int p = head[0], g = head[1];
    if (me != 0) {
        /* the pattern that runs, not the construction's grouped one */
        *h = (struct hybrid){.p = p, .ngroups = g, .top = head[2],
                             .grouped_by = (enum param_file)head[3], .top_us = us[0],
                             .grouped_us = us[1], .flat = head[5], .flat_us = us[2],
                             .chose_flat = head[6]};
        h->group = xmalloc_array((size_t)p, sizeof *h->group);
        h->pivot = xmalloc_array((size_t)g + 1, sizeof *h->pivot);
        h->choice = xmalloc_array((size_t)g + 1, sizeof *h->choice);
        h->choice_us = xmalloc_array((size_t)g + 1, sizeof *h->choice_us);
        bpattern_init(&h->bp, p);
    }
    MPI_Bcast(h->group, p, MPI_INT, 0, comm);
    MPI_Bcast(h->pivot, g, MPI_INT, 0, comm);
    MPI_Bcast(h->choice, g, MPI_INT, 0, comm);
    MPI_Bcast(h->choice_us, g, MPI_DOUBLE, 0, comm);
    share_pattern(&h->bp, head[4], me, comm);
}
