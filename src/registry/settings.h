/* settings.h: the key=value settings a record may carry after its nine
 * fields, as rows: the settings every family may take
 * (registry/settings.c), then each family's own, which its file declares
 * (struct family's settings).  The parser (input/settings.c), --list, the
 * reference, the man page, the writers and the tests walk them all
 * through settings_count and setting_at; includes only registry.h. */
#ifndef MPIGAUGE_SETTINGS_H
#define MPIGAUGE_SETTINGS_H

#include <stddef.h>
#include <stdint.h>
#include "registry/registry.h"

struct record;

/* How a setting's value is read.  Every kind matches words by the
 * registry's one rule (registry/lookup.c: case-insensitive, '-' and '_'
 * alike), so sync=LOCK, levels=HW and comm=PER_THREAD all read. */
enum setting_kind {
    SETTING_COUNT,    /* a decimal count from lo to hi */
    SETTING_WORDS,    /* one of words[]: stores first + its index */
    SETTING_CUSTOM,   /* read by input/settings.c's own function for the key
                       * (root=N|rotate, cvar=NAME:VALUE) */
};

/* What the value is stored as (the field's type). */
/* STORE_NONE: the custom reader keeps it (cvar=) */
enum setting_store { STORE_INT, STORE_LONG, STORE_U64, STORE_NONE };

struct setting {
    const char *key;
    enum setting_kind kind;
    enum setting_store store;
    /* the family that owns the setting (its calls alone take it; others
     * are refused as " is not a NAME call" where refuse is NULL), or
     * NULL for a common setting */
    const struct family *owner;
    /* of the field in struct record, or for a family's own setting in
     * the family's settings struct (the record's `own`) */
    size_t offset;
    long dflt;                /* its value when the setting is not written */
    uint64_t lo, hi;          /* SETTING_COUNT's bounds */
    const char *const *words; /* SETTING_WORDS: NULL-terminated */
    int first;                /* the value the first word stores */
    const char *what;         /* "unknown <what> 'x'": "synchronisation" */
    /* NULL when the call takes the setting, else why not, as words
     * that follow the call's name: " is not one-sided"; NULL for a
     * family's own setting: its family's calls take it (others are
     * refused as " is not a NAME call").  The calls that take it are said
     * from this, never written beside it (input/call_words.h) */
    const char *(*refuse)(const struct call *c);
    int repeats;              /* may be written more than once (cvar=) */
    /* 1 when the setting is in force for r, whose call takes it (the
     * writers show it then); NULL: whenever the call takes it */
    int (*in_force)(const struct record *r);
    const char *value_help;   /* SETTING_CUSTOM: "N|rotate", for --list */
    /* SETTING_COUNT of STORE_INT that may be written "A:B" (threads=S:R):
     * B goes to this offset, in the same storage as the first; 0: one
     * value only.  Written "A", B is left 0 (as A). */
    size_t second;
    const char *help;         /* one line */
};

/* the common rows (every setting of every family: input/settings_walk.h) */
size_t settings_common_count(void);
const struct setting *setting_common(size_t i);
/* the settings r's call may be given: the common rows, then its family's
 * own; NULL past the last */
const struct setting *record_setting_at(const struct record *r, size_t i);
/* the row of key (exact, lower case) among those, or NULL */
const struct setting *record_setting_row(const struct record *r, const char *key);
/* NULL when call c takes setting s, else why not (words after its name) */
const char *setting_refusal(const struct setting *s, const struct call *c);
/* 1 when call c takes setting s */
int setting_takes(const struct setting *s, const struct call *c);
/* the field of s in r, as a number (an index into words for WORDS less
 * first), and storing one */
long long setting_get(const struct setting *s, const struct record *r);
void setting_put(const struct setting *s, struct record *r, long long v);
/* a paired setting's second value (0: none written, as the first) */
int setting_get_second(const struct setting *s, const struct record *r);
void setting_put_second(const struct setting *s, struct record *r, int v);
/* every common setting's default into a new record, and its family's
 * own when its call is known (the parser calls it again once it is) */
void settings_defaults(struct record *r);
/* the word s's value has in r ("flush"), or NULL for counts */
const char *setting_word(const struct setting *s, const struct record *r);

/* "send|ssend" for a setting of words, "N (1 to 4096)" for a count */
void setting_values_text(const struct setting *s, char *out, size_t len);

#endif
