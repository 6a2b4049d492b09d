/* thread_scan.h: before MPI_Init, the thread level to ask for
 * (thread_scan.c) */
#ifndef MPIGAUGE_THREAD_SCAN_H
#define MPIGAUGE_THREAD_SCAN_H

/* The level MPI_Init_thread should ask for, or -1 for plain MPI_Init:
 * --thread-level's where given; else MPI_THREAD_MULTIPLE when a line of
 * the command line's input file begins with the name of a call whose
 * family runs threads (LATENCY_MT, BW_MT, MSGRATE_MT), and -1 otherwise,
 * or when the options or the file cannot be read (the run then says
 * why) */
int input_thread_level(int argc, char **argv);

#endif
