/* offline/: predictions without MPI from a result folder's parameter matrices (mpigauge --predict); includes input/, registry/, models/ and base/. */
#ifndef MPIGAUGE_OFFLINE_H
#define MPIGAUGE_OFFLINE_H

/* mpigauge --predict DIR PATTERN [--ranks P] [--topology T]
 * [--signal send|ssend] [--bytes N] [--payload uniform|exchange], read
 * by the option table like every option: prints what the models predict
 * for PATTERN (what a BARRIER record's pattern field takes: a built-in
 * name, NAME:ARG, FILE:path or HYBRID, built from the matrices) on world
 * ranks 0..P-1 from DIR's params-<topology>-*.dat.  Returns the exit
 * status (2: bad arguments or files). */
int offline_predict(int argc, char **argv);

/* 1 when argv asks for --predict, --set or --compare (before MPI is
 * started) */
int offline_wanted(int argc, char **argv);

/* --set SET (set_summary.h), --compare A B (set_compare.h) or --predict:
 * the exit status */
int offline_main(int argc, char **argv);

#endif
