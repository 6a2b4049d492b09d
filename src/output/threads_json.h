/* threads_json.h: the threaded calls' part of a record in run.json, the
 * prose's names of their samples, their .threads.dat (threads_json.c) */
#ifndef MPIGAUGE_THREADS_JSON_H
#define MPIGAUGE_THREADS_JSON_H

#include <jansson.h>
#include <stdio.h>
#include "output/output.h"

/* the thread of a point's sample i (0 .. threads=-1), or -1 for a call
 * that is not threaded */
int sample_thread(const struct holds *h, size_t i);

/* sample i's name: "thread 3 of pair 0->1" for a threaded call, "0->1"
 * for the others */
void sample_name(const struct holds *h, const struct sample *s, size_t i, char *buf,
                 size_t len);

/* a threaded call's .threads.dat rows of one size: elements a b thread
 * t_us msg_rate mbps, a row per thread of every pair */
void thread_rows(FILE *f, const struct holds *h, const struct point *pt);

/* adds "per_thread" to the "threads" object of a threaded call's record
 * object o (its family's facts begin it with threads= and comm=): per
 * size each thread's figures, and the fastest and slowest sample by name;
 * nothing for the others */
void threads_json_add(json_t *o, const struct result *res);

/* adds "mpi_thread_multiple_asked" and "mpi_thread_level" (granted) to
 * run.json's root */
void threads_json_run(json_t *root, const struct run_info *in);

#endif
