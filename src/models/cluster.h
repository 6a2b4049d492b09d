/* cluster.h: ranks grouped by what their signals cost (Meyer's thesis,
 * section 7.2): Sparse Spatial Selection over a symmetric cost matrix,
 * and where the groups and the hardware's disagree. */
#ifndef MPIGAUGE_CLUSTER_H
#define MPIGAUGE_CLUSTER_H

/* The thesis's sparseness: a rank farther than this share of the largest
 * cost from every pivot starts a group of its own. */
#define SSS_SPARSENESS 0.35

/* d: p x p costs (d[i*p+j], i to j; the diagonal and NaNs are ignored),
 * made symmetric as (d_ij + d_ji) / 2.  Pivots are chosen in rank order:
 * a rank becomes one when its cost to every pivot so far exceeds
 * sparseness times the largest cost; then every rank joins its nearest
 * pivot (when every rank would be a pivot, no rank is near another and
 * they form one group).  group[i] gets rank i's group (0, 1, ... in the order of their
 * pivots), pivot[g] each group's pivot.  Returns the number of groups. */
int sss_cluster(const double *d, int p, double sparseness, int *group, int *pivot);

/* How the groups and another partition (hw[i]: rank i's node) differ:
 * writes "group G spans nodes A and B" and "node N is split over groups
 * G and H" sentences, separated by "; ", into out (empty when they
 * agree).  Returns the number of disagreements. */
int cluster_disagreements(const int *group, const int *hw, int p, char *out,
                          int len);

#endif
