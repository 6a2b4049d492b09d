/* acks.c: a binary heap of acknowledgements by arrival (acks.h) */
#include "models/acks.h"

void acks_push(struct acks *a, double t, int e)
{
    int k = a->n++;
    for (; k > 0 && a->t[(k - 1) / 2] > t; k = (k - 1) / 2) {
        a->t[k] = a->t[(k - 1) / 2];
        a->e[k] = a->e[(k - 1) / 2];
    }
    a->t[k] = t;
    a->e[k] = e;
}

int acks_pop(struct acks *a, double *t)
{
    int e = a->e[0], k = 0;
    *t = a->t[0];
    double last = a->t[--a->n];
    int last_e = a->e[a->n];
    for (;;) {
        int c = 2 * k + 1;
        if (c >= a->n)
            break;
        if (c + 1 < a->n && a->t[c + 1] < a->t[c])
            c++;
        if (a->t[c] >= last)
            break;
        a->t[k] = a->t[c];
        a->e[k] = a->e[c];
        k = c;
    }
    a->t[k] = last;
    a->e[k] = last_e;
    return e;
}
