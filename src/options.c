/* options.c: the command line, with getopt_long */
#include "options.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

enum { OPT_GRID = 256, OPT_COORDS, OPT_MAX_MEMORY, OPT_ITERS, OPT_WARMUP, OPT_CHECK, OPT_QUIET,
       OPT_VALIDATE, OPT_LIST, OPT_VERSION, OPT_BLOCKS, OPT_TARGET, OPT_ADAPTIVE,
       OPT_BUDGET, OPT_TIME, OPT_RAW, OPT_SYNC, OPT_COLL_TIME, OPT_WINDOW,
       OPT_CACHE, OPT_SCRATCH, OPT_PAPI };

static const struct option longopts[] = {
    {"output", required_argument, NULL, 'o'},
    {"grid", required_argument, NULL, OPT_GRID},
    {"coords", required_argument, NULL, OPT_COORDS},
    {"max-memory", required_argument, NULL, OPT_MAX_MEMORY},
    {"iters", required_argument, NULL, OPT_ITERS},
    {"warmup", required_argument, NULL, OPT_WARMUP},
    {"check", no_argument, NULL, OPT_CHECK},
    {"quiet", no_argument, NULL, OPT_QUIET},
    {"validate", no_argument, NULL, OPT_VALIDATE},
    {"list", no_argument, NULL, OPT_LIST},
    {"blocks", required_argument, NULL, OPT_BLOCKS},
    {"target", required_argument, NULL, OPT_TARGET},
    {"adaptive", no_argument, NULL, OPT_ADAPTIVE},
    {"budget", required_argument, NULL, OPT_BUDGET},
    {"time", required_argument, NULL, OPT_TIME},
    {"raw", no_argument, NULL, OPT_RAW},
    {"sync", required_argument, NULL, OPT_SYNC},
    {"coll-time", required_argument, NULL, OPT_COLL_TIME},
    {"window", required_argument, NULL, OPT_WINDOW},
    {"cache", required_argument, NULL, OPT_CACHE},
    {"scratch", required_argument, NULL, OPT_SCRATCH},
    {"papi", required_argument, NULL, OPT_PAPI},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0},
};

void print_usage(FILE *out)
{
    fputs("usage: mpirun -n P mpigauge [options] INPUT\n"
          "\n"
          "Times every record of INPUT (one MPI call, datatype, size range,\n"
          "topology and op per line) and writes prose to stdout and report.txt,\n"
          "one gnuplot data file per record and run.json to the result folder.\n"
          "\n"
          "  -o, --output DIR   result folder (default results/<time>-<input>/);\n"
          "                     it must not exist yet, or be empty\n"
          "      --grid XxYxZ   process grid for the line/plane/cube topologies\n"
          "                     (default MPI_Dims_create(P, 3))\n"
          "      --grid hw      x = core in its package, y = package in its node,\n"
          "                     z = node (hwloc)\n"
          "      --coords FILE  coordinates from FILE, one 'rank x y z' per line\n"
          "      --iters N      timed iterations per size (default by size:\n"
          "                     10000 up to 8 KiB, then fewer, at least 10)\n"
          "      --warmup N     untimed iterations first (default iters/10)\n"
          "      --check        verify every element of every call's data\n"
          "\n"
          "Statistics (see README, 'How mpigauge measures'):\n"
          "      --blocks N     split each size's timed iterations into N blocks\n"
          "                     (default 10); median and 95% CI over blocks\n"
          "      --target F     the CI should lie within F x median of the\n"
          "                     median (default 0.05); reported per size\n"
          "      --adaptive     run more blocks until the target is met or the\n"
          "                     budget is spent (at least 6 blocks)\n"
          "      --budget S     seconds per size for --adaptive (default 1)\n"
          "      --time S       iterations per size from a pilot, so that the\n"
          "                     timed loop takes about S seconds (as IMB's -time)\n"
          "      --raw          every block's time in <data file>.raw.dat\n"
          "      --sync MODE    barrier (default): a barrier before each block;\n"
          "                     window: every call starts at a common time on\n"
          "                     clocks corrected to rank 0, late starts dropped\n"
          "      --window US    window length for --sync window (default: from\n"
          "                     a pilot)\n"
          "      --coll-time T  with --sync window, a collective's time is max\n"
          "                     (the slowest rank's own duration, default) or\n"
          "                     span (last exit - first entry)\n"
          "      --cache MODE   warm (default) or cold: cycle through buffers\n"
          "                     twice the last-level cache (hwloc)\n"
          "      --scratch DIR  MPI I/O files go to a new folder in DIR\n"
          "                     (default <result folder>/scratch), removed after\n"
          "      --papi LIST    count events (comma-separated, like\n"
          "                     perf::TASK-CLOCK,PAPI_TOT_CYC) over the timed loops:\n"
          "                     PAPI's, and the kernel's software events where\n"
          "                     PAPI cannot count them\n"
          "\n"
          "      --max-memory SIZE  buffers one rank may allocate, like 512M or\n"
          "                     2G (default: the node's memory / its ranks)\n"
          "      --quiet        no prose on stdout (report.txt still has it)\n"
          "      --validate     check INPUT and print the plan; measure nothing\n"
          "      --list         print every call, datatype, op, topology and\n"
          "                     barrier pattern, and exit\n"
          "  -h, --help         this text\n"
          "      --version      the version\n"
          "\n"
          "Exit status: 0 success, 1 a --check mismatch, 2 bad input or\n"
          "options, 3 an MPI error stopped a record (the others ran),\n"
          "128 + the signal after SIGINT or SIGTERM (a second signal, or none\n"
          "agreed within 5 s, stops at once).\n",
          out);
}

