/* exit_status.c: the meanings of enum exit_status, in one table */
#include "base/exit_status.h"

const struct exit_meaning exit_meanings[] = {
    {"0", "success"},
    {"1", "--check found wrong data; a gate failed (--compare --fail-above, --trend "
          "--fail-new: a confirmed change slower than P%)"},
    {"2", "bad input or options: nothing measured, no result folder"},
    {"3", "an MPI error stopped a record (the others ran, complete), or a rank's "
          "MPI_Wtime broke (run.json: timer.broken; nothing measured after)"},
    {"4", "--keep-going skipped invalid records (1 and 3 win over 4)"},
    {"5", "a write failed (disk full); what was written stays valid"},
    {"6", "memory ran out (the message says how much was asked for)"},
    {"7", "hung: a size's calls had not returned after --timeout seconds; "
          "stderr, hang-rank-N.json and run.json (status hung) name the record, "
          "size, call and ranks"},
    {"128+N", "stopped by signal N (130 SIGINT, 143 SIGTERM)"},
};

const size_t nexit_meanings = sizeof exit_meanings / sizeof exit_meanings[0];

void exit_status_print(FILE *out, const char *indent)
{
    for (size_t i = 0; i < nexit_meanings; i++)
        fprintf(out, "%s%-6s %s\n", indent, exit_meanings[i].code, exit_meanings[i].text);
}
