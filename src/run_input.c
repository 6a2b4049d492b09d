/* run_input.c: the run's input steps: coordinates, the records checked
 * and planned a chunk at a time (with --keep-going's skips), and
 * --validate --ranks's options (its plan is the same, on an offline world).
 *
 * A run holds the text of its input, but parses, plans and measures its
 * records BATCH_LINES lines at a time, so that its memory stays that of
 * one chunk however many records there are (a 61 MB input once took
 * 2.4 GB per rank just to be checked).  The input is gone through twice,
 * parsed and planned alike each time: first to check every record (and
 * count and estimate them) before anything is measured or created, then
 * to measure them (or, with --validate, to print the plan). */
#include "run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "base/hash.h"
#include "base/text.h"
#include "input/parser.h"
#include "input/share.h"
#include "world/gpu_world.h"

static int input_errors(struct diag *d, int rank)
{
    if (rank == 0)
        diag_print(d, stderr);
    diag_free(d);
    return EXIT_BAD_INPUT;
}

/* --coords FILE: read on rank 0, checked on every rank alike */
static int read_coords(const char *path, int rank, int **xyz)
{
    int size;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    struct diag d;
    diag_init(&d, path);
    size_t len;
    char *text = share_file(path, rank, &len, &d);
    *xyz = xcalloc(3 * (size_t)size, sizeof **xyz);
    if (text)
        parse_coords(text, len, size, *xyz, &d);
    int read = text != NULL;   /* NULL on every rank; the reason on rank 0 */
    free(text);
    if (read && d.count == 0)
        return 0;
    free(*xyz);
    *xyz = NULL;
    return input_errors(&d, rank);
}

/* the run's messages name the input file, and the command line's
 * records by their own names */
static void run_diag(const struct run *run, struct diag *d)
{
    diag_init(d, run->opt.input ? run->opt.input : "-r");
    diag_name_lines(d, run->lines.file_lines, run->lines.label, run->lines.n);
}

void chunk_start(struct chunk *b)
{
    memset(b, 0, sizeof *b);
    b->line = 1;
}

/* the end of the slice of at most BATCH_LINES lines from pos, and the
 * number of lines in it */
static size_t slice_end(const char *text, size_t len, size_t pos, int *lines)
{
    const char *line;
    size_t n;
    for (*lines = 0; *lines < BATCH_LINES && next_line(text, len, &pos, &line, &n);)
        ++*lines;
    return pos;
}

/* the record of the chunk whose line is `line`, or -1 */
static int record_at(const struct recordset *rs, int line)
{
    for (int i = 0; i < rs->n; i++)
        if (rs->rec[i].line == line)
            return i;
    return -1;
}

/* Every record with an error (the messages of d from `from` on) becomes
 * a skip that carries its messages (rank 0 has them all; every rank
 * learns which); 1 when an error is not one record's (or too many to
 * keep). */
