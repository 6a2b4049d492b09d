#!/usr/bin/env bash
# sweep.sh [-l LAUNCH] [-a ARGS] [-b BINARY] [-o OUT] INPUT P1 P2 ...: runs INPUT for
# every rank count P (LAUNCH is the command that starts P ranks, %P where
# the count goes: default "mpirun -n %P"; it may be srun, or the simulated
# cluster's launcher; BINARY the mpigauge built for that MPI, default
# ./mpigauge, or PREFIX/bin/mpigauge when installed), collects the result folders under OUT (default
# results/sweep-<time>) and, for every BARRIER pattern record, writes
# OUT/sweep.dat (P, pattern, signal mode, bytes, measured mean
# per-iteration maximum, each model's prediction and relative error, then
# the measured median and 90th percentile against t_pred_us and
# t_pred_p90_us, the predicted distribution's) and
# OUT/sweep.png: measured and predicted time against P per pattern, and
# the relative error, as the figures 5.6-5.13 of Meyer's thesis.
#
# A run that exits non-zero but leaves a run.json (3: an MPI error stopped
# a record; 4: --keep-going skipped some; 1: a check failed ...) still
# gives the rows of its records whose status is "done"; the others are
# named on stderr.  Exit status: 0 when every run completed; 2 for bad
# arguments (a clear message naming the argument; nothing run, no OUT
# made); 3 when sweep.dat and sweep.png were written but some run did not
# complete (said on stderr); 1 when no row was gathered (no sweep.dat or
# sweep.png is left).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/plotlib.sh"
launch="mpirun -n %P"
args=""
bin=""
out="results/sweep-$(date +%Y%m%d-%H%M%S)"
usage="usage: sweep.sh [-l LAUNCH] [-a ARGS] [-b BINARY] [-o OUT] INPUT P1 P2 ..."
while getopts "l:a:b:o:" opt; do
    case $opt in
    l) launch=$OPTARG ;;
    b) bin=$OPTARG ;;
    a) args=$OPTARG ;;
    o) out=$OPTARG ;;
    *) usage_error sweep.sh "$usage" ;;
    esac
done
shift $((OPTIND - 1))
for tool in gnuplot jq; do
    command -v $tool > /dev/null || usage_error sweep.sh "needs $tool"
done
[ $# -ge 2 ] || usage_error sweep.sh "$usage"
input=$1
shift
[ -f "$input" ] && [ -r "$input" ] || usage_error sweep.sh "INPUT '$input' is not a readable file"
# the source tree's ./mpigauge, or the installed one (make install puts
# this script in PREFIX/share/mpigauge/scripts, the binary in PREFIX/bin)
if [ -z "$bin" ]; then
    bin=$here/../mpigauge
    [ -x "$bin" ] || bin=$here/../../../bin/mpigauge
fi
[ -f "$bin" ] && [ -x "$bin" ] || usage_error sweep.sh "BINARY (-b) '$bin' is not an executable file"
case $launch in
*%P*) ;;
*) usage_error sweep.sh "LAUNCH (-l) '$launch' has no %P where the rank count goes" ;;
esac
plain_path sweep.sh "OUT (-o)" "$out"
[ ! -e "$out" ] || [ -d "$out" ] || usage_error sweep.sh "OUT (-o) '$out' exists and is not a folder"
seen=" "
for p in "$@"; do
    [[ $p =~ ^[1-9][0-9]{0,6}$ ]] ||
        usage_error sweep.sh "rank count '$p' is not a whole number of at least 1"
    case $seen in
    *" $p "*) usage_error sweep.sh "rank count $p given twice" ;;
    esac
    seen+="$p "
