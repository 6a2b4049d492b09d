/* option_checks.h: the rules across options (option_checks.c) */
#ifndef MPIGAUGE_OPTION_CHECKS_H
#define MPIGAUGE_OPTION_CHECKS_H

#include <stdio.h>
#include "input/options.h"

/* the options that exclude or need each other */
int check_combinations(const struct options *o, FILE *err);
/* a measuring run's option given to --predict, --set or --compare */
int check_front_end(const struct options *o, FILE *err);
/* --budget where the counts are fixed (after the repetition default) */
int check_budget(const struct options *o, FILE *err);

#endif
