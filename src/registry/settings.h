/* settings.h: the key=value settings a record may carry after its nine
 * fields, as rows of one table (registry/settings.c) that the parser
 * (input/settings.c), --list, the reference, the man page and the tests
 * all read; includes only registry.h. */
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

/* What the value is stored as in struct record (the field's type). */
/* STORE_NONE: the custom reader keeps it (cvar=) */
enum setting_store { STORE_INT, STORE_LONG, STORE_U64, STORE_NONE };

struct setting {
    const char *key;
    enum setting_kind kind;
    enum setting_store store;
    size_t offset;            /* of the field in struct record */
    long dflt;                /* its value when the setting is not written */
    uint64_t lo, hi;          /* SETTING_COUNT's bounds */
    const char *const *words; /* SETTING_WORDS: NULL-terminated */
    int first;                /* the value the first word stores */
    const char *what;         /* "unknown <what> 'x'": "synchronisation" */
    /* NULL when the call takes the setting, else why not, as words
     * that follow the call's name: " is not one-sided" */
    const char *(*refuse)(const struct call *c);
    /* the family that owns the setting, by name (its calls alone take it,
     * refused as " is not a chain call"), where refuse is NULL; NULL: no
     * owner */
    const char *owner;
    const char *applies;      /* "PUT, GET, ...": named after a refusal */
    int repeats;              /* may be written more than once (cvar=) */
    const char *value_help;   /* SETTING_CUSTOM: "N|rotate", for --list */
    const char *help;         /* one line */
};

extern const struct setting setting_table[];
extern const size_t setting_count;

/* the row of key (exact, lower case), or NULL */
const struct setting *setting_find(const char *key);
/* NULL when call c takes setting s, else why not (words after its name) */
const char *setting_refusal(const struct setting *s, const struct call *c);
/* 1 when call c takes setting s */
int setting_takes(const struct setting *s, const struct call *c);
/* the field of s in r, as a number (an index into words for WORDS less
 * first), and storing one */
long long setting_get(const struct setting *s, const struct record *r);
void setting_put(const struct setting *s, struct record *r, long long v);
/* every setting's default into a new record */
void settings_defaults(struct record *r);
/* the word s's value has in r ("flush"), or NULL for counts */
const char *setting_word(const struct setting *s, const struct record *r);

/* "send|ssend" for a setting of words, "N (1 to 4096)" for a count */
void setting_values_text(const struct setting *s, char *out, size_t len);

#endif
