/* compare_json.h: what mpigauge --compare found, gathered per record as
 * JSON and written as text (a line per size, a summary per record, the
 * sizes left unsettled and the launch modes) or as JSON for machines
 * (docs/report.md, Did it get slower?).  Includes offline/ and jansson;
 * no MPI. */
#ifndef MPIGAUGE_COMPARE_JSON_H
#define MPIGAUGE_COMPARE_JSON_H

#include <jansson.h>
#include "offline/launch_set.h"
#include "offline/size_verdict.h"

struct compare_out {
    const struct launch_set *a, *b;
    const struct judging *j;
    json_t *diff;              /* the fingerprints' differences (borrowed) */
    json_t *records;
    int compared, regressed;
    int unsettled;             /* sizes not settled */
    int open;                  /* of them, those more launches would likely
                                * settle within the design's last look (by
                                * launches_to_settle: a rough guide, said as
                                * such; launches.sh --until-decided goes on
                                * while any size is unsettled) */
};

void compare_out_begin(struct compare_out *o, const struct launch_set *a,
                       const struct launch_set *b, const struct judging *j, json_t *diff);
/* one record's compared sizes c[0..n) */
void compare_out_record(struct compare_out *o, const json_t *rec, const struct size_cmp *c,
                        int n);
/* text or JSON on stdout: 0, or 5 when stdout could not be written */
int compare_out_write(const struct compare_out *o, int json);
/* the gate's verdict on stderr, for a CI log: each regressed record */
void compare_out_say_regressed(const struct compare_out *o);
void compare_out_free(struct compare_out *o);

#endif
