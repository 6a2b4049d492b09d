/* list.h: --list */
#ifndef MPIGAUGE_LIST_H
#define MPIGAUGE_LIST_H

#include <stdio.h>

void print_list(FILE *out);

#endif