int parse_grid(const char *s, int grid[3])
{
    char *end;
    for (int i = 0; i < 3; i++) {
        if (*s < '0' || *s > '9')
            return -1;
        long v = strtol(s, &end, 10);
        if (v < 1 || v > 1000000)
            return -1;
        grid[i] = (int)v;
        if (i < 2) {
            if (*end != 'x' && *end != 'X')
                return -1;
            s = end + 1;
        }
    }
    return *end == 0 ? 0 : -1;
}

/* "512M" -> 536870912; K, M, G are powers of 1024 */
int parse_bytes(const char *s, unsigned long long *out)
{
    char *end;
    if (*s < '0' || *s > '9')
        return -1;
    unsigned long long v = strtoull(s, &end, 10);
    int shift = 0;
    if (*end == 'K' || *end == 'k')
        shift = 10;
    else if (*end == 'M' || *end == 'm')
        shift = 20;
    else if (*end == 'G' || *end == 'g')
        shift = 30;
    if (shift)
        end++;
    if (*end || v == 0 || v > (~0ULL >> shift))
        return -1;
    *out = v << shift;
    return 0;
}

/* a positive decimal number below max, like 0.05 or 2.5 */
static int parse_real(const char *s, double max, double *out)
{
    char *end;
    if ((*s < '0' || *s > '9') && *s != '.')
        return -1;
    double v = strtod(s, &end);
    if (*end || !(v > 0) || v > max)
        return -1;
    *out = v;
    return 0;
}

/* an option with two words: off -> 0, on -> 1, else -1 */
static int parse_choice(const char *s, const char *off, const char *on, int *out)
{
    if (strcmp(s, off) != 0 && strcmp(s, on) != 0)
        return -1;
    *out = strcmp(s, on) == 0;
    return 0;
}

static int parse_count(const char *s, long min, long *out)
{
    char *end;
    if (*s < '0' || *s > '9')
        return -1;
    long v = strtol(s, &end, 10);
    if (*end || v < min || v > (1L << 30))
        return -1;
    *out = v;
    return 0;
}

/* err may be NULL: only rank 0 complains */
static int complain(FILE *err, const char *fmt, const char *arg)
{
    if (err)
        fprintf(err, fmt, arg);
    return 2;
}