static int skip_invalid(struct chunk *b, const struct diag *d, int from,
                        int rank)
{
    int n = b->rs.n, fatal = 0;
    int *bad = xcalloc((size_t)n + 1, sizeof *bad);
    for (int i = from; rank == 0 && i < d->kept; i++) {
        int j = record_at(&b->rs, d->line[i]);
        fatal |= j < 0;
        if (j < 0)
            continue;
        char *why = b->plan.rec[j].skipped;
        size_t used = bad[j] ? strlen(why) : 0;
        snprintf(why + used, sizeof b->plan.rec[j].skipped - used, "%s%s",
                 bad[j] ? "; " : "", d->msg[i]);
        bad[j] = 1;
    }
    fatal |= rank == 0 && d->count > d->kept;
    MPI_Bcast(&fatal, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Bcast(bad, n, MPI_INT, 0, MPI_COMM_WORLD);
    for (int j = 0; j < n; j++)
        if (bad[j]) {
            b->rs.rec[j].ok = 0;
            if (rank != 0)
                snprintf(b->plan.rec[j].skipped, sizeof b->plan.rec[j].skipped,
                         "invalid");
        }
    free(bad);
    return fatal;
}

/* a result for every record of the chunk, from its plan; its family's
 * facts on the writing rank (rank 0) alone */
static void results_from_plan(struct chunk *b, int rank)
{
    b->res = xcalloc((size_t)b->plan.n + 1, sizeof *b->res);
    for (int i = 0; i < b->plan.n; i++) {
        const struct planned *p = &b->plan.rec[i];
        struct result *res = &b->res[i];
        const struct record *r = p->rec;
        res->rec = r;
        res->index = p->index;
        /* no type: an invalid record (--keep-going), or one this MPI lacks */
        MPI_Datatype t = r->dt ? type_handle(r->dt) : MPI_DATATYPE_NULL;
        if (t != MPI_DATATYPE_NULL)
            MPI_Type_size(t, &res->type_size);
        res->ncomm = p->tc ? p->tc->n : 0;
        res->comm_sizes = p->tc ? p->tc->sizes : NULL;
        res->comm_of = p->tc ? p->tc->comm_of : NULL;
        res->vtopo_text = p->tc && p->tc->vtopo_text[0] ? p->tc->vtopo_text : NULL;
        if (r->call) {         /* NULL only in an invalid record (--keep-going) */
            res->holds = record_holds(r, p->tc ? p->tc->max_size : 0);
            if (rank == 0)
                res->facts = record_facts(r, p->tc ? p->tc->max_size : 0);
        }
        snprintf(res->skipped, sizeof res->skipped, "%s", p->skipped);
        res->estimate_s = p->skipped[0] ? 0 : p->est.seconds;
        for (int k = 0; k < r->ncvars; k++)
            res->cvar_value[k] = p->cvars[k].value;
        res->elapsed_s = -1;
        res->pattern.used = r->pattern && (r->pattern->generate || r->pattern_file[0]);
        res->pattern.stages = p->bp.nstages;
        res->pattern.signals = bpattern_edges(&p->bp);
    }
}

/* --shuffle SEED: the chunk's records (their plans and results, which
 * go together) in an order drawn from the seed and the chunk's first
 * line, the same on every rank and on both passes, so that run.json's
 * list, written in the order records are measured, agrees.  A record keeps
 * its index, and so its data file's name. */
static void shuffle_chunk(struct chunk *b, long seed)
{
    int n = b->plan.n;
    if (seed <= 0 || n < 2)
        return;
    int *order = xmalloc_array((size_t)n, sizeof *order);
    seeded_permutation(order, n, (uint64_t)seed, (uint64_t)b->line);
    struct planned *rec = xmalloc_array((size_t)n, sizeof *rec);
    struct result *res = xmalloc_array((size_t)n, sizeof *res);
    for (int i = 0; i < n; i++) {
        rec[i] = b->plan.rec[order[i]];
        res[i] = b->res[order[i]];
    }
    memcpy(b->plan.rec, rec, (size_t)n * sizeof *rec);
    memcpy(b->res, res, (size_t)n * sizeof *res);
    free(order);
    free(rec);
    free(res);
}

/* Collective.  The next chunk of the run's input: parsed and planned, the
 * errors to d and their count to *errors (agreed by every rank), the
 * results made.  Records with errors become skips when skip_bad is set
 * (--keep-going; and on the measuring pass, which finds what the
 * checking pass found), and *fatal is set when an error belongs to no
 * record of the chunk.  1 while there was a chunk, 0 at the end. */
static int chunk_next(struct run *run, struct chunk *b, struct diag *d, int skip_bad,
               int *errors, int *fatal)
{
    if (b->pos >= run->len)
        return 0;
    int lines;
    size_t end = slice_end(run->text, run->len, b->pos, &lines);
    int count0 = d->count, kept0 = d->kept;
    b->rs.file = run->opt.input;
    parse_lines(run->text + b->pos, end - b->pos, b->line, &b->rs, d);
    cmdline_mark(&run->lines, &b->rs);
    for (int i = 0; i < b->rs.n; i++)  /* --mem, where a record names none */
        mem_take_option(&b->rs.rec[i], &run->opt);
    b->rs.before = b->before;
    plan_records(&b->plan, &b->rs, &run->world, &run->opt, d);
    /* some errors (an unreadable file) are known to rank 0 alone */
    *errors = d->count - count0;
    MPI_Allreduce(MPI_IN_PLACE, errors, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    *fatal = *errors && skip_bad && skip_invalid(b, d, kept0, run->world.rank);
    results_from_plan(b, run->world.rank);
    shuffle_chunk(b, run->opt.shuffle);
    b->line += lines;
    b->pos = end;
    return 1;
}

void chunk_free(struct chunk *b)
{
    for (int i = 0; b->res && i < b->plan.n; i++)
        result_free(&b->res[i]);
    free(b->res);
    b->res = NULL;
    b->before += b->rs.n;
    plan_free(&b->plan);
    recordset_free(&b->rs);
}

int chunk_again(struct run *run, struct chunk *b)
{
    struct diag d;             /* said by the checking pass already */
    int e, fatal;
    run_diag(run, &d);
    int more = chunk_next(run, b, &d, 1, &e, &fatal);
    diag_free(&d);
    return more;
}

/* what the checking pass learns of one chunk */
static void note_chunk(struct run *run, const struct chunk *b, int rank)
{
    run->nrec += b->rs.n;
    struct estimate e = plan_total(&b->plan);
    run->total.measurements += e.measurements;
    run->total.seconds += e.seconds;
    estimate_memory(&run->total, &e);
    for (int i = 0; i < b->plan.n; i++) {
        const struct planned *p = &b->plan.rec[i];
        run->invalid += !p->rec->ok;
        run->needs_scratch |= p->rec->ok && !p->skipped[0] &&
                              p->rec->call->family->uses_scratch;
    }
    /* run.json lists every record from the start (--validate writes none,
     * and a record's entry lists every communicator's size: millions at
     * --ranks 16777216) */
    for (int i = 0; rank == 0 && !run->opt.validate && i < b->plan.n; i++)
        writer_pending(&run->writer, &b->res[i]);
}

/* Every record parsed and planned, a chunk at a time; 0, or 2 when the
 * run must stop (the errors are in d) */
static int check_pass(struct run *run, struct diag *d, int rank)
{
    struct chunk b;
    chunk_start(&b);
    int errors = 0, fatal = 0, e;
    run->writer.info = &run->info;
    run->info.opt = &run->opt;
    while (!fatal && chunk_next(run, &b, d, run->opt.keep_going, &e, &fatal)) {
        errors += e;
        note_chunk(run, &b, rank);
        chunk_free(&b);
    }
    if (run->nrec == 0 && errors == 0) {
        diag_add(d, 0, 0, NO_RECORDS);
        errors = 1;
    }
    return errors && (!run->opt.keep_going || fatal) ? 2 : 0;
}

/* the input file's text (shared from rank 0) with the command line's
 * records after it; NULL (on every rank) after an error said in d */
static char *input_text(struct run *run, int rank, size_t *len, struct diag *d)
{
    run_diag(run, d);
    *len = 0;
    char *text = run->opt.input ? share_file(run->opt.input, rank, len, d) : NULL;
    if (run->opt.input && !text)
        return NULL;
    if (run->opt.ncmdline == 0)
        return text;
    /* every rank has the same command line: the same errors everywhere */
    if (cmdline_join(&run->opt, &text, len, &run->lines, d) == 0)
        return text;
    free(text);
    return NULL;
}

/* the grid, the records and the plan; 0, or 2 after every error is said */
int input_step(struct run *run, int rank)
{
    /* the path goes into every data file's header, one line */
    for (const char *c = run->opt.input; c && *c; c++)
        if ((unsigned char)*c < 0x20) {
            if (rank == 0)
                fprintf(stderr, "mpigauge: the input's path holds a control "
                        "character (a newline?): rename the file\n");
            return EXIT_BAD_INPUT;
        }
    int *coords = NULL;
    if (run->opt.coords && read_coords(run->opt.coords, rank, &coords))
        return EXIT_BAD_INPUT;
    struct diag d;
    size_t len;
    char *text = input_text(run, rank, &len, &d);
    int grid_bad = run->opt.ranks ? world_init_offline(&run->world, &run->opt)
                                  : world_init(&run->world, &run->opt, coords);
    free(coords);
    run->world.thread_asked = run->thread_asked;
    run->world.thread_level = run->thread_level;
    if (!text || grid_bad) {
        free(text);
        return input_errors(&d, rank);
    }
    run->text = text;
    run->len = len;
    int status = check_pass(run, &d, rank);
    if (status)
        return input_errors(&d, rank);
    if (d.count && rank == 0)  /* --keep-going: said, and the rest runs */
        diag_print(&d, stderr);
    diag_free(&d);
    return 0;
}

/* --ranks N: only with --validate, on a grid it can lay out; 0, or 2.
 * The plan is then the run's own (input_step, an offline world): the
 * same checks, skips, estimates and verdict as N launched ranks get. */
int offline_options(const struct run *run, int rank)
{
    if (!run->opt.validate) {
        if (rank == 0)
            fprintf(stderr, "mpigauge: --ranks plans without running: use it with "
                    "--validate\n");
        return EXIT_BAD_INPUT;
    }
    if (run->opt.grid_hw || run->opt.coords) {
        if (rank == 0)
            fprintf(stderr, "mpigauge: --ranks lays ranks out on --grid XxYxZ or "
                    "MPI_Dims_create; --grid hw and --coords need the real ranks\n");
        return EXIT_BAD_INPUT;
    }
    return 0;
}
