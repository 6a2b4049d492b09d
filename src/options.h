/* options.h: the command line */
#ifndef MPIGAUGE_OPTIONS_H
#define MPIGAUGE_OPTIONS_H

#include <stdio.h>

#define MPIGAUGE_VERSION "0.1.0"

struct options {
    const char *input;
    const char *outdir;        /* -o; NULL: results/<timestamp>-<input> */
    int grid[3];               /* --grid XxYxZ; zeros: see grid_hw, coords */
    int grid_hw;               /* --grid hw: coordinates from the hardware */
    const char *coords;        /* --coords FILE: coordinates from a file */
    long iters, warmup;        /* -1: by message size */
    unsigned long long max_memory; /* bytes of buffers per rank; 0: node / ranks */
    int check, quiet, validate, list, help, version;
    /* statistics (repeat.c) */
    int blocks;                /* --blocks: the timed loop in this many blocks */
    double target;             /* --target: CI half-width / median to reach */
    int adaptive;              /* --adaptive: more blocks until target or budget */
    double budget;             /* --budget: seconds per size for --adaptive */
    double time_per_size;      /* --time: iterations from a pilot; 0: off */
    int raw;                   /* --raw: every block's time in a side file */
    /* synchronisation and cache (window.c, cold buffers) */
    int sync_window;           /* --sync window (0: barrier) */
    int span;                  /* --coll-time span (0: max) */
    double window_us;          /* --window; 0: from a pilot */
    int cache_cold;            /* --cache cold */
    const char *scratch;       /* --scratch DIR for MPI I/O; NULL: <result>/scratch */
    const char *papi;          /* --papi EV1,EV2; NULL: none */
};

/* Returns 0, or 2 after printing what is wrong to err. */
int parse_options(int argc, char **argv, struct options *o, FILE *err);
void print_usage(FILE *out);
/* "2x3x4" -> {2,3,4}; returns 0 or -1 */
int parse_grid(const char *s, int grid[3]);
/* "512M" -> bytes (K, M, G = 2^10, 2^20, 2^30); returns 0 or -1 */
int parse_bytes(const char *s, unsigned long long *out);

#endif
