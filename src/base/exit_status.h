/* exit_status.h: what mpigauge's exit status means.  The one list: the
 * code returns these, --help and the man page print exit_status_text(),
 * and docs/ is checked against it (tests/docs.sh). */
#ifndef MPIGAUGE_EXIT_STATUS_H
#define MPIGAUGE_EXIT_STATUS_H

#include <stddef.h>
#include <stdio.h>

enum exit_status {
    EXIT_OK = 0,
    EXIT_CHECK_FAILED = 1,     /* --check found wrong data */
    EXIT_BAD_INPUT = 2,        /* input or options: nothing measured */
    EXIT_MPI_ERROR = 3,        /* an MPI error stopped a record */
    EXIT_SKIPPED = 4,          /* --keep-going skipped invalid records */
    EXIT_WRITE_FAILED = 5,     /* a write failed (disk full) */
    EXIT_NO_MEMORY = 6,        /* memory ran out */
    EXIT_HUNG = 7,             /* --timeout: a size's calls did not return */
    EXIT_SIGNAL_BASE = 128     /* + the signal: interrupted */
};

/* the meanings, one row per status ("128+N" for the signals) */
struct exit_meaning {
    const char *code, *text;
};
extern const struct exit_meaning exit_meanings[];
extern const size_t nexit_meanings;

/* one line per status, "N  meaning", for --help */
void exit_status_print(FILE *out, const char *indent);

#endif
