/* p2p_persistent.h: persistent point-to-point calls (p2p_persistent.c):
 * MPI_Send_init / MPI_Recv_init made once per pair, MPI_Start(all) and
 * MPI_Wait(all) timed, as OSU's osu_latency_persistent, osu_bw_persistent
 * and osu_bibw_persistent. */
#ifndef MPIGAUGE_P2P_PERSISTENT_H
#define MPIGAUGE_P2P_PERSISTENT_H

#include "kernels/kernel.h"

/* pair_begin: the pair's requests, into k->priv; pair_end frees them */
void pinit_pingpong_begin(struct kernel *k);
void pinit_bw_begin(struct kernel *k);
void pinit_bibw_begin(struct kernel *k);
void pinit_end(struct kernel *k);
void run_send_init(struct kernel *k, int iters);
void run_bw_init(struct kernel *k, int iters);
void run_bibw_init(struct kernel *k, int iters);
void check_bw_init(struct kernel *k);
void check_bibw_init(struct kernel *k);

#endif
