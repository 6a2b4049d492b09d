/* buffer_fields.c: the settings that choose a call's buffers: inplace=
 * (a collective's MPI_IN_PLACE) and buffers= (a streaming window's
 * receives in one buffer or a slot each) */
#include "input/tokens.h"

/* inplace=0|1: the collectives where MPI allows MPI_IN_PLACE and
 * mpigauge passes it (its check puts the input where MPI reads it) */
void take_inplace(struct line_ctx *lc, struct record *r, const struct token *key,
                  const struct token *val)
{
    static const char *const names[] = {"0", "1"};
    if (r->call && !r->call->in_place)
        diag_add(lc->d, lc->line, key->col, "%s takes no MPI_IN_PLACE here; inplace= "
                 "applies to ALLREDUCE, REDUCE, SCAN, EXSCAN, ALLGATHER and ALLTOALL",
                 r->call->name);
    else if (token_is(val, "0") || token_is(val, "1"))
        r->inplace = val->s[0] == '1';
    else
        unknown_of(lc, val, "inplace value", names, 2);
}

/* buffers=single|multiple: a window's receives into one buffer (as
 * osu_bw's default), or every message sent from and received into a slot
 * of its own (osu_bw -b multiple); not written, the receives have a slot
 * each and the sends share one buffer (mpigauge's default) */
void take_buffers(struct line_ctx *lc, struct record *r, const struct token *key,
                  const struct token *val)
{
    static const char *const names[] = {"single", "multiple"};
    if (r->call && !streams_receives(r->call))
        diag_add(lc->d, lc->line, key->col, "%s streams no window of receives; "
                 "buffers= applies to BW, BIBW, BW_INIT, BIBW_INIT, MSGRATE and "
                 "MULTI_BIBW", r->call->name);
    else if (token_is(val, "single"))
        r->buffers = BUFFERS_SINGLE;
    else if (token_is(val, "multiple"))
        r->buffers = BUFFERS_MULTIPLE;
    else
        unknown_of(lc, val, "buffers value", names, 2);
}
