/* record_view.h: what the writers read of a record, as plain data made
 * from its call, family and settings before it runs (struct holds,
 * registry/holds.c; struct facts, registry/facts.c), so that output/
 * reads a result, never its call or family */
#ifndef MPIGAUGE_RECORD_VIEW_H
#define MPIGAUGE_RECORD_VIEW_H

#include <stdio.h>
#include "registry/record.h"

struct json_t;

/* What a record's results hold beyond the columns every result has, as
 * plain data: the one place (registry/holds.c) that turns a call's
 * capabilities and its family's way and hooks into what the writers
 * print, so that output/ reads a result, never its call or family. */
struct holds {
    const char *per;           /* a time is per "call", "message", "operation" */
    int pairs;                 /* a sample is a pair's, the pairs one at a time */
    int all_pairs;             /* every pair at once: the ranks split in two */
    int phases;                /* a sample is a pair's of a phase (the fabric's) */
    int threads;               /* samples a pair, one a thread; 0: not threaded */
    int window;                /* messages a timed iteration streams (1: one) */
    int bandwidth;             /* data moves: MB/s means something */
    int rate;                  /* messages per second */
    int barrier;               /* a barrier's iterations and the model's prediction */
    int bsp;                   /* a BSP fit (HRELATION) */
    int aggregate;             /* its bandwidth is the aggregate of streams */
    long long streams;         /* messages in flight on the largest communicator,
                                * the aggregate's factor */
    int matrix;                /* a P x P bandwidth matrix file */
    int rotates;               /* root= may be rotate */
    int in_place;              /* inplace= applies */
    int receives;              /* its data receives name partner and tag (recv=) */
    int window_receives;       /* a window of receives (buffers=) */
    int posts;                 /* non-blocking: the overlap columns */
    int persists;              /* persistent: the init column */
    /* the family's per-point quantities this record has, a column each
     * (struct point's extra[] in the same order) */
    const struct point_extra *extra[POINT_EXTRAS];
    int nextras;
    int checked;               /* --check verifies its data */
    /* point-to-point and streaming: the curve's switch points
     * (models/switch_points.h) and the library variables that set them */
    int switches;
    int busbw;                 /* enum busbw_kind: a bus bandwidth column */
    double busbw_factor;       /* busbw_mbps = mbps x this (registry/calls.h) */
    int busbw_n;               /* the n it was made for: the largest communicator */
};

/* r's holds, its largest communicator having p ranks */
struct holds record_holds(const struct record *r, int p);

/* What a record's family says of it beyond its settings rows (its
 * describe hook), made once before the record runs: the writers print
 * these as they are, without knowing the family */
struct facts {
    struct json_t *json;       /* members of the record's run.json object; NULL: none */
    char *header;              /* "# ...\n" lines of its data files; NULL: none */
    char *prose;               /* "  ...\n" sentences of report.txt; NULL: none */
    /* what the family says of the library running the record (struct
     * family's library hook; the I/O family's hints): "# ...\n" lines
     * beside the data files' cvar= lines, members beside run.json's
     * "cvars", "# ...\n" lines after the data file's rows and "  ...\n"
     * sentences after the record's summary in report.txt; NULL: none */
    char *library;
    struct json_t *library_json;
    char *after;
    char *after_prose;
};

/* r's facts on communicators of at most p ranks (registry/facts.c);
 * facts_free frees them and empties f */
struct facts record_facts(const struct record *r, int p);
/* the memory kinds' run.json member, header line and prose sentence,
 * for record_facts (nothing for host memory) */
void mem_describe(const struct record *r, struct json_t *o, FILE *header, FILE *prose);
void facts_free(struct facts *f);

#endif
