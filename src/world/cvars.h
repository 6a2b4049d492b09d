/* cvars.h: a record's cvar= settings, written on every rank (collective)
 * before its first size and restored after its last */
#ifndef MPIGAUGE_CVARS_H
#define MPIGAUGE_CVARS_H

#include <stddef.h>
#include "world/plan.h"

/* every cvar= of pl's record written (the values they had into was):
 * 0, or -1 with the reason in error (len bytes) and nothing left set */
int cvars_apply(const struct planned *pl, int *was, char *error, size_t len);
/* the first n restored to was */
void cvars_restore(const struct planned *pl, const int *was, int n);

#endif
