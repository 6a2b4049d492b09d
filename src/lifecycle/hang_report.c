/* hang_report.c: a size that did not end within --timeout, said without
 * MPI (the watchdog's thread; the main thread is stuck inside a call):
 * the rank's line on stderr and its hang-rank-N.json; rank 0 gathers
 * the files it finds into run.json and hang.txt; every rank exits
 * EXIT_HUNG (watchdog.h) */
#include "lifecycle/hang_report.h"

#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "base/base.h"
#include "base/exit_status.h"
#include "base/splice.h"
#include "lifecycle/interrupt.h"
#include "lifecycle/watchdog.h"

static void waits_text(const struct hang_seen *h, char *out, size_t len)
{
    size_t n = (size_t)snprintf(out, len, "waiting on %s:", h->waits_what);
    for (int i = 0; i < h->nwaits && n < len; i++)
        n += (size_t)snprintf(out + n, len - n, " %d", h->waits[i]);
    if (h->waits_more && n < len)
        snprintf(out + n, len - n, " and %d more", h->waits_more);
    if (!h->nwaits)
        snprintf(out, len, "waiting on: not known (outside the call's blocks: every "
                 "rank of the world takes part in the gathering and agreeing)");
}

/* "mpigauge: rank R: hung: ..." */
static void hang_line(const struct hang_seen *h, char *out, size_t len)
{
    char where[96], waits[400];
    if (h->in_block)
        snprintf(where, sizeof where, "in calls %ld-%ld of the size (%s), %.1f s in them",
                 h->first, h->last, h->timed ? "timed" : "warm-up or timed one by one",
                 h->block_s);
    else
        snprintf(where, sizeof where, "between blocks (gathering or agreeing)");
    waits_text(h, waits, sizeof waits);
    snprintf(out, len, "mpigauge: rank %d: hung: record %d (line %d: %s): %s at %llu "
             "elements (%llu bytes) has not ended after %.1f s (--timeout %g s), %s; "
             "%s\n", h->rank, h->record, h->line, h->text, h->call, h->elements,
             h->bytes, h->size_s, h->timeout_s, where, waits);
}

static json_t *hang_json(const struct hang_seen *h, const char *line)
{
    json_t *w = json_array();
    for (int i = 0; i < h->nwaits; i++)
        json_array_append_new(w, json_integer(h->waits[i]));
    json_t *o = json_pack("{s:i,s:i,s:i,s:s,s:I,s:I,s:f,s:f,s:s}", "rank", h->rank,
                          "record", h->record, "line", h->line, "call", h->call,
                          "elements", (json_int_t)h->elements, "bytes",
                          (json_int_t)h->bytes, "seconds", round(h->size_s * 1e3) / 1e3, "timeout_s",
                          h->timeout_s, "phase", !h->in_block ? "between blocks"
                          : h->timed ? "timed" : "warm-up");
    json_object_set_new(o, "calls", h->in_block ? json_pack("[I,I]", (json_int_t)h->first,
                        (json_int_t)h->last) : json_null());
    json_object_set_new(o, "block_seconds", h->in_block ? json_real(round(h->block_s * 1e3) / 1e3) : json_null());
    json_object_set_new(o, "waits_on", w);
    json_object_set_new(o, "waits_on_what", json_string(h->waits_what[0] ? h->waits_what
                                                        : "not known"));
    json_object_set_new(o, "waits_on_more", json_integer(h->waits_more));
    json_object_set_new(o, "text", json_stringn(line, strcspn(line, "\n")));
    return o;
}

static void rank_file(const char *dir, int rank, char *out, size_t len)
{
    snprintf(out, len, "%.*s/hang-rank-%d.json", PATH_MAX, dir, rank);
}

/* through a temporary, so that a reader never sees half of it */
static int dump_file(json_t *o, const char *path)
{
    char tmp[PATH_BYTES + 64];
    snprintf(tmp, sizeof tmp, "%.4100s.tmp", path);
    if (json_dump_file(o, tmp, JSON_INDENT(1) | JSON_PRESERVE_ORDER) != 0)
        return -1;
    return rename(tmp, path);
}

static void pause_s(double s)
{
    struct timespec d = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};
    nanosleep(&d, NULL);
}

/* rank 0: every rank's file found within HANG_GATHER_S, in rank order */
static json_t *gather(const struct hang_seen *h, const char *dir, json_t **silent)
{
    json_t *all = json_array();
    *silent = json_array();
    for (int wait = 0; wait < HANG_GATHER_S * 10; wait++) {
        int have = 0;
        for (int r = 0; r < h->nranks; r++) {
            char p[PATH_BYTES + 32];
            rank_file(dir, r, p, sizeof p);
            have += access(p, R_OK) == 0;
        }
        if (have == h->nranks)
            break;
        pause_s(0.1);
    }
    for (int r = 0; r < h->nranks; r++) {
        char p[PATH_BYTES + 32];
        rank_file(dir, r, p, sizeof p);
        json_t *o = json_load_file(p, 0, NULL);
        json_array_append_new(o ? all : *silent, o ? o : json_integer(r));
    }
    return all;
}

static void ranks_text(json_t *list, char *out, size_t len)
{
    size_t i, n = 0;
    json_t *v;
    out[0] = 0;
    json_array_foreach(list, i, v)
        if (n < len)
            n += (size_t)snprintf(out + n, len - n, " %lld", (long long)json_integer_value(v));
    if (!n)
        snprintf(out, len, " none");
}

/* rank 0: hang.txt, the summary and every report's line (the other
 * ranks wait for it); the summary on stderr too */
