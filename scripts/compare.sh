#!/usr/bin/env bash
# compare.sh RUN_A RUN_B [OUT_DIR]: two result folders side by side.
# Records are matched by data file name (the same input gives the same
# names) and sizes by element count.  Prints one line per record and size:
#   file elements t_avg_A_us t_avg_B_us ratio(B/A)
# and writes into OUT_DIR (default RUN_B/compare-<name of RUN_A>/) one PNG
# per record with both runs' mean time against bytes, and ratio.png with
# every record's ratio against bytes.
# Exit status: 0 when at least one record was compared and every plot
# written; 2 for bad arguments (a clear message, nothing written, no
# folder made); 1 when no record could be compared (then no OUT_DIR is
# left behind) or gnuplot failed on a plot.
set -eu
. "$(dirname "$0")/plotlib.sh"
for tool in gnuplot jq; do
    command -v $tool > /dev/null || usage_error compare.sh "needs $tool"
done
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
    usage_error compare.sh "usage: compare.sh RUN_A RUN_B [OUT_DIR] (folders with run.json)"
fi
result_dir compare.sh RUN_A "$1"
result_dir compare.sh RUN_B "$2"
a=$1 b=$2
out=${3:-$b/compare-$(basename "$a")}
plain_path compare.sh OUT_DIR "$out"
[ ! -e "$out" ] || [ -d "$out" ] || usage_error compare.sh "OUT_DIR '$out' exists and is not a folder"
[ -d "$(dirname "$out")" ] || usage_error compare.sh "OUT_DIR '$out': its parent folder does not exist"
made_out=0
[ -d "$out" ] || made_out=1
# "elements bytes t_avg_us" rows of a data file
avg_rows() {
    awk -v c="$(col "$1" t_avg_us)" '!/^#/ && NF && c { print $1, $2, $c }' "$1"
}
printf '# %s vs %s: t_avg_us per record and size, ratio = B / A\n' "$a" "$b"
printf '# file elements t_avg_A_us t_avg_B_us ratio\n'
ratios=""
n=0
files=$(mktemp)
trap 'rm -f "$files"' EXIT
jq -r '.records[] | select(.file != null) | .file' "$a/run.json" > "$files"
mkdir -p "$out"
while IFS= read -r f; do
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
set output $(gq "$out/$stem.png")
set title $(gq "$stem: mean time per call") noenhanced
set xlabel 'bytes'
set ylabel 'time per call (us)'
set logscale y
set grid
set key top left noenhanced
$axis
plot $(gq "$joined") using $x:3 with linespoints pt 7 ps 0.6 title $(gq "A: $a"), \
     $(gq "$joined") using $x:4 with linespoints pt 5 ps 0.6 title $(gq "B: $b")
GNUPLOT
    wrote "$out/$stem.png" > /dev/null
    n=$((n + 1))
    if awk '$2 > 0 { found = 1 } END { exit !found }' "$joined"; then
        ratios+="$(gq "$joined") using (\$2 > 0 ? \$2 : 1/0):5 with linespoints pt 7 ps 0.5 title $(gq "$stem"), "
    fi
done < "$files"
if [ -n "$ratios" ]; then
    plot <<GNUPLOT
set terminal pngcairo size 1200,800
set output $(gq "$out/ratio.png")
set title $(gq "time ratio B / A (B: $b, A: $a)") noenhanced
set xlabel 'bytes'
set ylabel 'B / A'
set logscale x 2; set format x '2^{%L}'
set grid
set key outside right top noenhanced font ",8"
plot 1 with lines lc rgb 'black' dt 2 notitle, ${ratios%, }
GNUPLOT
    wrote "$out/ratio.png" > /dev/null
fi
if [ "$n" = 0 ]; then
    [ "$made_out" = 0 ] || rm -rf "$out"
    echo "compare.sh: no record of $a has sizes measured in $b too; nothing written" >&2
    exit 1
fi
echo "# $n records compared; plots in $out/" >&2
if [ "$failed" -gt 0 ]; then
    echo "compare.sh: $failed plot(s) failed" >&2
    exit 1
fi
