/* interrupt.h: SIGINT and SIGTERM end a run cleanly */
#ifndef MPIGAUGE_INTERRUPT_H
#define MPIGAUGE_INTERRUPT_H

void interrupt_install(void);

/* Collective over MPI_COMM_WORLD: the signal any rank received (0: none). */
int interrupt_agreed(void);

#endif
