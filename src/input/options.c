/* options.c: the command line, with getopt_long, driven by the option
 * table (option_table.c) */
#include "input/options.h"

#include <errno.h>

#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include "base/exit_status.h"
#include "base/smpi.h"
#include "base/text.h"
#include "input/named_runs.h"
#include "input/option_checks.h"

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
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno == ERANGE)       /* 99999999999999999999999 */
        return -1;
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

/* a positive decimal number at most max, like 0.05 or 2.5 */
static int parse_real(const char *s, double max, int zero, double *out)
{
    char *end;
    if ((*s < '0' || *s > '9') && *s != '.')
        return -1;
    double v = strtod(s, &end);
    if (*end || !(v > 0 || (zero && v == 0)) || v > max)
        return -1;
    *out = v;
    return 0;
}

static int parse_whole(const char *s, long min, long max, long *out)
{
    char *end;
    if (*s < '0' || *s > '9')
        return -1;
    long v = strtol(s, &end, 10);
    if (*end || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

static void *field(struct options *o, const struct option_spec *sp)
{
    return (char *)o + sp->field;
}

static const void *cfield(const struct options *o, const struct option_spec *sp)
{
    return (const char *)o + sp->field;
}

/* -r RECORD, --run NAME: one more record on the command line; -1 for a
 * name no run has (the cap is said by take) */
static int add_record(struct options *o, int named, const char *arg)
{
    const char *text = named ? named_run(arg) : arg;
    if (!text || o->ncmdline == MAX_CMDLINE_RECORDS)
        return -1;
    o->cmdline[o->ncmdline++] = (struct cmdline_record){text, named ? arg : NULL};
    return 0;
}

/* stores arg into the option's field; -1 when arg is not a valid value */
static int store(const struct option_spec *sp, const char *arg, struct options *o)
{
    long v;
    switch (sp->kind) {
    case OPT_FLAG:
        *(int *)field(o, sp) = 1;
        return 0;
    case OPT_LONG:
        return parse_whole(arg, sp->min, sp->max, (long *)field(o, sp));
    case OPT_INT:
        if (parse_whole(arg, sp->min, sp->max, &v))
            return -1;
        *(int *)field(o, sp) = (int)v;
        return 0;
    case OPT_REAL:
        return parse_real(arg, (double)sp->max, sp->zero_off, (double *)field(o, sp));
    case OPT_CHOICE:
        for (int i = 0; i < 6 && sp->words[i]; i++)
            if (strcmp(arg, sp->words[i]) == 0) {
                *(int *)field(o, sp) = i;
                return 0;
            }
        return -1;
    case OPT_TEXT:
        *(const char **)field(o, sp) = arg;
        return *arg ? 0 : -1;
    case OPT_BYTES:
        if (sp->min == 0 && strcmp(arg, "0") == 0) {
            *(unsigned long long *)field(o, sp) = 0;
            return 0;
        }
        return parse_bytes(arg, (unsigned long long *)field(o, sp));
    case OPT_RECORD:
    case OPT_RUN:
        return add_record(o, sp->kind == OPT_RUN, arg);
    case OPT_GRID:
        if (strcmp(arg, "hw") == 0) {
            o->grid_hw = 1;
            return 0;
        }
        return parse_grid(arg, o->grid);
    }
    return -1;
}

/* what a bad value of sp should have looked like */
static void expectation(const struct option_spec *sp, char *out, size_t len)
{
    if (sp->expect)
        snprintf(out, len, "%s", sp->expect);
    else if (sp->kind == OPT_LONG || sp->kind == OPT_INT)
        snprintf(out, len, "expected a whole number from %ld to %ld", sp->min,
                 sp->max);
    else if (sp->kind == OPT_CHOICE) {
        size_t at = (size_t)snprintf(out, len, "expected %s", sp->words[0]);
        for (int i = 1; i < 6 && sp->words[i] && at < len; i++)
            at += (size_t)snprintf(out + at, len - at, "%s%s",
                                   i + 1 < 6 && sp->words[i + 1] ? ", " : " or ",
                                   sp->words[i]);
    }
    else
        snprintf(out, len, "expected a value");
}

static void set_defaults(struct options *o)
{
    memset(o, 0, sizeof *o);
    for (size_t i = 0; i < noption_specs; i++) {
        const struct option_spec *sp = &option_specs[i];
        if (sp->kind == OPT_LONG)
            *(long *)field(o, sp) = (long)sp->dflt;
        else if (sp->kind == OPT_INT || sp->kind == OPT_CHOICE)
            *(int *)field(o, sp) = (int)sp->dflt;
        else if (sp->kind == OPT_REAL)
            *(double *)field(o, sp) = sp->dflt;
    }
}

/* getopt_long's view of the table; val is the row's index + 256 */
static void long_options(struct option *lo, char *shorts)
{
    size_t n = 0;
    shorts[n++] = ':';
    for (size_t i = 0; i < noption_specs; i++) {
        const struct option_spec *sp = &option_specs[i];
        int has_arg = sp->kind == OPT_FLAG ? no_argument : required_argument;
        lo[i] = (struct option){sp->name, has_arg, NULL, (int)i + 256};
        if (sp->letter) {
            shorts[n++] = (char)sp->letter;
            if (has_arg == required_argument)
                shorts[n++] = ':';
        }
    }
    lo[noption_specs] = (struct option){NULL, 0, NULL, 0};
    shorts[n] = 0;
}

static const struct option_spec *by_letter(int c)
{
    for (size_t i = 0; i < noption_specs; i++)
        if (option_specs[i].letter == c)
            return &option_specs[i];
    return NULL;
}

static int complain(FILE *err, const char *fmt, const char *a, const char *b)
{
    if (err)
        fprintf(err, fmt, a, b);
    return EXIT_BAD_INPUT;
}

/* Adaptive repetition is the default, so that a plain run meets its
 * target at every size it can within --budget; a count the user gave
 * (--iters, --blocks, --time), --fixed, or a peer's timing (--like) keeps
 * the count fixed. A record's iters= fixes that record's count
 * (measure/ways.c). Runs after check_combinations, which judges what
 * was written, not this default. */
static void repeat_default(struct options *o)
{
    o->adaptive_asked = o->adaptive;
    if (!o->fixed && !o->count_given && !o->like)
        o->adaptive = 1;
}

/* one option from getopt_long: 0, or 2 after saying what is wrong */
static int take(int c, char **argv, struct options *o, FILE *err)
{
    if (c == ':')
        return complain(err, "mpigauge: option '%s' needs a value%s\n",
                        argv[optind - 1], "");
    const struct option_spec *sp = c >= 256 && c < 256 + (int)noption_specs
                                   ? &option_specs[c - 256] : by_letter(c);
    if (!sp || c == '?')
        return complain(err, "mpigauge: unknown option '%s'%s (see --help)\n",
                        argv[optind - 1], "");
    if ((sp->kind == OPT_RECORD || sp->kind == OPT_RUN) &&
        o->ncmdline == MAX_CMDLINE_RECORDS) {
        char cap[16];
        snprintf(cap, sizeof cap, "%d", MAX_CMDLINE_RECORDS);
        return complain(err, "mpigauge: at most %s records go on the command line "
                        "(-r, --run); put more in an input file%s\n", cap, "");
    }
    if (store(sp, optarg, o) == 0) {
        o->count_given |= sp->fixes_repeat;
        o->given[sp - option_specs] = 1;
        return 0;
    }
    char want[160], name[64];
    expectation(sp, want, sizeof want);
    snprintf(name, sizeof name, "--%s '%s'", sp->name, optarg);
    return complain(err, "mpigauge: %s: %s\n", name, want);
}

/* --store DB FOLDER...: the folders are the words after the options;
 * --trend DB takes none */
static int store_words(int argc, char **argv, struct options *o, FILE *err)
{
    if (o->trend && optind != argc)
        return complain(err, "mpigauge: --trend DB takes no other word ('%s')%s\n",
                        argv[optind], "");
    if (o->store && optind == argc)
        return complain(err, "mpigauge: %s%s\n", "--store DB takes the folders to add "
                        "(--store DB FOLDER...)", "");
    o->store_folders = argv + optind;
    o->nstore_folders = argc - optind;
    return 0;
}

int parse_options(int argc, char **argv, struct options *o, FILE *err)
{
    struct option lo[MAX_OPTIONS + 1];
    char shorts[2 * MAX_OPTIONS + 2];
    if (noption_specs > MAX_OPTIONS)
        return complain(err, "mpigauge: %s%s\n", "too many options in the table", "");
    set_defaults(o);
    long_options(lo, shorts);
    opterr = 0;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, shorts, lo, NULL)) != -1)
        if (take(c, argv, o, err))
            return EXIT_BAD_INPUT;
    if (o->help || o->version || o->list)
        return 0;
    if (check_combinations(o, err) || check_front_end(o, err))
        return EXIT_BAD_INPUT;
    repeat_default(o);
    if (check_budget(o, err))
        return EXIT_BAD_INPUT;
    if (o->set) {              /* the set is the option's value: nothing more */
        if (optind != argc)
            return complain(err, "mpigauge: --set SET takes no other word ('%s')%s\n",
                            argv[optind], "");
        return 0;
    }
    if (o->store || o->trend)
        return store_words(argc, argv, o, err);
    const char *what = o->predict ? "pattern (--predict DIR PATTERN)"
                       : o->compare ? "run B (--compare A B)"
                       : o->export_format ? "result or set (--export csv RESULT_OR_SET)"
                       : o->ncmdline ? "input file beside -r and --run" : "input file";
    if (o->ncmdline && !o->predict && !o->compare && !o->export_format &&
        optind == argc)
        return 0;              /* the records are all on the command line */
    if (optind != argc - 1)
        return complain(err, "mpigauge: %s %s (see --help)\n",
                        optind == argc ? "no" : "one", what);
    if (o->predict)
        o->pattern = argv[optind];
    else if (o->compare)
        o->compare_b = argv[optind];
    else if (o->export_format)
        o->export_from = argv[optind];
    else
        o->input = argv[optind];
    return 0;
}

