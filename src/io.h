/* io.h: the MPI I/O calls (io.c) */
#ifndef MPIGAUGE_IO_H
#define MPIGAUGE_IO_H

#include "bench.h"

void io_buffers(int p, size_t n, size_t *send, size_t *recv);
void layout_file_write(struct bench *b);
void layout_file_read(struct bench *b);

void run_file_write(struct bench *b, int iters);
void run_file_read(struct bench *b, int iters);
void run_file_write_at(struct bench *b, int iters);
void run_file_read_at(struct bench *b, int iters);
void run_file_write_all(struct bench *b, int iters);
void run_file_read_all(struct bench *b, int iters);
void run_file_write_at_all(struct bench *b, int iters);
void run_file_read_at_all(struct bench *b, int iters);
void check_file_write(struct bench *b);
void check_file_read(struct bench *b);

/* The run's scratch folder: a new folder mpigauge-XXXXXX in dir (made by
 * rank 0, its name broadcast into out); removed by io_scratch_remove.
 * Returns 0, or -1 on every rank after rank 0 said why. */
int io_scratch_make(const char *dir, char *out, size_t len);
void io_scratch_remove(const char *path);

#endif
