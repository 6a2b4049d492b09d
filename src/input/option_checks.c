/* option_checks.c: the rules across the command line's options, once
 * every option is read (options.c): the ones that exclude or need each
 * other, the measuring run's options a front end would ignore, and a
 * --budget that fixed counts would leave unused.  Each says what is
 * wrong on err and returns EXIT_BAD_INPUT, else 0. */
#include "input/option_checks.h"

#include <string.h>
#include "base/exit_status.h"

static int complain(FILE *err, const char *fmt, const char *a, const char *b)
{
    if (err)
        fprintf(err, fmt, a, b);
    return EXIT_BAD_INPUT;
}

static size_t option_index(const char *name);

/* --trend's own options, and what it needs: -o DIR (-r RECORD is its
 * filter there, words of a record's identity, not a record to run) */
static int check_trend(const struct options *o, FILE *err)
{
    if (!o->trend && (o->system || o->fail_new))
        return complain(err, "mpigauge: %s%s\n", "--system and --fail-new go with "
                        "--trend DB", "");
    if (o->trend && !o->outdir)
        return complain(err, "mpigauge: %s%s\n", "--trend DB writes its series into "
                        "-o DIR; give -o", "");
    for (int i = 0; o->trend && i < o->ncmdline; i++)
        if (o->cmdline[i].run)
            return complain(err, "mpigauge: --run %s names a peer's run; --trend "
                            "selects records with -r WORDS%s\n", o->cmdline[i].run, "");
    if (o->store && o->outdir)
        return complain(err, "mpigauge: %s%s\n", "--store writes only into its DB; "
                        "it takes no -o", "");
    return 0;
}

/* the option table's row of name (every caller names one there is) */
static size_t option_index(const char *name)
{
    size_t i = 0;
    while (i + 1 < noption_specs && strcmp(option_specs[i].name, name) != 0)
        i++;
    return i;
}

/* the options that exclude or need each other */
int check_combinations(const struct options *o, FILE *err)
{
    if ((o->grid[0] != 0) + o->grid_hw + (o->coords != NULL) > 1)
        return complain(err, "mpigauge: %s%s\n", "choose one of --grid XxYxZ, "
                        "--grid hw and --coords FILE", "");
    if (o->span && !o->sync_window)
        return complain(err, "mpigauge: %s%s\n", "--coll-time span needs --sync "
                        "window: only then do the ranks share a clock", "");
    if (o->window_us > 0 && !o->sync_window)
        return complain(err, "mpigauge: %s%s\n", "--window needs --sync window", "");
    if (o->clocks_flat && !o->sync_window)
        return complain(err, "mpigauge: %s%s\n", "--clocks flat needs --sync window: "
                        "only it fits the clocks", "");
    if (!o->predict && (o->topology || o->ssend || o->exchange || o->bytes ||
                        o->timer_us > 0))
        return complain(err, "mpigauge: %s%s\n", "--topology, --signal, --payload, "
                        "--bytes and --timer go with --predict DIR PATTERN", "");
    /* a peer times one loop a size, with its own counts and no clock
     * windows: what would change that is not --like's timing any more */
    if (o->like && (o->adaptive || o->time_per_size > 0 || o->sync_window ||
                    o->blocks != DEFAULT_BLOCKS))
        return complain(err, "mpigauge: --like %s times one loop a size as the "
                        "peer does; it takes no --adaptive, --time, --sync window "
                        "or --blocks%s\n", o->like == LIKE_OSU ? "osu" : "imb", "");
    if ((o->predict != NULL) + (o->set != NULL) + (o->compare != NULL) + o->validate +
        (o->export_format != EXPORT_NONE) + (o->store != NULL) + (o->trend != NULL) > 1)
        return complain(err, "mpigauge: %s%s\n", "choose one of --predict, --set, "
                        "--compare, --export, --store, --trend and --validate", "");
    if (!o->compare && (o->fail_above || o->tolerance || o->allow_different))
        return complain(err, "mpigauge: %s%s\n", "--fail-above, --tolerance "
                        "and --allow-different go with --compare A B", "");
    if (!o->compare && !o->trend && o->json)
        return complain(err, "mpigauge: %s%s\n", "--json goes with --compare A B "
                        "or --trend DB", "");
    if (check_trend(o, err))
        return EXIT_BAD_INPUT;
    if (o->given[option_index("export")] && o->export_format == EXPORT_NONE)
        return complain(err, "mpigauge: %s%s\n", "--export takes a format: csv", "");
    if (o->adaptive && o->fixed)
        return complain(err, "mpigauge: %s%s\n", "choose one of --adaptive and "
                        "--fixed", "");
    return 0;
}

/* an option of a measuring run given to a front end that measures
 * nothing: it would do nothing, so it is refused as the other options
 * that do not go together are */
int check_front_end(const struct options *o, FILE *err)
{
    const char *front = o->predict ? "--predict" : o->set ? "--set"
                        : o->compare ? "--compare" : o->export_format ? "--export"
                        : o->store ? "--store" : o->trend ? "--trend" : NULL;
    for (size_t i = 0; front && i < noption_specs; i++)
        if (o->given[i] && option_specs[i].run_only &&
            !(o->trend && option_specs[i].kind == OPT_RECORD))
            return complain(err, "mpigauge: --%s shapes a measuring run; %s measures "
                            "nothing and would ignore it\n", option_specs[i].name, front);
    return 0;
}

/* --budget is adaptive repetition's time per size and --sync window's
 * for its retries; with the counts fixed (--fixed, --like, --iters,
 * --blocks, --time) and no --sync window it would do nothing.  Runs after
 * repeat_default: it judges the repetition the run will have. */
int check_budget(const struct options *o, FILE *err)
{
    const struct option_spec *b = NULL;
    for (size_t i = 0; i < noption_specs; i++)
        if (strcmp(option_specs[i].name, "budget") == 0 && o->given[i])
            b = &option_specs[i];
    if (!b || o->adaptive || o->sync_window || o->predict || o->set || o->compare ||
        o->export_format || o->store || o->trend)
        return 0;
    return complain(err, "mpigauge: --budget is the time adaptive repetition (and --sync "
                    "window's retries) may spend a size; %s fixes the counts, so it would "
                    "do nothing%s\n", o->like ? "--like" : o->fixed ? "--fixed"
                    : "--iters, --blocks or --time", "");
}

