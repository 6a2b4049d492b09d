/* hostlist.h: Slurm's compressed host lists ("n[01-03,7],gpu2") expanded
 * to names, without asking scontrol (the job may run where it is not) */
#ifndef MPIGAUGE_HOSTLIST_H
#define MPIGAUGE_HOSTLIST_H

#include <stddef.h>

/* Calls each(name, arg) for every host of list, in order; returns the
 * number of hosts, or -1 (nothing called past the error) when the list
 * is not one Slurm writes, or expands past max hosts. */
long hostlist_expand(const char *list, long max, void (*each)(const char *name, void *arg),
                     void *arg);

#endif
