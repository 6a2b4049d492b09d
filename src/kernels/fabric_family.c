/* fabric_family.c: the fabric family's row and its own setting (seed=, a
 * row into struct fabric_settings); its calls are fabric_calls.c's, its
 * loops fabric.c's */
#include "registry/registry.h"

#include <stddef.h>
#include "kernels/fabric.h"
#include "models/schedule.h"
#include "registry/settings.h"

static const char *not_seeded(const struct call *c)
{
    return call_has(c, CALL_SEEDED) ? NULL : " draws nothing at random";
}


static const struct setting rows[] = {
    {.owner = &family_fabric, .key = "seed", .kind = SETTING_COUNT, .store = STORE_U64,
     .offset = offsetof(struct fabric_settings, seed), .dflt = MATCHING_SEED, .lo = 0,
     .hi = UINT32_MAX, .refuse = not_seeded,
     .help = "the seed of its matchings (1)"},
};

const struct family family_fabric = {
    .name = "fabric", .way = WAY_ALL_PAIRS, .per = "message",
    .moves_data = 1, .bytes_per_us = BYTES_PER_US, .passes = 1,
    .settings = rows, .nsettings = sizeof rows / sizeof rows[0],
    .own_size = OWN_SIZE(struct fabric_settings),
    .describe = fabric_describe};
