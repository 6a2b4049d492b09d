/* thread_scan.h: before MPI_Init, whether the input names a threaded
 * call (thread_scan.c) */
#ifndef MPIGAUGE_THREAD_SCAN_H
#define MPIGAUGE_THREAD_SCAN_H

/* 1 when a line of the command line's input file begins with a threaded
 * call's name (LATENCY_MT, BW_MT, MSGRATE_MT); 0 otherwise, or when the
 * options or the file cannot be read (the run then says why) */
int input_wants_threads(int argc, char **argv);

#endif