done
mkdir -p "$out"
dat="$out/sweep.dat"
rm -f "$dat" "$out/sweep.png" "$out"/series-*.dat
rows=$(mktemp)
trap 'rm -f "$rows"' EXIT
incomplete=0
for p in "$@"; do
    dir="$out/p$p"
    rc=0
    # shellcheck disable=SC2086
    ${launch//%P/$p} "$bin" --quiet $args -o "$dir" "$input" > /dev/null || rc=$?
    if [ "$rc" != 0 ]; then
        incomplete=1
        if [ ! -f "$dir/run.json" ]; then
            echo "sweep.sh: P=$p: mpigauge exited $rc and wrote no run.json: no rows for P=$p" >&2
            continue
        fi
        echo "sweep.sh: P=$p: mpigauge exited $rc; the records it completed are kept" >&2
    fi
    # the records that did not complete, named (a pattern record's rows
    # are not in sweep.dat then)
    jq -r --argjson p "$p" '.records[] | select(.status != "done")
        | "sweep.sh: P=\($p): the record on line \(.line) (\(.text // .call)) is \(.status // "unknown")\(if .error then ": " + .error else "" end)\(if .skipped then ": " + .skipped else "" end)"' \
        "$dir/run.json" >&2 || true
    jq -r --argjson p "$p" '.records[] | select(.pattern != null and .status == "done") | . as $r
        | .points[] | [$p, ($r.pattern.name + (if $r.pattern.arity then ":\($r.pattern.arity)" else "" end)),
          $r.pattern.signal, .bytes, .iter_max_mean_us,
          .t_pred_mean_us, .t_pred_lsq_us, .t_pred_loggp_us,
          .iter_max_median_us, .t_pred_us, .p90_us, .t_pred_p90_us]
        | map(if . == null then "nan" else tostring end) | join(" ")' "$dir/run.json" |
        awk 'function err(x, m) { return (x == "nan" || m == "nan" || m <= 0) ? "nan" : (x - m) / m }
             { m = $5; printf "%s %s %s %s %s", $1, $2, $3, $4, m
               for (k = 6; k <= 8; k++) printf " %s %s", $k, err($k, m)
               printf " %s %s %s %s %s %s\n", $9, $10, err($10, $9), $11, $12, err($12, $11) }' >> "$rows" ||
        echo "sweep.sh: P=$p: $dir/run.json could not be read" >&2
done
if [ ! -s "$rows" ]; then
    echo "sweep.sh: no BARRIER pattern record completed at any rank count: no sweep.dat or sweep.png written (the runs are in $out)" >&2
    exit 1
fi
{
    echo "# measured_us: the mean per-iteration maximum, pred_us its prediction (t_pred_mean_us: the signals' tails drawn); median_us, p90_us: the measured median and 90th percentile, t_pred_us, t_pred_p90_us the predicted ones; err: (predicted - measured) / measured"
    echo "# P pattern signal bytes measured_us pred_us err pred_lsq_us err_lsq pred_loggp_us err_loggp median_us t_pred_us err_median p90_us t_pred_p90_us err_p90"
    cat "$rows"
} > "$dat"
# one file per pattern, signal mode and payload, rows over P, for gnuplot
awk -v out="$out" '!/^#/ { f = out "/series-" $2 "-" $3 "-" $4 ".dat"; gsub(":", "_", f)
                           print > f }' "$dat"
time_plot="" err_plot=""
for f in "$out"/series-*.dat; do
    [ -e "$f" ] || continue
    name=$(basename "$f" .dat)
    name=${name#series-}
    time_plot="$time_plot${time_plot:+, }$(gq "$f") using 1:5 with linespoints title $(gq "$name measured mean"), $(gq "$f") using 1:6 with lines dashtype 2 title $(gq "$name predicted mean"), $(gq "$f") using 1:12 with linespoints pt 6 title $(gq "$name measured median"), $(gq "$f") using 1:13 with lines dashtype 3 title $(gq "$name predicted median")"
    err_plot="$err_plot${err_plot:+, }$(gq "$f") using 1:7 with linespoints title $(gq "$name mean"), $(gq "$f") using 1:14 with linespoints pt 6 title $(gq "$name median")"
done
plot <<GP
set terminal pngcairo size 1200,900 noenhanced
set output $(gq "$out/sweep.png")
set multiplot layout 2,1
set key outside right; set grid; set xtics 1
set xlabel 'ranks P'; set ylabel 'us per barrier'
plot $time_plot
set ylabel 'relative error (mean, median)'; set yrange [-1:*]
plot $err_plot
unset multiplot
GP
echo "$dat"
wrote "$out/sweep.png"
[ "$failed" = 0 ] || exit 1
if [ "$incomplete" = 1 ]; then
    echo "sweep.sh: some runs did not complete (above); sweep.dat holds the records they completed" >&2
    exit 3
fi
