/* switch_points.h: where a latency curve's slope changes beyond its noise
 * (docs/output.md, Switch points): the protocol switches of a
 * point-to-point or streaming record (eager to rendezvous, short to
 * bcopy to zcopy), found by segmented least squares over its sizes.
 *
 * Each point weighs by its own noise: sigma is its 95% interval's half
 * width over 1.96, and never below SWITCH_FLOOR of its time (a quiet
 * point's interval says little of how far the curve's shape strays from
 * a line; without an interval the floor alone).  A segment of points is
 * fitted t = a + b bytes by weighted least squares (GSL's
 * gsl_fit_wlinear).  The split of a segment is the one that leaves the
 * least chi-square in its two lines (each side SWITCH_MIN_POINTS points
 * or more); it is a switch when the two lines explain the points better
 * than one beyond their noise: F = ((chi2 of one line - chi2 of two) / 2)
 * / (chi2 of two / (m - 4)), the divisor at least 1, above F(2, m - 4)'s
 * point of SWITCH_ALPHA over the number of splits tried (an F test of the
 * 2 parameters the second line adds, scaled by what the two lines leave,
 * so that points straying from a line more than their intervals say
 * weigh as noise; Bonferroni for taking the best split; 200 seeded
 * straight lines with 2% noise give none, and the knee is found in each
 * of 200 noisy two-slope curves: tests/unit/test_switch_points.c).  A
 * switch is a change of slope, or of level (a step: the rendezvous'
 * handshake), or both; z says how far the slopes differ in standard
 * errors of that difference, each slope's error scaled up by its line's
 * reduced chi-square where that is above 1.  Each side is then
 * split again the same way (binary segmentation), up to `most` switches.
 * Each switch then states the lines of the final segments on either side
 * of it (from the switch before, or the first point, to the switch after,
 * or the last point), and its z again from them: what a reader can
 * recompute from the points and their intervals.  Arithmetic; no MPI. */
#ifndef MPIGAUGE_SWITCH_POINTS_H
#define MPIGAUGE_SWITCH_POINTS_H

#include <stddef.h>

#define SWITCH_MIN_POINTS 3
#define SWITCH_ALPHA 0.01
#define SWITCH_FLOOR 0.01
#define SWITCH_MOST 4

struct switch_point {
    size_t below;                   /* the lower side's last point */
    double below_bytes, above_bytes;
    /* the two sides' lines, us and us per byte */
    double a_below, slope_below, a_above, slope_above;
    double z;                       /* the slopes' difference over its error */
    double f, f_crit;               /* the F of the split, above f_crit */
};

/* The switches of the curve t[i] at bytes[i] (rising), with each point's
 * 95% interval lo[i]..hi[i] (NaN or NULL: none), in rising order in
 * out[0..most); returns how many. */
int switch_points(const double *bytes, const double *t, const double *lo, const double *hi,
                  size_t n, struct switch_point *out, int most);

#endif
