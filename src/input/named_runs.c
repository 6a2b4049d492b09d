/* named_runs.c: --run NAME, the peers' most used benchmarks as the
 * record that measures the same calls over the same sizes (docs/peers.md
 * has the table these rows come from).
 *
 * A row is a record and nothing else: the peer's own timing (its
 * iteration counts, one loop a size) is --like osu|imb, which applies to
 * the whole run, so --run osu_latency times as mpigauge does unless
 * --like osu is given too.  Sizes are the peers' defaults: OSU 7.4's
 * point-to-point tests up to 4 MiB (osu_latency from 0 bytes, the
 * bandwidth tests from 1), its collectives 1 byte to 1 MiB in CHAR, its
 * reductions with SUM; IMB 2021's 0 to 4 MiB in BYTE, its reductions in
 * FLOAT with SUM (4 MiB is 1048576 floats). */
#include "input/named_runs.h"

#include <strings.h>

#define OSU_P2P "0 4194304 MUL 2 WORLD NOP 0"
#define OSU_BW "CHAR 1 4194304 MUL 2 WORLD NOP 0"
#define OSU_COLL "CHAR 1 1048576 MUL 2 WORLD"
#define IMB_SIZES "BYTE 0 4194304 MUL 2 WORLD"
#define IMB_REDUCE "FLOAT 0 1048576 MUL 2 WORLD SUM 0"

const struct named_run named_runs[] = {
    {"osu_latency", "SEND CHAR " OSU_P2P},
    {"osu_bw", "BW " OSU_BW},
    {"osu_bibw", "BIBW " OSU_BW},
    {"osu_mbw_mr", "MSGRATE " OSU_BW},
    {"osu_multi_lat", "MULTI_LATENCY CHAR " OSU_P2P},
    {"osu_allreduce", "ALLREDUCE " OSU_COLL " SUM 0"},
    {"osu_reduce", "REDUCE " OSU_COLL " SUM 0"},
    {"osu_reduce_scatter", "REDUCE_SCATTER " OSU_COLL " SUM 0"},
    {"osu_bcast", "BCAST " OSU_COLL " NOP 0"},
    {"osu_allgather", "ALLGATHER " OSU_COLL " NOP 0"},
    {"osu_alltoall", "ALLTOALL " OSU_COLL " NOP 0"},
    {"osu_gather", "GATHER " OSU_COLL " NOP 0"},
    {"osu_scatter", "SCATTER " OSU_COLL " NOP 0"},
    {"osu_barrier", "BARRIER CHAR 0 0 ADD 1 WORLD MPI 0"},
    {"imb:PingPong", "SEND " IMB_SIZES " NOP 0"},
    {"imb:PingPing", "PINGPING " IMB_SIZES " NOP 0"},
    {"imb:Sendrecv", "SENDRECV_CHAIN " IMB_SIZES " NOP 0"},
    {"imb:Exchange", "EXCHANGE " IMB_SIZES " NOP 0"},
    {"imb:Uniband", "MSGRATE " IMB_SIZES " NOP 0"},
    {"imb:Biband", "MULTI_BIBW " IMB_SIZES " NOP 0"},
    {"imb:Allreduce", "ALLREDUCE " IMB_REDUCE},
    {"imb:Reduce", "REDUCE " IMB_REDUCE},
    {"imb:Reduce_scatter", "REDUCE_SCATTER " IMB_REDUCE},
    {"imb:Bcast", "BCAST " IMB_SIZES " NOP 0"},
    {"imb:Allgather", "ALLGATHER " IMB_SIZES " NOP 0"},
    {"imb:Alltoall", "ALLTOALL " IMB_SIZES " NOP 0"},
    {"imb:Gather", "GATHER " IMB_SIZES " NOP 0"},
    {"imb:Scatter", "SCATTER " IMB_SIZES " NOP 0"},
    {"imb:Barrier", "BARRIER BYTE 0 0 ADD 1 WORLD MPI 0"},
};

const size_t nnamed_runs = sizeof named_runs / sizeof named_runs[0];

const char *named_run(const char *name)
{
    for (size_t i = 0; i < nnamed_runs; i++)
        if (strcasecmp(name, named_runs[i].name) == 0)
            return named_runs[i].record;
    return NULL;
}

void print_named_runs(FILE *out)
{
    fputs("\nNamed runs (--run NAME: the peer's benchmark as a record; --like osu|imb"
          " for its timing too):\n", out);
    for (size_t i = 0; i < nnamed_runs; i++)
        fprintf(out, "  %-22s %s\n", named_runs[i].name, named_runs[i].record);
}
