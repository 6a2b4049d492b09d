/* clock_fit.h: one rank's clock against world rank 0's, as a line:
 * offset and drift by least squares over offset estimates taken at
 * several times (as JK and HCA do), and the conversions between the two
 * clocks that the line implies.  Plain numbers; no MPI.
 *
 * With T a time on rank 0's clock and L the same instant on the rank's
 * own, the model is
 *     L = T + offset + drift (T - t_ref)
 * (offset: L - T at t_ref, the fit's centre; drift: the rank's clock
 * rate over rank 0's, minus 1; 1e-6 is 1 ppm).  Exactly inverted:
 *     T = t_ref + (L - t_ref - offset) / (1 + drift). */
#ifndef MPIGAUGE_CLOCK_FIT_H
#define MPIGAUGE_CLOCK_FIT_H

struct clock_line {
    double t_ref;              /* rank 0's time the offset is at, s */
    double offset, drift;      /* s, s per s */
    double se_offset, se_drift;/* their standard errors (0 with 2 samples) */
    double max_residual;       /* the largest |residual| of the samples used, s */
    double rtt;                /* the shortest round trip of the samples, s */
    int used, dropped;         /* samples in the fit; left out for their round trip */
};

/* A sample is quick when its round trip is at most twice the quickest's
 * plus CLOCK_SLACK_S: the midpoint of a slow round trip can be off by
 * half of it (on a shared machine whole rounds came back 90 us or 4 ms
 * slow, and moved the offset by half that). */
#define CLOCK_SLACK_S 1e-6
int clock_quick(double rtt, double best);

/* The line through the quick ones of n samples: at rank 0's time t[i]
 * (the middle of a round trip of rtt[i] seconds) the rank's clock read
 * t[i] + off[i].  With fewer than 3 quick samples the drift is 0 and the
 * offset the quickest sample's.  n >= 1.  Returns how many were used. */
int clock_fit(const double *t, const double *off, const double *rtt, int n,
              struct clock_line *f);

/* The rank's own time at rank 0's time T, and back. */
double clock_local(const struct clock_line *f, double T);
double clock_global(const struct clock_line *f, double L);

/* The line's predicted error at rank 0's time T: the offset's standard
 * error plus the drift's times the time from the fit's centre, s. */
double clock_error(const struct clock_line *f, double T);

/* Two levels: a, a node leader's line against rank 0 (T -> the leader's
 * clock S), and b, a rank's against that leader (S -> its own clock L),
 * make the rank's line against rank 0, exactly (both are affine): its
 * centre is b's (t_ref, on the leader's clock) on rank 0's clock, its
 * offset a's offset there plus b's, its drift (1 + d_a)(1 + d_b) - 1.
 * The standard errors add in quadrature (a's offset error taken at the
 * new centre, clock_error), the residuals and round trips add (each
 * level's midpoint can be off by half its round trip); used and dropped
 * are b's.  With a all 0 (rank 0 itself) the result is b. */
void clock_compose(const struct clock_line *a, const struct clock_line *b,
                   struct clock_line *out);

#endif
