/* hang_report.h: what the watchdog (watchdog.h) saw, said: stderr, the
 * rank's hang-rank-N.json, and on rank 0 the gathering into run.json and
 * hang.txt; then the process exits EXIT_HUNG */
#ifndef MPIGAUGE_HANG_REPORT_H
#define MPIGAUGE_HANG_REPORT_H

#include <jansson.h>

/* one rank's view of the size that did not end, copied out of the
 * watchdog's state */
/* a record's text as reported (registry/record.h's RECORD_TEXT) */
enum { HANG_TEXT = 256 };

struct hang_seen {
    int rank, nranks;
    int record, line;
    char text[HANG_TEXT], call[64];
    unsigned long long elements, bytes;
    double timeout_s, size_s, block_s;  /* the size's and the block's time so far */
    int in_block, timed;
    long first, last;              /* the block's calls, 1-based in the size */
    char waits_what[48];           /* "the pair's partner", "its communicator" */
    int waits[64], nwaits, waits_more; /* world ranks (the first 64) and how many more */
};

struct json_pieces;

/* rank 0 (hang_json.c): run.json at path from rank 0's prepared pieces,
 * the run's status and the pending record of input line `line` made
 * "hung", each with hang (a JSON object) as "hang"; 0, or -1 */
int hang_runjson(const struct json_pieces *p, const char *path, int line, json_t *hang);

/* never returns */
_Noreturn void hang_report(const struct hang_seen *h, const char *dir);

#endif
