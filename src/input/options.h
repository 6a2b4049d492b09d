/* options.h: the command line, from one table of options */
#ifndef MPIGAUGE_OPTIONS_H
#define MPIGAUGE_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

#define MPIGAUGE_VERSION "0.1.0"

/* --like PEER: time as OSU 7.4 or IMB 2021 do (input/iters.c's counts,
 * measure/'s one block and barrier after each collective call) */
enum like { LIKE_NONE, LIKE_OSU, LIKE_IMB };
enum params_depth { PARAMS_AUTO, PARAMS_FULL, PARAMS_CLASSES };

/* --blocks' default (the option table's, and what --like accepts) */
enum { DEFAULT_BLOCKS = 10 };

enum { MAX_OPTIONS = 64 };     /* above the option table's length; checked */

/* -r RECORD and --run NAME: records on the command line, in the order
 * given (input/cmdline.c joins them after the input file's lines); more
 * than this many belong in a file */
enum { MAX_CMDLINE_RECORDS = 256 };
struct cmdline_record {
    const char *text;          /* the record as the parser reads it */
    const char *run;           /* --run's name; NULL for -r */
};

/* --export FORMAT (offline/export.c) */
enum export_format { EXPORT_NONE, EXPORT_CSV };

struct options {
    const char *input;         /* the input file; NULL: only -r and --run */
    struct cmdline_record cmdline[MAX_CMDLINE_RECORDS];
    int ncmdline;
    /* given[i]: option_specs[i] was written on the command line (the
     * checks of what goes together judge what was written) */
    unsigned char given[MAX_OPTIONS];
    const char *outdir;        /* -o; NULL: results/<timestamp>-<input> */
    int grid[3];               /* --grid XxYxZ; zeros: see grid_hw, coords */
    int grid_hw;               /* --grid hw: coordinates from the hardware */
    const char *coords;        /* --coords FILE: coordinates from a file */
    long iters, warmup;        /* -1: by message size */
    unsigned long long max_memory; /* bytes of buffers per rank; 0: node / ranks */
    int check, quiet, validate, list, help, version;
    int keep_going;            /* --keep-going: skip invalid records, run the rest */
    int ranks;                 /* --validate --ranks N: plan for N ranks; 0: no */
    /* statistics (measure/repeat.c) */
    int blocks;                /* --blocks: the timed loop in this many blocks */
    double target;             /* --target: CI half-width / median to reach */
    int adaptive;              /* more blocks until target or budget: --adaptive,
                                * or the default (options.c's repeat_default) */
    int adaptive_asked;        /* --adaptive was given */
    int fixed;                 /* --fixed: --blocks blocks, no more */
    int count_given;           /* --iters, --blocks or --time was given */
    double budget;             /* --budget: seconds per size for --adaptive */
    double time_per_size;      /* --time: iterations from a pilot; 0: off */
    double timeout_s;          /* --timeout: seconds a size may take before the
                                * watchdog reports it hung (lifecycle/watchdog.h);
                                * 0: off; -1: from the record's estimate */
    int raw;                   /* --raw: every block's time in a side file */
    /* synchronisation and cache (measure/window.c, cold buffers) */
    int sync_window;           /* --sync window (0: barrier) */
    int span;                  /* --coll-time span (0: max) */
    int clocks_flat;           /* --clocks flat (0: two-level, clock/clock.h) */
    double window_us;          /* --window; 0: from a pilot */
    int cache_cold;            /* --cache cold */
    int mem;                   /* --mem: 0 none, else 1 + enum mem_kind for every
                                * record that takes mem= and has none */
    int params;                /* --params: PARAMS_AUTO, PARAMS_FULL, PARAMS_CLASSES */
    int like;                  /* --like: LIKE_NONE, LIKE_OSU, LIKE_IMB */
    /* --thread-level: 0 (auto: MULTIPLE where the input has a threaded
     * call, else MPI_Init), or 1 + the level asked (single ... multiple) */
    int thread_level;
    const char *scratch;       /* --scratch DIR for MPI I/O; NULL: in the result folder */
    const char *papi;          /* --papi EV1,EV2; NULL: none */
    int loggp;                 /* --loggp: LogGP and Hockney per pair too */
    /* --predict DIR PATTERN: the models on DIR's matrices, without MPI
     * (offline/); PATTERN is the one word after the options */
    const char *predict;       /* DIR; NULL: measure */
    const char *pattern;
    const char *topology;      /* --topology: whose matrices; NULL: DIR's one */
    int ssend;                 /* --signal ssend (0: send) */
    int exchange;              /* --payload exchange (0: uniform) */
    unsigned long long bytes;  /* --bytes: a signal's payload */
    double timer_us;           /* --timer: a timer read's cost, us (0: none) */
    long shuffle;              /* --shuffle SEED: records in an order of their
                                * own (0: the input's order) */
    /* launch sets, without MPI (offline/launch_set.h, set_compare.h):
     * --set SET summarises SET's launches; --compare A B judges B
     * against A (B is the one word after the options) */
    const char *set;
    const char *compare, *compare_b;
    const char *fail_above;    /* --fail-above P%: the gate; NULL: none */
    const char *tolerance;     /* --tolerance P%: "no change" means within it;
                                * NULL: the gate's, else 5% */
    int json;                  /* --json: the verdicts as JSON on stdout */
    int export_format;         /* --export FORMAT: enum export_format */
    const char *export_from;   /* its RESULT_OR_SET, the one word after the options */
    int allow_different;       /* --allow-different: unlike runs, said */
    /* the store over time (offline/store_add.h, trend.h): --store DB
     * FOLDER... adds the folders after the options; --trend DB writes the
     * series into -o DIR, of the records -r names (their words) and of
     * --system's fingerprint key; --fail-new P% gates on the newest point */
    const char *store;
    char *const *store_folders;
    int nstore_folders;
    const char *trend;
    const char *system;
    const char *fail_new;
};

