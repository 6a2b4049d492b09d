#!/usr/bin/env bash
# pairs_heatmap.sh FILE.pairs.dat [OUT_PREFIX]
# Draws each size block of a DETAIL record's pair matrix as a heat map PNG
# (gnuplot): OUT_PREFIX-<elements>.png (.svg when PLOT_FORMAT=svg), row = the rank that sends first,
# column = its partner, colour = one-way time in microseconds; pairs not
# measured stay blank.  A SHIFT record's FILE.matrix.dat (a '# bandwidth
# matrix' header line) is drawn the same way, row = the rank that sends,
# column = the rank it sends to, colour = MB/s.  Prints the names of the
# PNGs it wrote.
# Exit status: 0 when every map was written; 2 for bad arguments (nothing
# written); 1 when gnuplot failed or the file has no size block.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/plotlib.sh"
command -v gnuplot > /dev/null || usage_error pairs_heatmap.sh "needs gnuplot"
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    usage_error pairs_heatmap.sh "usage: pairs_heatmap.sh FILE.pairs.dat [OUT_PREFIX]"
fi
in=$1
prefix=${2:-${in%.dat}}
plain_path pairs_heatmap.sh "FILE.pairs.dat" "$in"
plain_path pairs_heatmap.sh "OUT_PREFIX" "$prefix"
[ -f "$in" ] || usage_error pairs_heatmap.sh "FILE.pairs.dat '$in' is not a file"
grep -q '^# elements [0-9]' "$in" ||
    usage_error pairs_heatmap.sh "FILE.pairs.dat '$in' is not a pair matrix file (no '# elements N' block)"
[ -d "$(dirname "$prefix")" ] ||
    usage_error pairs_heatmap.sh "OUT_PREFIX '$prefix': its folder does not exist"
ranks=$(awk '!/^#/ && NF { print NF; exit }' "$in")
title=$(sed -n '1s/^# mpigauge [^:]*: //p' "$in")
tics=""
[ "${ranks:-0}" -le 32 ] && tics="set xtics 1; set ytics 1"
what="one-way time (us)" xl="partner (world rank)" yl="sends first (world rank)"
if grep -q '^# bandwidth matrix' "$in"; then
    what="MB/s" xl="sends to (world rank)" yl="sends (world rank)"
fi
# in SVG every cell is a rectangle of its own: a browser would smooth an
# embedded bitmap's few pixels into a blur
pixels=""
[ "$(ext)" != svg ] || pixels=pixels
block=0
for elements in $(awk '/^# elements [0-9]/ { print $3 }' "$in"); do
    out="$prefix-$elements.$(ext)"
    plot <<GNUPLOT
$(term 640,560 10)
set output $(gq "$out")
set title $(gq "$title")."\n".$(gq "$elements elements: $what")
set xlabel $(gq "$xl")
set ylabel $(gq "$yl")
set xrange [-0.5:$ranks - 0.5]
set yrange [$ranks - 0.5:-0.5]
set size ratio -1
$tics
set palette rgbformulae 33,13,10
set cbrange [0:*]
plot $(gq "$in") index $block matrix with image $pixels notitle
GNUPLOT
    wrote "$out"
    block=$((block + 1))
done
[ "$written" -gt 0 ] && [ "$failed" = 0 ]
