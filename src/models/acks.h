/* acks.h: the acknowledgements of a barrier stage's synchronous signals
 * still in flight, by their arrival at the sender: a binary heap, so that
 * the event model (predict.c) takes each up in time order among the
 * stage's arrivals.  Taken up when made, an acknowledgement that arrives
 * late kept its sender's processor from a signal that arrived before it
 * (two ranks exchanging synchronous signals were predicted 26-37% high).
 * Plain arrays the caller allocates; no MPI. */
#ifndef MPIGAUGE_ACKS_H
#define MPIGAUGE_ACKS_H

struct acks {
    double *t;                 /* arrival at the sender */
    int *e;                    /* the signal it acknowledges */
    int n;                     /* how many (t and e hold at least that many) */
};

/* one more, arriving at t, acknowledging signal e */
void acks_push(struct acks *a, double t, int e);
/* the earliest (n > 0): its arrival into *t, its signal returned */
int acks_pop(struct acks *a, double *t);

#endif