int parse_options(int argc, char **argv, struct options *o, FILE *err)
{
    memset(o, 0, sizeof *o);
    o->iters = o->warmup = -1;
    o->blocks = 10;
    o->target = 0.05;
    o->budget = 1.0;
    opterr = 0;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, ":o:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'o': o->outdir = optarg; break;
        case OPT_GRID:
            if (strcmp(optarg, "hw") == 0)
                o->grid_hw = 1;
            else if (parse_grid(optarg, o->grid)) {
                return complain(err, "mpigauge: --grid '%s': expected XxYxZ "
                                "with positive whole numbers, like 2x2x1, or hw\n",
                                optarg);
            }
            break;
        case OPT_ITERS:
            if (parse_count(optarg, 1, &o->iters)) {
                return complain(err, "mpigauge: --iters '%s': expected a "
                                "whole number from 1 to 1073741824\n", optarg);
            }
            break;
        case OPT_WARMUP:
            if (parse_count(optarg, 0, &o->warmup)) {
                return complain(err, "mpigauge: --warmup '%s': expected a "
                                "whole number from 0 to 1073741824\n", optarg);
            }
            break;
        case OPT_COORDS: o->coords = optarg; break;
        case OPT_BLOCKS: {
            long v;
            if (parse_count(optarg, 1, &v) || v > 100000)
                return complain(err, "mpigauge: --blocks '%s': expected a whole "
                                "number from 1 to 100000\n", optarg);
            o->blocks = (int)v;
            break;
        }
        case OPT_TARGET:
            if (parse_real(optarg, 1.0, &o->target))
                return complain(err, "mpigauge: --target '%s': expected a "
                                "fraction above 0 and at most 1, like 0.05\n", optarg);
            break;
        case OPT_ADAPTIVE: o->adaptive = 1; break;
        case OPT_BUDGET:
            if (parse_real(optarg, 86400, &o->budget))
                return complain(err, "mpigauge: --budget '%s': expected seconds "
                                "above 0, like 0.5\n", optarg);
            break;
        case OPT_TIME:
            if (parse_real(optarg, 86400, &o->time_per_size))
                return complain(err, "mpigauge: --time '%s': expected seconds "
                                "above 0, like 0.2\n", optarg);
            break;
        case OPT_RAW: o->raw = 1; break;
        case OPT_SYNC:
            if (parse_choice(optarg, "barrier", "window", &o->sync_window))
                return complain(err, "mpigauge: --sync '%s': expected barrier "
                                "or window\n", optarg);
            break;
        case OPT_COLL_TIME:
            if (parse_choice(optarg, "max", "span", &o->span))
                return complain(err, "mpigauge: --coll-time '%s': expected max "
                                "or span\n", optarg);
            break;
        case OPT_WINDOW:
            if (parse_real(optarg, 1e9, &o->window_us))
                return complain(err, "mpigauge: --window '%s': expected "
                                "microseconds above 0, like 50\n", optarg);
            break;
        case OPT_CACHE:
            if (parse_choice(optarg, "warm", "cold", &o->cache_cold))
                return complain(err, "mpigauge: --cache '%s': expected warm "
                                "or cold\n", optarg);
            break;
        case OPT_SCRATCH: o->scratch = optarg; break;
        case OPT_PAPI:
            if (!*optarg)
                return complain(err, "mpigauge: --papi '%s': expected event "
                                "names separated by commas\n", optarg);
            o->papi = optarg;
            break;
        case OPT_MAX_MEMORY:
            if (parse_bytes(optarg, &o->max_memory))
                return complain(err, "mpigauge: --max-memory '%s': expected bytes "
                                "with an optional K, M or G, like 512M\n", optarg);
            break;
        case OPT_CHECK: o->check = 1; break;
        case OPT_QUIET: o->quiet = 1; break;
        case OPT_VALIDATE: o->validate = 1; break;
        case OPT_LIST: o->list = 1; break;
        case 'h': o->help = 1; break;
        case OPT_VERSION: o->version = 1; break;
        case ':':
            return complain(err, "mpigauge: option '%s' needs a value\n",
                            argv[optind - 1]);
        default:
            return complain(err, "mpigauge: unknown option '%s' (see --help)\n",
                            argv[optind - 1]);
        }
    }
    if (o->help || o->version || o->list)
        return 0;
    if ((o->grid[0] != 0) + o->grid_hw + (o->coords != NULL) > 1)
        return complain(err, "mpigauge: %s\n", "choose one of --grid XxYxZ, "
                        "--grid hw and --coords FILE");
    if (o->span && !o->sync_window)
        return complain(err, "mpigauge: %s\n", "--coll-time span needs --sync "
                        "window: only then do the ranks share a clock");
    if (o->window_us > 0 && !o->sync_window)
        return complain(err, "mpigauge: %s\n", "--window needs --sync window");
    if (optind != argc - 1) {
        return complain(err, "mpigauge: %s (see --help)\n",
                        optind == argc ? "no input file" : "one input file only");
    }
    o->input = argv[optind];
    return 0;
}
