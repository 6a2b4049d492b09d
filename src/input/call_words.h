/* call_words.h: a set of calls in words, made from the call table's rows
 * each time it is said: what --list, the reference, the man page and the
 * parser's refusals say a setting, root=rotate or an op applies to.  No
 * list is written by hand beside the rows, so none can leave a call out
 * (issue 53: buffers= was taken on PBW and PMSGRATE while every list of
 * where it applies named six other calls).  tests/unit/test_call_words.c
 * reads every such text back into calls and compares them with the rows. */
#ifndef MPIGAUGE_CALL_WORDS_H
#define MPIGAUGE_CALL_WORDS_H

#include <stddef.h>
#include "registry/registry.h"

/* a family, or one mode of a family, is said as a group ("the I/O
 * calls", "the non-blocking collective calls") when it has at least
 * CALL_GROUP_MIN calls and at most CALL_GROUP_BUT of them, and no more
 * than half as many as are picked, are not picked (named: "the I/O calls
 * (not FILE_OPEN)") */
enum { CALL_GROUP_MIN = 7, CALL_GROUP_BUT = 3 };

/* 1 when c is one of the calls meant; arg is the caller's */
typedef int (*call_pick)(const struct call *c, const void *arg);

/* the picked calls: "every call"; else, family by family in the call
 * table's order, the family as a group, or each of its modes as a group,
 * or the calls' names; joined "A, B and C" */
void call_words(call_pick pick, const void *arg, char *out, size_t len);

/* the calls that take key= (over every row of the key: threads= has
 * several) */
void setting_call_words(const char *key, char *out, size_t len);

/* the calls that take one row's setting (--list, the reference and the
 * man page give each row its line) */
struct setting;
void setting_row_call_words(const struct setting *s, char *out, size_t len);

/* the calls that have every bit of caps (enum call_cap) */
void cap_call_words(unsigned caps, char *out, size_t len);

#endif
