#!/usr/bin/env bash
# pairs_heatmap.sh FILE.pairs.dat [OUT_PREFIX]
# Draws each size block of a DETAIL record's pair matrix as a heat map PNG
# (gnuplot): OUT_PREFIX-<elements>.png, row = the rank that sends first,
# column = its partner, colour = one-way time in microseconds; pairs not
# measured stay blank.  Prints the names of the PNGs it wrote.
set -eu
if [ $# -lt 1 ] || [ ! -f "$1" ]; then
    echo "usage: pairs_heatmap.sh FILE.pairs.dat [OUT_PREFIX]" >&2
    exit 2
fi
in=$1
prefix=${2:-${in%.dat}}
ranks=$(awk '!/^#/ && NF { print NF; exit }' "$in")
title=$(sed -n '1s/^# mpigauge [^:]*: //p' "$in")
tics=""
[ "$ranks" -le 32 ] && tics="set xtics 1; set ytics 1"
block=0
for elements in $(awk '/^# elements [0-9]/ { print $3 }' "$in"); do
    out="$prefix-$elements.png"
    # gnuplot warns about the nan cells, which are meant to stay blank
    gnuplot 2>&1 <<GNUPLOT | { grep -v 'missing or undefined values' >&2 || true; }
set terminal pngcairo size 640,560 font ",10"
set output '$out'
set title "$title\n$elements elements: one-way time (us)"
set xlabel 'partner (world rank)'
set ylabel 'sends first (world rank)'
set xrange [-0.5:$ranks - 0.5]
set yrange [$ranks - 0.5:-0.5]
set size ratio -1
$tics
set palette rgbformulae 33,13,10
set cbrange [0:*]
plot '$in' index $block matrix with image notitle
GNUPLOT
    echo "$out"
    block=$((block + 1))
done
