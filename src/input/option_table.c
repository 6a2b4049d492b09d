/* option_table.c: every command-line option, one row each.
 *
 * To add an option: a field in struct options (options.h) and one row
 * here; getopt_long, --help, the defaults, run.json's "options" and the
 * data files' "# options:" line all follow from the row. */
#include "input/options.h"

#include <stddef.h>

#define F(field) offsetof(struct options, field)

const struct option_spec option_specs[] = {
    {.name = "output", .letter = 'o', .kind = OPT_TEXT, .field = F(outdir),
     .metavar = "DIR", .json = "output",
     .help = "result folder (default results/<time>-<input>/);\n"
             "it must not exist yet, or be empty"},
    {.name = "record", .letter = 'r', .run_only = 1, .kind = OPT_RECORD,
     .field = F(cmdline), .metavar = "RECORD",
     .help = "one record, written as an input line (repeatable;\n"
             "with INPUT too, after its records), like\n"
             "-r 'SEND CHAR 1 4194304 MUL 2 WORLD NOP 0'"},
    {.name = "run", .run_only = 1, .kind = OPT_RUN, .field = F(cmdline),
     .metavar = "NAME",
     .expect = "expected a peer's run that --list names, like osu_latency or imb:PingPong",
     .help = "a peer's benchmark as its record (repeatable):\n"
             "osu_latency, osu_bw, imb:PingPong ... (--list)"},
    {.name = "grid", .kind = OPT_GRID, .field = F(grid), .metavar = "XxYxZ",
     .json = "grid",
     .expect = "expected XxYxZ with positive whole numbers, like 2x2x1, or hw",
     .help = "process grid for the line/plane/cube topologies\n"
             "(default MPI_Dims_create(P, 3)); --grid hw: x = core in\n"
             "its package, y = package in its node, z = node (hwloc)"},
    {.name = "coords", .kind = OPT_TEXT, .field = F(coords), .metavar = "FILE",
     .json = "coords",
     .help = "coordinates from FILE, one 'rank x y z' per line"},
    {.name = "iters", .run_only = 1, .kind = OPT_LONG, .field = F(iters), .metavar = "N",
     .dflt = -1, .min = 1, .max = 1L << 30, .json = "iters", .unset_null = 1,
     .header = "iters", .fixes_repeat = 1,
     .help = "timed iterations per size (default by size:\n"
             "10000 up to 8 KiB, then fewer, at least 10)"},
    {.name = "warmup", .run_only = 1, .kind = OPT_LONG, .field = F(warmup), .metavar = "N",
     .dflt = -1, .min = 0, .max = 1L << 30, .json = "warmup", .unset_null = 1,
     .header = "warmup", .note = " (-1: by message size)",
     .help = "untimed iterations first (default iters/10)"},
    {.name = "check", .run_only = 1, .kind = OPT_FLAG, .field = F(check), .json = "check",
     .header = "check", .help = "verify every element of every call's data"},

    {.name = "blocks", .run_only = 1, .kind = OPT_INT, .field = F(blocks), .metavar = "N",
     .dflt = DEFAULT_BLOCKS, .min = 1, .max = 100000, .json = "blocks", .header = "blocks",
     .fixes_repeat = 1, .group = "Statistics (see docs/measuring.md):",
     .help = "split each size's timed iterations into N blocks\n"
             "(default 10); median and 95% CI over blocks"},
    {.name = "target", .run_only = 1, .kind = OPT_REAL, .field = F(target), .metavar = "F",
     .dflt = 0.05, .max = 1, .json = "target", .header = "target",
     .expect = "expected a fraction above 0 and at most 1, like 0.05",
     .help = "the CI should lie within F x median of the\n"
             "median (default 0.05); reported per size"},
    {.name = "adaptive", .run_only = 1, .kind = OPT_FLAG, .field = F(adaptive),
     .json = "adaptive", .header = "adaptive",
     .help = "run more blocks until the target is met or the\n"
             "budget is spent (at least 6 blocks); the default\n"
             "unless --iters, --blocks, --time, --fixed or --like"},
    {.name = "fixed", .run_only = 1, .kind = OPT_FLAG, .field = F(fixed),
     .help = "exactly --blocks blocks (default 10) of the\n"
             "iterations, whether the target is met or not"},
    {.name = "budget", .run_only = 1, .kind = OPT_REAL, .field = F(budget), .metavar = "S",
     .dflt = 1, .max = 86400, .json = "budget_s", .header = "budget", .unit = "s",
     .expect = "expected seconds above 0, like 0.5",
     .help = "seconds per size for --adaptive, and for\n"
             "--sync window's retries of late starts (default 1)"},
    {.name = "time", .run_only = 1, .kind = OPT_REAL, .field = F(time_per_size), .metavar = "S",
     .max = 86400, .json = "time_s", .unset_null = 1, .header = "time", .unit = "s",
     .fixes_repeat = 1,
     .expect = "expected seconds above 0, like 0.2",
     .help = "iterations per size from a pilot, so that the\n"
             "timed loop takes about S seconds (as IMB's -time)"},
    {.name = "timeout", .run_only = 1, .kind = OPT_REAL, .field = F(timeout_s), .metavar = "S",
     .dflt = -1, .max = 86400 * 7, .zero_off = 1, .json = "timeout_s", .unset_null = 1,
     .expect = "expected seconds, 0 (off) or above, like 60",
     .help = "a size whose calls have not returned after S\n"
             "seconds is reported hung, and the run ends with\n"
             "exit 7 (default: 10x the record's estimate, at\n"
             "least 60 s; 0: off)"},
    {.name = "shuffle", .run_only = 1, .kind = OPT_LONG, .field = F(shuffle), .metavar = "SEED",
     .dflt = 0, .min = 1, .max = 1L << 62, .json = "shuffle", .unset_null = 1,
     .header = "shuffle",
     .expect = "expected a whole number above 0 (the seed), like 7",
     .help = "measure the records in an order drawn from SEED\n"
             "(within each 256 lines); files keep their names\n"
             "(scripts/launches.sh --shuffle gives each launch one)"},
    {.name = "raw", .run_only = 1, .kind = OPT_FLAG, .field = F(raw), .json = "raw",
     .help = "every block's time in <data file>.raw.dat"},
    {.name = "sync", .kind = OPT_CHOICE, .field = F(sync_window), .metavar = "MODE",
     .words = {"barrier", "window"}, .json = "sync", .header = "sync",
     .help = "barrier (default): a barrier before each block;\n"
             "window: every call (and every barrier of a BARRIER\n"
             "record) starts at a common time on clocks modelled\n"
             "against rank 0's (offset and drift), late starts\n"
             "counted, left out and retried"},
    {.name = "window", .run_only = 1, .kind = OPT_REAL, .field = F(window_us), .metavar = "US",
     .max = 1e9, .json = "window_us", .unset_null = 1,
     .expect = "expected microseconds above 0, like 50",
     .help = "window length for --sync window (default: from\na pilot)"},
    {.name = "coll-time", .run_only = 1, .kind = OPT_CHOICE, .field = F(span), .metavar = "T",
     .words = {"max", "span"}, .json = "coll_time", .header = "coll-time",
     .help = "with --sync window, a collective's time is max\n"
             "(the slowest rank's own duration, default) or\n"
             "span (last exit - first entry)"},
    {.name = "clocks", .run_only = 1, .kind = OPT_CHOICE, .field = F(clocks_flat),
     .metavar = "S", .words = {"two-level", "flat"}, .json = "clocks",
     .help = "with --sync window, how the clocks are fitted:\n"
             "two-level (default): node leaders against rank 0,\n"
             "the other ranks against their node's leader, in\n"
             "parallel across nodes (the same as flat on one node);\n"
             "flat: every rank against rank 0 in turn"},
    {.name = "like", .run_only = 1, .kind = OPT_CHOICE, .field = F(like), .metavar = "PEER",
     .words = {"none", "osu", "imb"}, .json = "like", .header = "like",
     .help = "time as a peer does (docs/peers.md, --like): osu or\n"
             "imb: its iterations and warm-up by size, one timed\n"
             "loop (no blocks), a barrier after every collective\n"
             "call outside the timing; osu: a window's receives\n"
             "into one buffer; none (default): mpigauge's way"},
    {.name = "thread-level", .run_only = 1, .kind = OPT_CHOICE, .field = F(thread_level),
     .metavar = "LEVEL",
     .words = {"auto", "single", "funneled", "serialized", "multiple"},
     .json = "thread_level", .header = "thread-level",
     .help = "the thread support MPI_Init_thread asks for: auto\n"
             "(default): MULTIPLE where the input has a threaded\n"
             "call, else plain MPI_Init; single, funneled,\n"
             "serialized or multiple: that level for every record\n"
             "(what a level costs: the same input at two levels);\n"
             "a record needing more is skipped with the reason"},
    {.name = "params", .run_only = 1, .kind = OPT_CHOICE, .field = F(params),
     .metavar = "HOW", .words = {"auto", "full", "classes"}, .json = "params",
     .header = "params",
     .help = "the barrier model's pairwise parameters: full\n"
             "(every pair), classes (a sample of each class of\n"
             "pairs: same node, package, cache, network links;\n"
             "spot-checked, split where a class differs) or auto\n"
             "(default: full up to 144 ranks, classes beyond)"},
    {.name = "cache", .run_only = 1, .kind = OPT_CHOICE, .field = F(cache_cold), .metavar = "MODE",
     .words = {"warm", "cold"}, .json = "cache", .header = "cache",
     .help = "warm (default) or cold: cycle through buffers\n"
             "twice the last-level cache (hwloc)"},
    {.name = "mem", .run_only = 1, .kind = OPT_CHOICE, .field = F(mem), .metavar = "KIND",
     .words = {"none", "host", "device", "managed"}, .json = "mem", .header = "mem",
     .help = "host, device or managed: the buffers of every\n"
             "record that takes mem= and names none (OSU's -d);\n"
             "none (default): each record's own, else host"},
    {.name = "scratch", .run_only = 1, .kind = OPT_TEXT, .field = F(scratch), .metavar = "DIR",
     .json = "scratch",
     .help = "MPI I/O files go to a new folder in DIR\n"
             "(default <result folder>/scratch), removed after"},
    {.name = "papi", .run_only = 1, .kind = OPT_TEXT, .field = F(papi), .metavar = "LIST",
     .json = "papi", .expect = "expected event names separated by commas",
     .help = "count events (comma-separated, like\n"
             "perf::TASK-CLOCK,PAPI_TOT_CYC) over the timed loops:\n"
             "PAPI's, and the kernel's software events where\n"
             "PAPI cannot count them"},

    {.name = "loggp", .run_only = 1, .kind = OPT_FLAG, .field = F(loggp), .json = "loggp",
     .header = "loggp", .group = "Barrier models (see docs/models.md):",
     .help = "with barrier patterns, also measure LogGP and\n"
             "Hockney's parameters per pair and predict from them"},

    {.name = "predict", .kind = OPT_TEXT, .field = F(predict), .metavar = "DIR",
     .group = "Offline prediction (mpigauge --predict DIR PATTERN, no MPI):",
     .help = "what the barrier models predict for PATTERN\n"
             "(a record's barrier pattern: TREE:4, HYBRID,\n"
             "FILE:path) from DIR's parameter matrices"},
    {.name = "topology", .kind = OPT_TEXT, .field = F(topology), .metavar = "T",
     .help = "with --predict: the matrices of topology T\n"
             "(default: the one DIR has)"},
    {.name = "signal", .kind = OPT_CHOICE, .field = F(ssend), .metavar = "S",
     .words = {"send", "ssend"},
     .help = "with --predict: eager (send, default) or\n"
             "synchronous (ssend) signals, as signal="},
    {.name = "payload", .kind = OPT_CHOICE, .field = F(exchange), .metavar = "P",
     .words = {"uniform", "exchange"},
     .help = "with --predict: uniform (default) or exchange,\n"
             "as payload="},
    {.name = "bytes", .kind = OPT_BYTES, .field = F(bytes), .metavar = "N",
     .expect = "expected bytes (0 or more) with an optional K, M or G, like 64K",
     .help = "with --predict: bytes a signal carries\n"
             "(default 0)"},
    {.name = "timer", .kind = OPT_REAL, .field = F(timer_us), .metavar = "US",
     .max = 1e6, .expect = "expected microseconds above 0, like 0.027",
     .help = "with --predict: add a timer read of US to each\n"
             "iteration, as a run adds its own (run.json's\n"
             "timer.overhead_s x 10^6; default none)"},

    {.name = "set", .kind = OPT_TEXT, .field = F(set), .metavar = "SET",
     .group = "Launch sets (docs/report.md, no MPI):",
     .help = "summarise SET's launches (SET/launch-*/, as\n"
             "scripts/launches.sh makes them) into SET/set.json\n"
             "and SET/set.txt"},
    {.name = "export", .kind = OPT_CHOICE, .field = F(export_format), .metavar = "FORMAT",
     .words = {"none", "csv"},
     .help = "mpigauge --export csv RESULT_OR_SET: every point\n"
             "of every record (of every launch) as one CSV table\n"
             "on stdout (docs/output.md)"},
    {.name = "compare", .kind = OPT_TEXT, .field = F(compare), .metavar = "A",
     .help = "mpigauge --compare A B: is B slower than A?\n"
             "(two launch sets, or two result folders)"},
    {.name = "fail-above", .kind = OPT_TEXT, .field = F(fail_above), .metavar = "P%",
     .help = "with --compare: exit 1 when a record is slower by\n"
             "more than P percent (the ratio's whole 95%\n"
             "interval above 1 + P/100)"},
    {.name = "tolerance", .kind = OPT_TEXT, .field = F(tolerance), .metavar = "P%",
     .help = "with --compare: \"no change\" means within P\n"
             "percent either way (default: --fail-above's P,\n"
             "else 5%)"},
    {.name = "json", .kind = OPT_FLAG, .field = F(json),
     .help = "with --compare: the verdicts as JSON on stdout;\n"
             "with --trend: the series and changes as JSON"},
    {.name = "store", .kind = OPT_TEXT, .field = F(store), .metavar = "DB",
     .group = "Results over time (docs/report.md, The store; no MPI):",
     .help = "mpigauge --store DB FOLDER...: add result folders\n"
             "and launch sets to the SQLite store DB (made if\n"
             "missing; one transaction: a bad folder adds nothing)"},
    {.name = "trend", .kind = OPT_TEXT, .field = F(trend), .metavar = "DB",
     .help = "mpigauge --trend DB -o DIR: each record's series\n"
             "over time, its change points confirmed by the\n"
             "launch-set rule, into DIR (with -r WORDS: the\n"
             "records whose identity has every word)"},
    {.name = "system", .kind = OPT_TEXT, .field = F(system), .metavar = "KEY",
     .help = "with --trend: only the system of this key (its\n"
             "16 hex digits, or a prefix naming one)"},
    {.name = "fail-new", .kind = OPT_TEXT, .field = F(fail_new), .metavar = "P%",
     .help = "with --trend: exit 1 when a series' newest point\n"
             "follows a confirmed change slower by more than P%"},
    {.name = "allow-different", .kind = OPT_FLAG, .field = F(allow_different),
     .help = "with --compare: compare runs whose fingerprints\n"
             "differ, the differences printed first"},

    {.name = "max-memory", .run_only = 1, .kind = OPT_BYTES, .field = F(max_memory), .min = 1,
     .metavar = "SIZE", .json = "max_memory", .unset_null = 1, .group = "",
     .expect = "expected bytes with an optional K, M or G, like 512M",
     .help = "buffers one rank may allocate, like 512M or\n"
             "2G (default: the node's memory / its ranks)"},
    {.name = "quiet", .kind = OPT_FLAG, .field = F(quiet), .json = "quiet",
     .help = "no prose on stdout (report.txt still has it)"},
    {.name = "keep-going", .run_only = 1, .kind = OPT_FLAG, .field = F(keep_going),
     .json = "keep_going",
     .help = "run every valid record; report each invalid one\n"
             "as skipped with its FILE:LINE:COL message (exit 4)"},
    {.name = "validate", .kind = OPT_FLAG, .field = F(validate),
     .help = "check INPUT and print the plan with estimates;\n"
             "measure nothing"},
    {.name = "ranks", .kind = OPT_INT, .field = F(ranks), .metavar = "N",
     .dflt = 0, .min = 1, .max = 1 << 24,
     .help = "with --validate: plan for N ranks without\n"
             "launching them (one process is enough);\n"
             "with --predict: ranks 0..N-1 (default all)"},
    {.name = "list", .kind = OPT_FLAG, .field = F(list),
     .help = "print every call, datatype, op, topology and\n"
             "barrier pattern, and exit"},
    {.name = "help", .letter = 'h', .kind = OPT_FLAG, .field = F(help),
     .help = "this text"},
    {.name = "version", .kind = OPT_FLAG, .field = F(version),
     .help = "the version"},
};

const size_t noption_specs = sizeof option_specs / sizeof option_specs[0];
