/* core_sharing.h: ranks bound to the same core of one machine, as a
 * plain record: world/core_share.c finds it, result's run_info carries it
 * to the writers */
#ifndef MPIGAUGE_CORE_SHARING_H
#define MPIGAUGE_CORE_SHARING_H

struct core_sharing {
    int ranks;                 /* ranks bound to a core another rank of
                                * their machine is bound to */
    int first, second;         /* the lowest such rank and the next rank
                                * on its core (-1 where ranks is 0) */
    int core;                  /* that core (-1 where ranks is 0) */
};

#endif
