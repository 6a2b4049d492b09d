/* settings.h: the key=value settings a record may carry after its nine
 * fields, as rows: the settings every family may take
 * (registry/setting_rows.c), then each family's own, which its file declares
 * (struct family's settings).  The parser (input/settings_read.c), --list, the
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
    SETTING_PAIRS,    /* KEY:VALUE, written once per entry: a bounded list
                       * (struct setting_pairs) read by input/pairs.c
                       * (cvar=NAME:VALUE, hint=KEY:VALUE) */
    SETTING_CUSTOM,   /* read by input/settings_read.c's own function for the key
                       * (root=N|rotate, sizes=) */
};

/* What the value is stored as (the field's type). */
/* STORE_NONE: the custom or list reader keeps it (sizes=, cvar=) */
enum setting_store { STORE_INT, STORE_LONG, STORE_U64, STORE_NONE };

/* SETTING_PAIRS: where a KEY:VALUE list lives.  The row's offset is the
 * first of up to max entries, each `stride` bytes holding the key and
 * the value as char arrays (with their sizes, the NUL included) and the
 * column the entry was written at; `count` the offset of the int that
 * counts them, from the same base as the row's offset (the record, or
 * the family's own struct).  SETTING_PAIRS_OF fills one from the entry's
 * type.  The parser takes at most max entries, each KEY once, each part
 * within its size (input/pairs.c). */
struct setting_pairs {
    int max;
    size_t count, stride;
    size_t key_at, key_size, value_at, value_size, col_at;
    const char *key_word;     /* "name": the too-long error's word for KEY */
    const char *example;      /* the syntax error's "(an MPI I/O hint ..., e.g. ...)" */
};
#define SETTING_PAIRS_OF(type, keyf, valuef, colf) \
    .stride = sizeof(type), .key_at = offsetof(type, keyf), \
    .key_size = sizeof(((type *)0)->keyf), .value_at = offsetof(type, valuef), \
    .value_size = sizeof(((type *)0)->valuef), .col_at = offsetof(type, colf)

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
    const struct setting_pairs *pairs;   /* SETTING_PAIRS: its list */
    /* 1 when the setting is in force for r, whose call takes it (the
     * writers show it then); NULL: whenever the call takes it */
    int (*in_force)(const struct record *r);
    const char *value_help;   /* SETTING_CUSTOM, SETTING_PAIRS: "N|rotate",
                               * "KEY:VALUE", for --list and the errors */
    /* SETTING_COUNT of STORE_INT that may be written "A:B" (threads=S:R):
     * B goes to this offset, in the same storage as the first; 0: one
     * value only.  Written "A", B is left 0 (as A). */
    size_t second;
    /* a family's row: the common row it comes before in a record's walk
     * (record_setting_at: the writers' order), as the place it had among
     * the common rows (tests= before recv=); NULL: after them all */
    const char *before;
    const char *help;         /* one line */
};

/* the common rows (every setting of every family: input/settings_walk.h) */
size_t settings_common_count(void);
const struct setting *setting_common(size_t i);
/* the settings r's call may be given: the common rows with its family's
 * own among them (each before the common row its `before` names, else
 * after them all); NULL past the last */
const struct setting *record_setting_at(const struct record *r, size_t i);
/* the row of key (exact, lower case) among those, or NULL */
const struct setting *record_setting_row(const struct record *r, const char *key);
/* the value of r's setting key as setting_get gives it, or 0 where r's
 * call takes no such row: how code outside a family reads a setting
 * several families own (tests=, levels=) */
long long record_setting_value(const struct record *r, const char *key);
/* the word of r's setting key ("ssend"), or NULL where r's call takes no
 * such row or it is no word */
const char *record_setting_word(const struct record *r, const char *key);
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
/* SETTING_PAIRS: the entries of s in r, and entry i's key, value and
 * column; setting_pair_add appends one (the parser checked it fits) */
int setting_pair_count(const struct setting *s, const struct record *r);
const char *setting_pair_key(const struct setting *s, const struct record *r, int i);
const char *setting_pair_value(const struct setting *s, const struct record *r, int i);
int setting_pair_col(const struct setting *s, const struct record *r, int i);
void setting_pair_add(const struct setting *s, struct record *r, const char *key,
                      const char *value, int col);
/* the word s's value has in r ("flush"), or NULL for counts */
const char *setting_word(const struct setting *s, const struct record *r);

/* "send|ssend" for a setting of words, "N (1 to 4096)" for a count */
void setting_values_text(const struct setting *s, char *out, size_t len);

#endif
