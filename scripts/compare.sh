#!/usr/bin/env bash
# compare.sh [--fail-above P%] [--tolerance P%] [--json] [--allow-different]
#            [--plots|--no-plots] A B [OUT_DIR]: did B get slower than A?
# A and B are two launch sets (scripts/launches.sh) or two result folders.
# The verdicts are mpigauge's (mpigauge --compare; docs/report.md, Did it
# get slower?): per size the ratio B/A with its 95% interval (for sets,
# from the launches' medians, the launch as the unit; for single runs,
# from each run's own interval, which covers the noise within one launch
# only), and slower or faster when the interval lies wholly beyond 1,
# no-change when it lies within the tolerance (--tolerance, else
# --fail-above's P, else 5%), undecided otherwise.  Unlike runs (their
# fingerprints differ: library, ranks, nodes, input, build, settings) are
# refused naming every difference, unless --allow-different.  Prints one
# line per record and size:
#   file elements t_A_us t_B_us ratio lo hi n_A n_B verdict
# then a summary line per record, the sizes left unsettled and why, and
# the launch modes; --json prints mpigauge --compare --json's instead.
# Plots (one PNG per record with both sides' medians and intervals, and
# ratio.png: each size's ratio with its interval) go to OUT_DIR (default
# B/compare-<name of A>/) when gnuplot is there, or always with --plots;
# --no-plots draws none.  The verdicts never need gnuplot.
# --fail-above P%: exit 1 when a record has a size whose whole interval
# lies above 1 + P/100 (a CI gate).  The percentages are mpigauge's to
# read (one parser: digits, an optional fraction, an optional %).
# Exit status: 0 compared and nothing regressed; 1 a record regressed,
# nothing could be compared, or a plot failed; 2 bad arguments or unlike
# runs (a clear message, nothing written, no folder made).
# MPIGAUGE= names the mpigauge binary (default: the one beside scripts/).
set -eu
. "$(dirname "$0")/plotlib.sh"
command -v jq > /dev/null || usage_error compare.sh "needs jq"
usage="usage: compare.sh [--fail-above P%] [--tolerance P%] [--json] [--allow-different] [--plots|--no-plots] A B [OUT_DIR] (launch sets or folders with run.json)"
gate=() json=0 allow=() plots=auto
while [ $# -gt 0 ]; do
    case $1 in
    --fail-above|--tolerance) [ $# -ge 2 ] || usage_error compare.sh "$1 needs a percentage, e.g. $1 5%"
        gate+=("$1" "$2"); shift 2 ;;
    --fail-above=*|--tolerance=*) gate+=("${1%%=*}" "${1#*=}"); shift ;;
    --json) json=1; shift ;;
    --allow-different) allow=(--allow-different); shift ;;
    --plots) plots=yes; shift ;;
    --no-plots) plots=no; shift ;;
    --) shift; break ;;
    -*) usage_error compare.sh "unknown option '$1'; $usage" ;;
    *) break ;;
    esac
done
[ $# -ge 2 ] && [ $# -le 3 ] || usage_error compare.sh "$usage"
# side WHAT DIR: a result folder, or a launch set (launch-K folders)
side() {
    plain_path compare.sh "$1" "$2"
    [ -d "$2" ] || usage_error compare.sh "$1 '$2' is not a folder"
    if [ -f "$2/run.json" ]; then
        result_dir compare.sh "$1" "$2"
    elif ! ls -d "$2"/launch-[0-9]* > /dev/null 2>&1; then
        usage_error compare.sh "$1 '$2' is not an mpigauge result folder (no run.json) nor a launch set (no launch-K folder)"
    fi
}
side RUN_A "$1"
side RUN_B "$2"
a=$1 b=$2
out=${3:-$b/compare-$(basename "$a")}
plain_path compare.sh OUT_DIR "$out"
[ ! -e "$out" ] || [ -d "$out" ] || usage_error compare.sh "OUT_DIR '$out' exists and is not a folder"
[ -d "$(dirname "$out")" ] || usage_error compare.sh "OUT_DIR '$out': its parent folder does not exist"
if [ "$plots" = auto ]; then
    plots=no
    [ "$json" = 1 ] || ! command -v gnuplot > /dev/null || plots=yes
fi
[ "$plots" = no ] || command -v gnuplot > /dev/null || usage_error compare.sh "--plots needs gnuplot"
mpigauge=${MPIGAUGE:-$(cd "$(dirname "$0")/.." && pwd)/mpigauge}
[ -x "$mpigauge" ] || usage_error compare.sh "no mpigauge binary at '$mpigauge': build it (make) or set MPIGAUGE="
verdicts=$(mktemp)
trap 'rm -f "$verdicts"' EXIT
set +e
"$mpigauge" --compare "$a" "$b" "${gate[@]}" "${allow[@]}" --json > "$verdicts"
rc=$?
set -e
[ "$rc" != 2 ] || exit 2
if [ "$json" = 1 ]; then
    cat "$verdicts"
else
    "$mpigauge" --compare "$a" "$b" "${gate[@]}" "${allow[@]}" 2> /dev/null || true
fi
n=$(jq '.records | length' "$verdicts")
failed=0
if [ "$plots" = no ] || [ "$n" = 0 ]; then
    [ "$n" != 0 ] || echo "compare.sh: no record of $a has sizes measured in $b too; nothing written" >&2
    exit "$rc"
fi
ratios=""
mkdir -p "$out"
for i in $(seq 0 $((n - 1))); do
    f=$(jq -r ".records[$i].file" "$verdicts")
    stem=${f%.dat}
    joined="$out/$stem.ratio.dat"
    # elements bytes tA loA hiA tB loB hiB ratio ratio_lo ratio_hi verdict
    jq -r ".records[$i].sizes[] | [.elements, .bytes, .t_a_us, .a_lo_us, .a_hi_us, .t_b_us, .b_lo_us, .b_hi_us, .ratio, .ratio_lo, .ratio_hi, .verdict] | map(if . == null then \"nan\" else tostring end) | join(\" \")" "$verdicts" > "$joined"
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
        ratios+="$(gq "$joined") using (\$2 > 0 ? \$2 * (1 + 0.04 * ($i % 5 - 2)) : 1/0):9:10:11 with yerrorlines $(point_style "$i") ps 0.6 title $(gq "$stem"), "
    fi
done
if [ -n "$ratios" ]; then
    plot <<GNUPLOT
$(PLOT_FORMAT=png term 1200,800)
set output $(gq "$out/ratio.png")
set title $(gq "time ratio B / A with its 95% interval (B: $b, A: $a)") noenhanced
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
echo "# $n records compared; plots in $out/" >&2
if [ "$failed" -gt 0 ]; then
    echo "compare.sh: $failed plot(s) failed" >&2
    exit 1
fi
exit "$rc"
