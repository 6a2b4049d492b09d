#!/usr/bin/env bash
# sweep.sh [-l LAUNCH] [-a ARGS] [-b BINARY] [-o OUT] INPUT P1 P2 ...: runs INPUT for
# every rank count P (LAUNCH is the command that starts P ranks, %P where
# the count goes: default "mpirun -n %P"; it may be srun, or the simulated
# cluster's launcher; BINARY the mpigauge built for that MPI, default
# ./mpigauge, or PREFIX/bin/mpigauge when installed), collects the result folders under OUT (default
# results/sweep-<time>) and, for every BARRIER pattern record, writes
# OUT/sweep.dat (P, pattern, signal mode, bytes, measured mean
# per-iteration maximum, each model's prediction and relative error) and
# OUT/sweep.png: measured and predicted time against P per pattern, and
# the relative error, as the figures 5.6-5.13 of Meyer's thesis.
set -eu
launch="mpirun -n %P"
args=""
bin=""
out="results/sweep-$(date +%Y%m%d-%H%M%S)"
while getopts "l:a:b:o:" opt; do
    case $opt in
    l) launch=$OPTARG ;;
    b) bin=$OPTARG ;;
    a) args=$OPTARG ;;
    o) out=$OPTARG ;;
    *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
if [ $# -lt 2 ] || [ ! -f "$1" ]; then
    echo "usage: sweep.sh [-l LAUNCH] [-a ARGS] [-b BINARY] [-o OUT] INPUT P1 P2 ..." >&2
    exit 2
fi
input=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
# the source tree's ./mpigauge, or the installed one (make install puts
# this script in PREFIX/share/mpigauge/scripts, the binary in PREFIX/bin)
if [ -z "$bin" ]; then
    bin=$here/../mpigauge
    [ -x "$bin" ] || bin=$here/../../../bin/mpigauge
fi
for tool in gnuplot jq; do
    command -v $tool > /dev/null || { echo "sweep.sh needs $tool" >&2; exit 2; }
done
. "$here/plotlib.sh"
mkdir -p "$out"
dat="$out/sweep.dat"
echo "# P pattern signal bytes measured_us pred_us err pred_lsq_us err_lsq pred_loggp_us err_loggp" > "$dat"
for p in "$@"; do
    dir="$out/p$p"
    # shellcheck disable=SC2086
    ${launch//%P/$p} "$bin" --quiet $args -o "$dir" "$input" > /dev/null
    jq -r --argjson p "$p" '.records[] | select(.pattern != null) | . as $r
        | .points[] | [$p, ($r.pattern.name + (if $r.pattern.arity then ":\($r.pattern.arity)" else "" end)),
          $r.pattern.signal, .bytes, .iter_max_mean_us,
          .t_pred_us, .t_pred_lsq_us, .t_pred_loggp_us]
        | map(if . == null then "nan" else tostring end) | join(" ")' "$dir/run.json" |
        awk '{ m = $5; printf "%s %s %s %s %s", $1, $2, $3, $4, m
               for (k = 6; k <= 8; k++) printf " %s %s", $k,
                   ($k == "nan" || m <= 0) ? "nan" : ($k - m) / m
               printf "\n" }' >> "$dat"
done
# one file per pattern, signal mode and payload, rows over P, for gnuplot
rm -f "$out"/series-*.dat
awk -v out="$out" '!/^#/ { f = out "/series-" $2 "-" $3 "-" $4 ".dat"; gsub(":", "_", f)
                           print > f }' "$dat"
time_plot="" err_plot=""
for f in "$out"/series-*.dat; do
    [ -e "$f" ] || continue
    name=$(basename "$f" .dat)
    name=${name#series-}
    time_plot="$time_plot${time_plot:+, }'$f' using 1:5 with linespoints title '$name measured', '$f' using 1:6 with lines dashtype 2 title '$name predicted'"
    err_plot="$err_plot${err_plot:+, }'$f' using 1:7 with linespoints title '$name'"
done
plot <<GP
set terminal pngcairo size 1200,900 noenhanced
set output '$out/sweep.png'
set multiplot layout 2,1
set key outside right; set grid; set xtics 1
set xlabel 'ranks P'; set ylabel 'us per barrier'
plot $time_plot
set ylabel 'relative error of t_pred_us'; set yrange [-1:*]
plot $err_plot
unset multiplot
GP
echo "$dat"
echo "$out/sweep.png"