/* What kind of value an option takes, and so how it is parsed into its
 * field of struct options and echoed. */
enum opt_kind {
    OPT_FLAG,                  /* int, set to 1 */
    OPT_LONG,                  /* long, a whole number in [min, max] */
    OPT_INT,                   /* int, a whole number in [min, max] */
    OPT_REAL,                  /* double, above 0 and at most max */
    OPT_CHOICE,                /* int: i for words[i] (two to five words) */
    OPT_TEXT,                  /* const char *, any non-empty text */
    OPT_BYTES,                 /* unsigned long long, with K, M or G; 0
                                * only where min is 0 */
    OPT_GRID,                  /* grid[3] from XxYxZ, or grid_hw from "hw" */
    OPT_RECORD,                /* cmdline[]: one more record, as written */
    OPT_RUN,                   /* cmdline[]: one more record, a named run's */
};

/* One row per option: getopt_long, --help, the defaults, and how run.json
 * and each data file's header echo it all come from here. */
struct option_spec {
    const char *name;          /* long name, without "--" */
    int letter;                /* short name, or 0 */
    enum opt_kind kind;
    size_t field;              /* offsetof(struct options, ...) */
    const char *metavar;       /* what --help calls the value */
    double dflt;               /* the value before any option */
    long min, max;             /* OPT_LONG, OPT_INT: bounds; OPT_REAL: max */
    const char *words[6];      /* OPT_CHOICE, NULL after the last */
    const char *expect;        /* what a bad value is told it should be */
    const char *group;         /* --help section */
    const char *help;          /* --help text; '\n' continues on a new line */
    const char *json;          /* key in run.json's "options", or NULL */
    int unset_null;            /* run.json says null while the value is dflt */
    const char *header;        /* key in a data file's "# options:", or NULL */
    const char *unit;          /* appended to the header's value ("s") */
    const char *note;          /* appended after the header's key=value */
    int fixes_repeat;          /* giving it asks for a count: no adaptive default */
    /* it shapes a measuring run (or --validate's plan of one): refused
     * with --predict, --set and --compare, which measure nothing */
    int run_only;
    int zero_off;              /* OPT_REAL: 0 is taken too, and means off */
};

extern const struct option_spec option_specs[];
extern const size_t noption_specs;

/* Returns 0, or 2 after printing what is wrong to err (NULL: say nothing,
 * as on every rank but 0). */
int parse_options(int argc, char **argv, struct options *o, FILE *err);
void print_usage(FILE *out);
/* "2x3x4" -> {2,3,4}; returns 0 or -1 */
int parse_grid(const char *s, int grid[3]);
/* "512M" -> bytes (K, M, G = 2^10, 2^20, 2^30); returns 0 or -1 */
int parse_bytes(const char *s, unsigned long long *out);

/* An option's value as text: the header form (on/off, words, numbers
 * with unit) for the data file's "# options:" line. */
void option_text(const struct option_spec *sp, const struct options *o,
                 char *out, size_t len);

#endif