static void write_summary(json_t *hang, const char *dir)
{
    char p[PATH_BYTES + 32], tmp[PATH_BYTES + 40], in[512], behind[512], line[1400];
    ranks_text(json_object_get(hang, "in_calls"), in, sizeof in);
    ranks_text(json_object_get(hang, "furthest_behind"), behind, sizeof behind);
    snprintf(line, sizeof line, "mpigauge: hung: record %lld (line %lld), %s at %lld "
             "elements: ranks inside its calls:%s; furthest behind:%s\n",
             (long long)json_integer_value(json_object_get(hang, "record")),
             (long long)json_integer_value(json_object_get(hang, "line")),
             json_string_value(json_object_get(hang, "call")),
             (long long)json_integer_value(json_object_get(hang, "elements")), in, behind);
    ssize_t rc = write(STDERR_FILENO, line, strlen(line));
    (void)rc;
    snprintf(p, sizeof p, "%.*s/hang.txt", PATH_MAX, dir);
    snprintf(tmp, sizeof tmp, "%s.tmp", p);
    FILE *f = fopen(tmp, "w");
    if (!f)
        return;
    fputs(line, f);
    size_t i;
    json_t *v;
    json_array_foreach(json_object_get(hang, "reports"), i, v)
        fprintf(f, "%s\n", json_string_value(json_object_get(v, "text")));
    json_array_foreach(json_object_get(hang, "silent"), i, v)
        fprintf(f, "mpigauge: rank %lld: no report (its watchdog did not fire "
                "within %d s of rank 0's, or it cannot write to this folder)\n",
                (long long)json_integer_value(v), HANG_GATHER_S);
    if (fclose(f) == 0)
        rename(tmp, p);
}

/* the reports' ranks that were inside a block of calls, and of those
 * the ones whose block started earliest: MPI cannot say which rank of a
 * call that never ends is its cause, but a rank behind the others is
 * where to look first */
static void in_calls(json_t *all, json_t *inside, json_t *behind)
{
    size_t i;
    json_t *v;
    json_int_t least = -1;
    json_array_foreach(all, i, v) {
        json_t *c = json_object_get(v, "calls");
        if (!json_is_array(c))
            continue;
        json_int_t first = json_integer_value(json_array_get(c, 0));
        json_array_append(inside, json_object_get(v, "rank"));
        least = least < 0 || first < least ? first : least;
    }
    json_array_foreach(all, i, v) {
        json_t *c = json_object_get(v, "calls");
        if (json_is_array(c) && json_integer_value(json_array_get(c, 0)) == least)
            json_array_append(behind, json_object_get(v, "rank"));
    }
}

static void rank0(const struct hang_seen *h, const char *dir)
{
    json_t *silent, *all = gather(h, dir, &silent);
    json_t *inside = json_array(), *behind = json_array();
    in_calls(all, inside, behind);
    json_t *hang = json_pack("{s:i,s:i,s:s,s:I,s:I,s:f,s:o,s:o,s:o,s:o}", "record",
                             h->record, "line", h->line, "call", h->call, "elements",
                             (json_int_t)h->elements, "bytes", (json_int_t)h->bytes,
                             "timeout_s", h->timeout_s, "in_calls", inside,
                             "furthest_behind", behind, "reports", all, "silent", silent);
    struct json_pieces p;
    char path[PATH_BYTES];
    if (interrupt_take_snapshot(&p, path, sizeof path) == 0) {
        if (hang_runjson(&p, path, h->line, hang) != 0)
            fprintf(stderr, "mpigauge: rank 0: run.json could not be marked hung\n");
        free(p.head);
    }
    write_summary(hang, dir);
    json_decref(hang);
}

/* A launcher that sees one rank exit kills the others, and reports
 * their signal rather than the status (MPICH's hydra: 9): rank 0, once
 * the files are written, ends the job with MPI_Abort, which both
 * launchers pass on as the job's status.  It is called from this thread
 * while the main thread is inside MPI, which MPI does not promise at
 * every thread level; it is the one way to end the job with a status,
 * and a rank it does not reach exits by itself HANG_ABORT_S later. */
static _Noreturn void end_job(const char *dir, int rank)
{
    char path[PATH_BYTES + 32];
    snprintf(path, sizeof path, "%.*s/hang.txt", PATH_MAX, dir);
    fflush(stderr);
    /* a moment for the launcher to pass on what stderr got before the
     * abort kills its forwarding (hang.txt has it in any case) */
    if (rank == 0) {
        pause_s(0.5);
        MPI_Abort(MPI_COMM_WORLD, EXIT_HUNG);
    }
    for (int i = 0; dir[0] && i < HANG_WAIT_S * 10 && access(path, R_OK) != 0; i++)
        pause_s(0.1);
    pause_s(HANG_ABORT_S);
    _exit(EXIT_HUNG);
}

_Noreturn void hang_report(const struct hang_seen *h, const char *dir)
{
    char line[1024], path[PATH_BYTES + 32];
    hang_line(h, line, sizeof line);
    ssize_t rc = write(STDERR_FILENO, line, strlen(line));
    (void)rc;
    json_t *o = hang_json(h, line);
    rank_file(dir, h->rank, path, sizeof path);
    if (dir[0] && dump_file(o, path) != 0)
        fprintf(stderr, "mpigauge: rank %d: %s could not be written\n", h->rank, path);
    json_decref(o);
    if (h->rank == 0 && dir[0])
        rank0(h, dir);
    end_job(dir, h->rank);
}
