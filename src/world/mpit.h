/* mpit.h: the library's MPI_T control variables: every one readable at
 * start with its value (run.json), and a record's cvar=NAME:VALUE found,
 * its value understood, written for the record and restored after. */
#ifndef MPIGAUGE_MPIT_H
#define MPIGAUGE_MPIT_H

#include <stddef.h>
#include "base/text.h"

/* Starts the MPI_T interface (once; every rank); 0, or -1 when the
 * library has none. */
int mpit_start(void);
void mpit_end(void);

/* Every control variable this process can read without an object (bound
 * to none, one value of an integer, double or string type), in the
 * library's order, into *out (allocated here).  Returns how many. */
int mpit_list(struct name_value **out);

/* A record's setting resolved: the variable's index and the integer it
 * gets.  VALUE is an integer, the name of one of the variable's MPI_T
 * enumerators, or a name from its description's list of choices (MPICH
 * lists "auto - ..., nb - ..., recursive_doubling - ..." in that order:
 * the n-th is the integer n).  Returns 0, or -1 with why in why[len]. */
struct cvar_set {
    int index;
    int value;
};
int mpit_resolve(const char *name, const char *value, struct cvar_set *out,
                 char *why, size_t len);

/* The n-th name of a description's "name - text" list whose name is
 * value, or -1 (exposed for the unit test; no MPI). */
int mpit_choice_in(const char *desc, const char *value);
/* how many names that list has (0: none) */
int mpit_choice_count(const char *desc);

/* Writes s's value and reads it back; the value it had goes to *was.  0,
 * the MPI_T error code, or MPIT_NOT_KEPT when the library reads back
 * another value than it was given. */
enum { MPIT_NOT_KEPT = -2 };
int mpit_write(const struct cvar_set *s, int *was);
int mpit_restore(int index, int was);

#endif
