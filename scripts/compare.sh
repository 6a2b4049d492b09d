#!/usr/bin/env bash
# compare.sh RUN_A RUN_B [OUT_DIR]: two result folders side by side.
# Records are matched by data file name (the same input gives the same
# names) and sizes by element count.  Prints one line per record and size:
#   file elements t_avg_A_us t_avg_B_us ratio(B/A)
# and writes into OUT_DIR (default RUN_B/compare-<name of RUN_A>/) one PNG
# per record with both runs' mean time against bytes, and ratio.png with
# every record's ratio against bytes.
set -eu
if [ $# -lt 2 ] || [ ! -f "$1/run.json" ] || [ ! -f "$2/run.json" ]; then
    echo "usage: compare.sh RUN_A RUN_B [OUT_DIR] (folders with run.json)" >&2
    exit 2
fi
a=$1 b=$2
out=${3:-$b/compare-$(basename "$a")}
mkdir -p "$out"
. "$(dirname "$0")/plotlib.sh"
# "elements bytes t_avg_us" rows of a data file
avg_rows() {
    awk -v c="$(col "$1" t_avg_us)" '!/^#/ && NF && c { print $1, $2, $c }' "$1"
}
printf '# %s vs %s: t_avg_us per record and size, ratio = B / A\n' "$a" "$b"
printf '# file elements t_avg_A_us t_avg_B_us ratio\n'
ratios=""
n=0
for f in $(jq -r '.records[] | select(.file != null) | .file' "$a/run.json"); do
    [ -f "$a/$f" ] && [ -f "$b/$f" ] || continue
    stem=${f%.dat}
    joined="$out/$stem.ratio.dat"
    # elements bytes tA tB ratio, for sizes both runs measured
    awk 'NR == FNR { t[$1] = $3; next } ($1 in t) && t[$1] + 0 > 0 && $3 != "nan" {
             printf "%s %s %s %s %.4f\n", $1, $2, t[$1], $3, $3 / t[$1] }' \
        <(avg_rows "$a/$f") <(avg_rows "$b/$f") > "$joined"
    [ -s "$joined" ] || { rm -f "$joined"; continue; }
    awk -v f="$f" '{ printf "%-48s %10s %12s %12s %8s\n", f, $1, $3, $4, $5 }' "$joined"
    if awk '$2 > 0 { found = 1 } END { exit !found }' "$joined"; then
        axis="set logscale x 2; set format x '2^{%L}'"; x='($2 > 0 ? $2 : 1/0)'
    else
        axis="set xrange [-1:1]"; x='2'
    fi
    plot <<GNUPLOT
set terminal pngcairo size 900,600
set output '$out/$stem.png'
set title "$stem: mean time per call" noenhanced
set xlabel 'bytes'
set ylabel 'time per call (us)'
set logscale y
set grid
set key top left noenhanced
$axis
plot '$joined' using $x:3 with linespoints pt 7 ps 0.6 title "A: $a", \
     '$joined' using $x:4 with linespoints pt 5 ps 0.6 title "B: $b"
GNUPLOT
    n=$((n + 1))
    if awk '$2 > 0 { found = 1 } END { exit !found }' "$joined"; then
        ratios+="'$joined' using (\$2 > 0 ? \$2 : 1/0):5 with linespoints pt 7 ps 0.5 title '$stem', "
    fi
done
if [ -n "$ratios" ]; then
    plot <<GNUPLOT
set terminal pngcairo size 1200,800
set output '$out/ratio.png'
set title "time ratio B / A (B: $b, A: $a)" noenhanced
set xlabel 'bytes'
set ylabel 'B / A'
set logscale x 2; set format x '2^{%L}'
set grid
set key outside right top noenhanced font ",8"
plot 1 with lines lc rgb 'black' dt 2 notitle, ${ratios%, }
GNUPLOT
fi
echo "# $n records compared; plots in $out/" >&2
