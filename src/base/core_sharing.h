/* core_sharing.h: ranks bound to the same CPUs of one machine, as a
 * plain record: world/core_share.c finds it, result's run_info carries it
 * to the writers */
#ifndef MPIGAUGE_CORE_SHARING_H
#define MPIGAUGE_CORE_SHARING_H

struct core_sharing {
    int ranks;                 /* ranks bound within one core to the same
                                * CPUs as another rank of their machine */
    int first, second;         /* the lowest such rank and the next rank on
                                * its CPUs (-1 where ranks is 0) */
    int cpu;                   /* the first of those CPUs, as the operating
                                * system numbers them (-1 where ranks is 0) */
    int unknown;               /* ranks bound within one core whose machine
                                * could not be told (no boot id): sharing
                                * is not known */
};

#endif
