#!/usr/bin/env bash
# compare.sh [--fail-above P%] RUN_A RUN_B [OUT_DIR]: did B get slower
# than A?  Records are matched by data file name (the same input gives the
# same names) and sizes by element count.  Prints one line per record and
# size:
#   file elements t_A_us t_B_us ratio verdict
# t: the median time per call (t_med_us; the mean, t_avg_us, where a size
# has no median), ratio = B / A, verdict: slower, faster or same by the
# rule of plotlib.sh's compare_rows (B's 95% interval wholly above A's,
# wholly below, overlapping; unknown without intervals; docs/report.md),
# then a summary line per record (its sizes by verdict, the worst
# regression and where), and writes into OUT_DIR (default
# RUN_B/compare-<name of RUN_A>/) one PNG per record with both runs'
# medians and intervals against bytes, and ratio.png with every record's
# ratio against bytes.
# --fail-above P%: a record regressed when one of its sizes is slower and
# its ratio exceeds 1 + P/100; any such record makes the exit status 1
# (a CI gate).  The verdicts do not change with it.
# Exit status: 0 when at least one record was compared, every plot
# written and (with --fail-above) no record regressed; 2 for bad
# arguments (a clear message, nothing written, no folder made); 1 when
# a record regressed, no record could be compared (then no OUT_DIR is
# left behind) or gnuplot failed on a plot.
set -eu
. "$(dirname "$0")/plotlib.sh"
for tool in gnuplot jq; do
    command -v $tool > /dev/null || usage_error compare.sh "needs $tool"
done
usage="usage: compare.sh [--fail-above P%] RUN_A RUN_B [OUT_DIR] (folders with run.json)"
fail_above=""
case ${1:-} in
--fail-above) [ $# -ge 2 ] || usage_error compare.sh "--fail-above needs a percentage, e.g. --fail-above 5%"
    fail_above=$(percent compare.sh --fail-above "$2"); shift 2 ;;
--fail-above=*) fail_above=$(percent compare.sh --fail-above "${1#*=}"); shift ;;
-*) usage_error compare.sh "unknown option '$1'; $usage" ;;
esac
[ $# -ge 2 ] && [ $# -le 3 ] || usage_error compare.sh "$usage"
result_dir compare.sh RUN_A "$1"
result_dir compare.sh RUN_B "$2"
a=$1 b=$2
out=${3:-$b/compare-$(basename "$a")}
plain_path compare.sh OUT_DIR "$out"
[ ! -e "$out" ] || [ -d "$out" ] || usage_error compare.sh "OUT_DIR '$out' exists and is not a folder"
[ -d "$(dirname "$out")" ] || usage_error compare.sh "OUT_DIR '$out': its parent folder does not exist"
made_out=0
[ -d "$out" ] || made_out=1
printf '# %s vs %s: median time per call (the mean where a size has none), ratio = B / A,\n' "$a" "$b"
printf '# verdict: slower/faster when the 95%% intervals do not overlap, else same (docs/report.md)\n'
printf '# file elements t_A_us t_B_us ratio verdict\n'
ratios=""
n=0
regressed=0
files=$(mktemp)
summary=$(mktemp)
trap 'rm -f "$files" "$summary"' EXIT
jq -r '.records[] | select(.file != null) | .file' "$a/run.json" > "$files"
mkdir -p "$out"
while IFS= read -r f; do
    [ -f "$a/$f" ] && [ -f "$b/$f" ] || continue
    stem=${f%.dat}
    joined="$out/$stem.ratio.dat"
    compare_rows "$a/$f" "$b/$f" > "$joined"
    [ -s "$joined" ] || { rm -f "$joined"; continue; }
    awk -v f="$f" '{ printf "%-48s %10s %12s %12s %8s %s\n", f, $1, $3, $6, $9, $10 }' "$joined"
    # sizes by verdict, the worst regression; "regressed" past the gate
    awk -v f="$f" -v gate="$fail_above" '
        { n[$10]++ }
        $10 == "slower" && $9 > worst { worst = $9; at = $1; bytes = $2 }
        END {
            line = sprintf("summary %s: %d slower, %d faster, %d same, %d unknown", f,
                           n["slower"], n["faster"], n["same"], n["unknown"])
            if (worst) line = line sprintf("; worst +%.1f%% at %s elements (%s bytes)", (worst - 1) * 100, at, bytes)
            if (gate != "" && worst > 1 + gate / 100) line = line sprintf(": REGRESSED beyond %s%%", gate)
            print line
        }' "$joined" >> "$summary"
    if awk '$2 > 0 { found = 1 } END { exit !found }' "$joined"; then
        axis="set logscale x 2; set format x '2^{%L}'"; x='($2 > 0 ? $2 : 1/0)'
    else
        axis="set xrange [-1:1]"; x='2'
    fi
    plot <<GNUPLOT
$(PLOT_FORMAT=png term 900,600)
set output $(gq "$out/$stem.png")
set title $(gq "$stem: median time per call, 95% interval") noenhanced
set xlabel 'bytes'
set ylabel 'time per call (us)'
set logscale y
set grid
set key top left noenhanced
$axis
plot $(gq "$joined") using $x:3 with lines $(line_style 0) notitle, \
     $(gq "$joined") using $x:3:4:5 with yerrorbars $(point_style 0) title $(gq "A: $a"), \
     $(gq "$joined") using $x:6 with lines $(line_style 3) notitle, \
     $(gq "$joined") using $x:6:7:8 with yerrorbars $(point_style 3) title $(gq "B: $b")
GNUPLOT
    wrote "$out/$stem.png" > /dev/null
    if awk '$2 > 0 { found = 1 } END { exit !found }' "$joined"; then
        ratios+="$(gq "$joined") using (\$2 > 0 ? \$2 : 1/0):9 with linespoints $(point_style "$n") ps 0.6 title $(gq "$stem"), "
    fi
    n=$((n + 1))
done < "$files"
cat "$summary"
if [ -n "$ratios" ]; then
    plot <<GNUPLOT
$(PLOT_FORMAT=png term 1200,800)
set output $(gq "$out/ratio.png")
set title $(gq "time ratio B / A (B: $b, A: $a)") noenhanced
set xlabel 'bytes'
set ylabel 'B / A (log scale)'
set logscale x 2; set format x '2^{%L}'
set logscale y 2
set grid
$(key_below)
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
if [ -n "$fail_above" ]; then
    regressed=$(grep -c ': REGRESSED beyond' "$summary" || true)
    if [ "$regressed" -gt 0 ]; then
        echo "compare.sh: $regressed record(s) of $b are slower than $a by more than $fail_above%:" >&2
        grep ': REGRESSED beyond' "$summary" | sed 's/^summary /  /; s/: REGRESSED beyond.*//' >&2
    else
        echo "# no record is slower than $a by more than $fail_above%" >&2
    fi
fi
if [ "$failed" -gt 0 ]; then
    echo "compare.sh: $failed plot(s) failed" >&2
    exit 1
fi
[ "$regressed" = 0 ]
