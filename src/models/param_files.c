/* param_files.c: the parameter matrices' file names and meanings */
#include "models/param_files.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

const struct param_file_row param_files[PF_COUNT] = {
    [PF_O] = {"O", "O_i, invocation overhead (median time of MPI_Startall + "
              "MPI_Waitall on P requests to MPI_PROC_NULL)"},
    [PF_OIJ] = {"Oij", "O_ij, per-request overhead (slope of the time to start "
                "and complete k zero-byte sends i -> j against k)"},
    [PF_LIJ] = {"Lij", "L_ij, latency (intercept of the one-way time of a "
                "ping-pong against bytes, 2^0 to 2^20, least squares)"},
    [PF_BIJ] = {"Bij", "B_ij, time per byte (slope of the same line)"},
    [PF_LIJ_SMALL] = {"Lij-small", "L_ij fitted over 2^0 to 2^10 bytes by "
                      "relative error"},
    [PF_TAIL] = {"tail", "a signal's tail: zero-byte round trips' deviations "
                 "from their median, the means of their 32 sorted bins (fastest "
                 "first)"},
    [PF_XIJ] = {"Xij", "X_ij, a zero-byte exchange (median time of i and j each "
                "sending to the other and receiving from it at once)"},
    [PF_RIJ] = {"Rij", "R_ij, per-receive overhead (slope of the time for i to "
                "complete k zero-byte receives from j that are already there, "
                "against k; row = receiver)"},
    [PF_R1IJ] = {"R1ij", "R1_ij, a lone receive (median time for i to complete "
                 "one zero-byte receive from j whose signal arrived while i was "
                 "outside MPI, less one from MPI_PROC_NULL; row = receiver)"},
    [PF_SIJ] = {"Sij", "S_ij, acknowledging a synchronous signal (half the "
                "difference between zero-byte MPI_Ssend and MPI_Send ping-pongs)"},
    [PF_LOGGP_L] = {"loggp-L", "LogGP L, latency (PRTT(1,0,1)/2 - o_s - o_r)"},
    [PF_LOGGP_OS] = {"loggp-os", "LogGP o_s, the sender's overhead of one byte"},
    [PF_LOGGP_OR] = {"loggp-or", "LogGP o_r, the receiver's overhead of one byte "
                     "(row = receiver)"},
    [PF_LOGGP_G] = {"loggp-g", "LogGP g, the gap between 1-byte messages"},
    [PF_LOGGP_BIG_G] = {"loggp-G", "LogGP G, the gap per byte (us per byte)"},
    [PF_HOCKNEY_ALPHA] = {"hockney-alpha", "Hockney alpha, the intercept of the "
                          "one-way time against bytes (1 B to 64 KiB)"},
    [PF_HOCKNEY_BETA] = {"hockney-beta", "Hockney beta, its slope (us per byte)"},
};

void param_file_name(const char *topology, enum param_file f, char *out, size_t len)
{
    char low[64];
    size_t i = 0;
    for (; topology[i] && i + 1 < sizeof low; i++)
        low[i] = (char)tolower((unsigned char)topology[i]);
    low[i] = 0;
    snprintf(out, len, "params-%s-%s.dat", low, param_files[f].what);
}

int param_file_topology(const char *name, enum param_file f, char *topology,
                        size_t len)
{
    char suffix[64];
    snprintf(suffix, sizeof suffix, "-%s.dat", param_files[f].what);
    size_t n = strlen(name), ns = strlen(suffix), np = strlen("params-");
    if (n <= np + ns || strncmp(name, "params-", np) != 0 ||
        strcmp(name + n - ns, suffix) != 0 || n - np - ns >= len)
        return 0;
    snprintf(topology, len, "%.*s", (int)(n - np - ns), name + np);
    return 1;
}
