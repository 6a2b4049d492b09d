/* threads_family.c: the threaded family's row (LATENCY_MT, BW_MT,
 * MSGRATE_MT: pair by pair, threads= threads on each side at once,
 * kernels/threads.c), its own settings (threads=, comm=, as rows into
 * struct thread_settings) and its threads hook. */
#include "kernels/threads.h"

#include <jansson.h>
#include <stddef.h>
#include "registry/settings.h"

_Static_assert(sizeof(enum thread_comm) == sizeof(int), "a setting's enum is not int-sized");

/* threads= : osu_latency_mt's default is 2 */
#define DEFAULT_THREADS 2

static const char *const comm_words[] = {"shared", "per-thread", NULL};

static const char *one_thread(const struct call *c);

#define AT(field) offsetof(struct thread_settings, field)

static const struct setting rows[] = {
    {.owner = &family_threads, .key = "threads", .kind = SETTING_COUNT, .store = STORE_INT, .offset = AT(threads),
     .dflt = DEFAULT_THREADS, .lo = 1, .hi = MAX_THREADS, .refuse = one_thread,
     .second = AT(receivers),
     .help = "threads per rank of a pair (2); LATENCY_MT S:R: S sending, R "
             "answering (R at most S, comm=shared), as osu_latency_mt -t; written on "
             "SEND or BW, the record is LATENCY_MT or BW_MT"},
    {.owner = &family_threads, .key = "comm", .kind = SETTING_WORDS, .store = STORE_INT, .offset = AT(comm),
     .words = comm_words, .what = "thread communicator", .refuse = one_thread,
     .help = "every thread on the pair's communicator, or one each (shared)"},
};

/* each thread's calls need MPI_THREAD_MULTIPLE when there are two or more
 * (world/plan.c skips the record where the library gave less) */
static int threads(const struct record *r)
{
    return thread_settings(r)->threads;
}

/* threads=S:R (R not S): LATENCY_MT's alone, on the shared communicator
 * (R threads answer any of the S: one communicator), and R at most S (the
 * responder's receive slots are the initiator's S) */
static void validate(const struct record *r, rule_report report, void *ctx)
{
    const struct thread_settings *s = thread_settings(r);
    int recv = thread_receivers(r);
    if (recv == s->threads)
        return;
    if (r->call->loop != run_latency_mt)   /* BW_MT, or BW written (its form) */
        report(ctx, r->col[F_CALL], "threads=%d:%d: %s runs as many threads on both "
               "sides; S:R applies to LATENCY_MT (and SEND)", s->threads, recv,
               r->written_as ? r->written_as->name : r->call->name);
    else if (s->comm != TCOMM_SHARED)
        report(ctx, r->col[F_CALL], "threads=%d:%d needs comm=shared: the %d answering "
               "threads take any of the %d senders' messages", s->threads, recv, recv,
               s->threads);
    else if (recv > s->threads)
        report(ctx, r->col[F_CALL], "threads=%d:%d: at most as many answering threads "
               "as sending ones (the receive slots are the senders')", s->threads, recv);
}

/* run.json's "threads": threads= and comm= (the writers add each
 * point's figures by thread under "per_thread") */
static void describe(const struct record *r, int p, struct json_t *o, FILE *header,
                     FILE *prose)
{
    (void)p;
    (void)header;
    (void)prose;
    const struct thread_settings *s = thread_settings(r);
    json_object_set_new(o, "threads", json_pack("{s:i,s:i,s:s}", "threads", s->threads,
                        "receivers", thread_receivers(r), "comm", comm_words[s->comm]));
}

const struct family family_threads = {
    .name = "threaded", .way = WAY_PAIRS, .per = "message",
    .moves_data = 1, .bytes_per_us = BYTES_PER_US, .passes = 1,
    .settings = rows, .nsettings = sizeof rows / sizeof rows[0],
    .own_size = OWN_SIZE(struct thread_settings),
    .threads = threads,
    .sample_start = mt_reset, .samples = mt_times, .describe = describe,
    .validate = validate};

static const char *one_thread(const struct call *c)
{
    return c->family == &family_threads ? NULL : " runs on one thread";
}

