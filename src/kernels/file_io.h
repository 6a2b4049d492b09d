/* file_io.h: the MPI I/O calls (file_io.c) */
#ifndef MPIGAUGE_IO_H
#define MPIGAUGE_IO_H

#include "kernels/kernel.h"

void layout_file_write(struct kernel *k);
void layout_file_read(struct kernel *k);

void run_file_write(struct kernel *k, int iters);
void run_file_read(struct kernel *k, int iters);
void run_file_write_at(struct kernel *k, int iters);
void run_file_read_at(struct kernel *k, int iters);
void run_file_write_all(struct kernel *k, int iters);
void run_file_read_all(struct kernel *k, int iters);
void run_file_write_at_all(struct kernel *k, int iters);
void run_file_read_at_all(struct kernel *k, int iters);
void check_file_write(struct kernel *k);
void check_file_read(struct kernel *k);

#endif
