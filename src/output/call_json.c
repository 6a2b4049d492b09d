/* call_json.c: what run.json and the data files' headers say of a
 * record's common choices that its call's capabilities give meaning to: how its
 * pairs are chosen, what its receives match (recv=), its root (root=), in
 * place (inplace=), its window's buffers (buffers=), --like, the
 * repetition, and where a threaded call's per-thread samples are */
#include "output/call_json.h"

#include <string.h>

#include "input/iters.h"
#include "input/like.h"
#include "models/schedule.h"
#include "registry/settings.h"

static const char *const recv_names[] = {"named", "any_source", "any_tag", "any"};

void call_json_add(json_t *o, const struct result *res, const struct options *opt)
{
    const struct record *r = res->rec;
    const struct holds *h = &res->holds;
    if (h->pairs)
        json_object_set_new(o, "pairs", json_pack("{s:s,s:o,s:o}", "mode",
                            r->pf->rounds ? "rounds" : r->pf->sample ? "sample" : "in turn",
                            "sample", r->pf->sample ? json_integer(r->sample) : json_null(),
                            "seed", r->pf->sample ? json_integer(SAMPLE_SEED) : json_null()));
    if (h->receives)
        json_object_set_new(o, "recv", json_string(recv_names[r->recv & 3]));
    if (h->rotates)
        json_object_set_new(o, "root", r->root_rotate ? json_string("rotate")
                                                      : json_integer(r->root));
    if (h->in_place)
        json_object_set_new(o, "inplace", json_boolean(r->inplace));
    if (h->busbw)   /* nccl-tests' bus bandwidth (registry.h) */
        json_object_set_new(o, "busbw", json_pack("{s:f,s:i,s:s}", "factor",
                            h->busbw_factor, "n", h->busbw_n, "formula",
                            busbw_formula((enum busbw_kind)h->busbw)));
    if (h->window_receives)
        json_object_set_new(o, "buffers", json_string(
            record_shared_recv(r, opt) ? "single"
            : r->buffers == BUFFERS_MULTIPLE ? "multiple"
            : "receive-slots"));   /* the default: the sends share a buffer */
}

void call_header_lines(FILE *f, const struct result *res, const struct options *opt)
{
    const struct record *r = res->rec;
    static const char *const what[] = {
        "", "MPI_ANY_SOURCE and the data tag (recv=any_source)",
        "the partner and MPI_ANY_TAG (recv=any_tag)",
        "MPI_ANY_SOURCE and MPI_ANY_TAG (recv=any)"};
    if (res->holds.receives && r->recv)
        fprintf(f, "# receives: every data receive names %s\n", what[r->recv & 3]);
    if (opt->like)
        fprintf(f, "# like: %s: its iterations and warm-up by size, one timed loop a "
                "size (no blocks, so no interval: blocks= does not apply), every "
                "collective call timed alone and followed by MPI_Barrier outside its "
                "timing, t_avg_us the mean over ranks of each rank's mean%s\n",
                opt->like == LIKE_OSU ? "OSU 7.4" : "IMB 2021",
                opt->like == LIKE_OSU ? "; each point-to-point round trip or window timed "
                                         "alone and the times summed; a window's "
                                         "receives into one buffer" : "");
    if (r->pattern && opt->adaptive)
        fprintf(f, "# repetition: a barrier's iterations (iters=), each timed; the "
                "adaptive blocks of adaptive=on are the other calls'\n");
    else if (opt->adaptive && !record_adaptive(r, opt))
        fprintf(f, "# repetition: fixed, %ld blocks (this record's iters= is a count; "
                "adaptive=on is the other records' default)\n",
                r->iters < opt->blocks ? r->iters : (long)opt->blocks);
    else if (opt->time_per_size > 0 && record_time(r, opt) <= 0)
        fprintf(f, "# repetition: fixed, %ld iterations a size (this record's iters= "
                "beats --time %g, the other records' length a size)\n", r->iters,
                opt->time_per_size);
    if (r->root_rotate)
        fprintf(f, "# root: call i's root is rank i mod P of its communicator "
                "(root=rotate, as IMB), counting from 0 in every timed loop\n");
    if (r->inplace)
        fprintf(f, "# buffers: MPI_IN_PLACE (inplace=1): the input is where the "
                "result goes\n");
    if (r->buffers == BUFFERS_MULTIPLE)
        fprintf(f, "# buffers: every message of a window sent from and received into "
                "a slot of its own (buffers=multiple, as osu_bw -b multiple)\n");
    if (res->holds.threads && res->holds.pairs)
        fprintf(f, "# samples: one a thread of each pair (threads=%d): t_min_us is the "
                "fastest thread's time per message, t_max_us the slowest's; report.txt and "
                "run.json's threads.per_thread name them (thread t of pair a->b), and "
                "%.*s.threads.dat has every thread\n", res->holds.threads,
                (int)strlen(res->file) - 4, res->file);
    else if (res->holds.threads)
        fprintf(f, "# samples: one a thread of each rank (threads=%d, each thread on its "
                "own duplicate of the communicator, as IMB-MT): t_min_us is the fastest "
                "thread's time per call, t_max_us the slowest's; report.txt and run.json's "
                "threads.per_thread name them (thread t of rank r), and %.*s.threads.dat "
                "has every thread\n", res->holds.threads, (int)strlen(res->file) - 4,
                res->file);
    if (record_shared_recv(r, opt))
        fprintf(f, "# buffers: a window's receives all into one buffer (buffers=single, "
                "as osu_bw; --like osu): overlapping receives, which MPI forbids; --check "
                "gives each message a slot of its own all the same\n");
}
