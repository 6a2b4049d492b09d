/* offline/: predictions without MPI from a result folder's parameter matrices (mpigauge --predict); includes input/, registry/, models/ and base/. */
#ifndef MPIGAUGE_OFFLINE_H
#define MPIGAUGE_OFFLINE_H

/* 1 when argv asks for --predict, --set or --compare (before MPI is
 * started) */
int offline_wanted(int argc, char **argv);

/* --set SET (set_summary.h), --compare A B (set_compare.h) or --predict:
 * the exit status (offline_main.c) */
int offline_main(int argc, char **argv);

/* --predict (offline.c): what the models predict from a result folder's
 * matrices, on stdout; the exit status */
int offline_predict(int argc, char **argv);

#endif
