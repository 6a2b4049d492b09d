/* sizerun.c: the per-size series of a record's measurement, shared by
 * the families' ways (ways.c) and the barriers' (barrier_time.c);
 * on its own so that neither of those needs the other for it */
#include "measure/trial.h"

#include <string.h>

struct series *new_series(struct sizerun *sr, int partner)
{
    struct series *s = &sr->ser[sr->nser];
    memset(s, 0, sizeof *s);
    sr->ser_b[sr->nser++] = partner;
    return s;
}