/* "  -o, --output DIR   " or "      --grid XxYxZ   ", then the help */
static void usage_row(FILE *out, const struct option_spec *sp)
{
    char left[64];
    int n = snprintf(left, sizeof left, "  %c%c%c --%s%s%s", sp->letter ? '-' : ' ',
                     sp->letter ? sp->letter : ' ', sp->letter ? ',' : ' ',
                     sp->name, sp->metavar ? " " : "", sp->metavar ? sp->metavar : "");
    fputs(left, out);
    int pad = n < 21 ? 21 - n : 1;
    if (n > 20) {
        fputc('\n', out);
        pad = 21;
    }
    size_t pos = 0, l, len = strlen(sp->help);
    const char *line;
    if (len == 0)
        fputc('\n', out);
    /* every line of the help in the column after the option's */
    for (; next_line(sp->help, len, &pos, &line, &l); pad = 21)
        fprintf(out, "%*s%.*s\n", pad, "", (int)l, line);
}

void print_usage(FILE *out)
{
    fputs("usage: mpirun -n P mpigauge [options] INPUT\n"
          "       mpirun -n P mpigauge [options] [INPUT] -r RECORD [-r RECORD ...]\n"
          "\n"
          "Times every record of INPUT (one MPI call, datatype, size range,\n"
          "topology and op per line) and of -r and --run, and writes prose to\n"
          "stdout and report.txt, one gnuplot data file per record and run.json\n"
          "to the result folder.\n"
          "\n", out);
    for (size_t i = 0; i < noption_specs; i++) {
        if (option_specs[i].group)
            fprintf(out, "\n%s%s", option_specs[i].group,
                    option_specs[i].group[0] ? "\n" : "");
        usage_row(out, &option_specs[i]);
    }
    fputs("\nExit status:\n", out);
    exit_status_print(out, "  ");
}

void option_text(const struct option_spec *sp, const struct options *o,
                 char *out, size_t len)
{
    const void *f = cfield(o, sp);
    const char *unit = sp->unit ? sp->unit : "";
    switch (sp->kind) {
    case OPT_FLAG: snprintf(out, len, "%s", *(const int *)f ? "on" : "off"); break;
    case OPT_LONG: snprintf(out, len, "%ld%s", *(const long *)f, unit); break;
    case OPT_INT: snprintf(out, len, "%d%s", *(const int *)f, unit); break;
    case OPT_REAL: snprintf(out, len, "%g%s", *(const double *)f, unit); break;
    case OPT_CHOICE: snprintf(out, len, "%s", sp->words[*(const int *)f]); break;
    case OPT_TEXT: snprintf(out, len, "%s", *(const char *const *)f ? *(const char *const *)f : "-"); break;
    case OPT_BYTES: snprintf(out, len, "%llu", *(const unsigned long long *)f); break;
    case OPT_GRID: snprintf(out, len, "%dx%dx%d", o->grid[0], o->grid[1], o->grid[2]); break;
    case OPT_RECORD:
    case OPT_RUN: snprintf(out, len, "%d", o->ncmdline); break;
    }
}
