/* multi_family.c: the multi-pair family's row (registry/calls.h says what
 * the fields mean): every pair of the communicator at once (MSGRATE,
 * MULTI_BIBW, MULTI_LATENCY: multi_calls.c), with no settings or hooks of
 * its own beyond the streams' window= */
#include "registry/registry.h"

const struct family family_multi = {
    .name = "multi-pair", .way = WAY_ALL_PAIRS, .per = "message",
    .moves_data = 1, .named_receives = 1, .bytes_per_us = BYTES_PER_US, .passes = 1};
