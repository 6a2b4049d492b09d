/* sync_family.c: the synchronisation family's row (BARRIER and its
 * patterns: sync_calls.c) and its two settings, signal= and payload=;
 * its loops are sync_barrier.c's */
#include "kernels/sync_barrier.h"

#include <stddef.h>
#include "registry/settings.h"

_Static_assert(sizeof(enum signal_mode) == sizeof(int) &&
               sizeof(enum payload_mode) == sizeof(int), "a setting's enum is not int-sized");

static const char *no_signals(const struct call *c)
{
    return c->opk == OPK_PATTERN ? NULL : " sends no barrier signals";
}

static const char *const signal_words[] = {"send", "ssend", NULL};
static const char *const payload_words[] = {"uniform", "exchange", NULL};

/* before window=: the place they had among the common rows */
static const struct setting rows[] = {
    {.owner = &family_sync, .key = "signal", .kind = SETTING_WORDS, .store = STORE_INT,
     .offset = offsetof(struct barrier_settings, signal), .words = signal_words,
     .what = "signal mode", .refuse = no_signals, .before = "window",
     .help = "a pattern's signals in standard or synchronous mode"},
    {.owner = &family_sync, .key = "payload", .kind = SETTING_WORDS, .store = STORE_INT,
     .offset = offsetof(struct barrier_settings, payload), .words = payload_words,
     .what = "payload mode", .refuse = no_signals, .before = "window",
     .help = "n elements on every signal, or a total exchange"},
};

const struct family family_sync = {
    .name = "synchronisation", .way = WAY_BARRIER, .per = "call",
    .moves_data = 0, .bytes_per_us = BYTES_PER_US, .passes = 2,
    .settings = rows, .nsettings = sizeof rows / sizeof rows[0],
    .own_size = OWN_SIZE(struct barrier_settings)};
