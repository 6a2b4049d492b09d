#!/usr/bin/env bash
# plot.sh [-f png|svg] [-o OUT_DIR] RESULT_DIR: plots of an mpigauge result
# folder, with gnuplot, as PNG (or SVG: -f svg, what report.sh embeds) into
# RESULT_DIR/plots/ (or OUT_DIR, which must exist), printed one name a line
# (.png below is .svg with -f svg):
#   <record>-time.png       time per call against bytes, log-log: the band
#                           from the fastest to the slowest rank (or pair),
#                           the mean, and the median with its 95% interval
#   <record>-bandwidth.png  MB/s against bytes (data-moving calls)
#   <record>-rate.png       messages per second against bytes (MSGRATE:
#                           the records with a msg_rate column)
#   <record>-distribution.png  per size: the calls timed one by one, their
#                           median, p90, p99 and largest (p50_us ... pmax_us)
#   <record>-predicted.png  barrier patterns: the measured distribution of
#                           the per-iteration maximum (median, mean, p90)
#                           against the model's (t_pred_us, t_pred_mean_us,
#                           t_pred_p90_us)
#   overview-<family>.png   the mean time of every record of a call family
#                           (legend below the plot; ten colours, then
#                           dashed, dash-dotted and dotted lines: 40 apart)
#   <record>-pairs-<n>.png  DETAIL records: the pair matrix per size
#   <record>-matrix-<n>.png SHIFT records: the bandwidth matrix per size
#   <record>-comms.png      topologies of several communicators: each
#                           communicator's median time, one line each
#                           (lines and planes side by side)
# Columns are found by name in each data file's last header line, so
# files of any family (and with --papi columns) are read alike.
# Exit status: 0 when every plot was written; 2 for bad arguments (a clear
# message, nothing written, no plots/ made); 1 when gnuplot failed on a
# plot or there was nothing to plot (then no plots/ is left behind).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/plotlib.sh"
for tool in gnuplot jq; do
    command -v $tool > /dev/null || usage_error plot.sh "needs $tool"
done
usage="usage: plot.sh [-f png|svg] [-o OUT_DIR] RESULT_DIR (a folder with run.json)"
out=""
PLOT_FORMAT=png
while [ $# -gt 1 ]; do
    case $1 in
    -f) [ "${2:-}" = png ] || [ "${2:-}" = svg ] ||
            usage_error plot.sh "-f '${2:-}': the format is png or svg"
        PLOT_FORMAT=$2; shift 2 ;;
    -o) out=${2:-}; shift 2
        plain_path plot.sh OUT_DIR "$out"
        [ -d "$out" ] || usage_error plot.sh "OUT_DIR '$out' is not a folder" ;;
    *) usage_error plot.sh "'$1' is not an option; $usage" ;;
    esac
done
export PLOT_FORMAT
[ $# -eq 1 ] || usage_error plot.sh "$usage"
case $1 in -*) usage_error plot.sh "'$1' is not an option; $usage" ;; esac
result_dir plot.sh "RESULT_DIR" "$1"
dir=$1
out=${out:-$dir/plots}
SIZE="900,600"
x=$(ext)

# rows, and rows with bytes > 0
rows() { awk '!/^#/ && NF { n++ } END { print n + 0 }' "$1"; }
positive() { awk '!/^#/ && NF && $2 > 0 { n++ } END { print n + 0 }' "$1"; }
# rows where column c is a number > 0
finite() { awk -v c="$2" '!/^#/ && NF && $c != "nan" && $c > 0 { n++ } END { print n + 0 }' "$1"; }

# x axis: log bytes when the record has sizes above 0 bytes, else linear
xaxis() {
    if [ "$(positive "$1")" -gt 0 ]; then
        echo "set logscale x 2; set format x '2^{%L}'"
    else
        echo "set xrange [-1:1]"
    fi
}
# the x column's expression, written into each plot's using (not a
# gnuplot macro: macro expansion stops at a '"' inside the quoted path
# before it, and a folder named with one lost its plots)
xexpr() {
    if [ "$(positive "$1")" -gt 0 ]; then echo '($2 > 0 ? $2 : 1/0)'; else echo '($2)'; fi
}

time_plot() {   # data file, title, png
    local f=$1 c_min c_avg c_max c_med c_lo c_hi
    c_min=$(col "$f" t_min_us); c_avg=$(col "$f" t_avg_us); c_max=$(col "$f" t_max_us)
    c_med=$(col "$f" t_med_us); c_lo=$(col "$f" ci_lo_us); c_hi=$(col "$f" ci_hi_us)
    local med=""
    [ "$c_med" -gt 0 ] && [ "$(finite "$f" "$c_med")" -gt 0 ] &&
        med=", $(gq "$f") using $(xexpr "$f"):$c_med:$c_lo:$c_hi with yerrorbars lc rgb '#c0392b' pt 7 ps 0.6 title 'median, 95% interval'"
    plot <<GNUPLOT
$(term $SIZE)
set output $(gq "$3")
set title $(gq "$2") noenhanced
set xlabel 'bytes'
set ylabel 'time per call (us)'
set logscale y
set grid
set key top left
$(xaxis "$f")
plot $(gq "$f") using $(xexpr "$f"):$c_min:$c_max with filledcurves lc rgb '#aed6f1' title 'fastest to slowest', \
     $(gq "$f") using $(xexpr "$f"):$c_avg with linespoints lc rgb '#1f618d' pt 5 ps 0.6 title 'mean'$med
GNUPLOT
    wrote "$3"
}

bandwidth_plot() {
    local f=$1 c
    c=$(col "$f" mbps)
    [ "$c" -gt 0 ] && [ "$(finite "$f" "$c")" -gt 0 ] || return 0
    plot <<GNUPLOT
$(term $SIZE)
set output $(gq "$3")
set title $(gq "$2") noenhanced
set xlabel 'bytes'
set ylabel 'MB/s (10^6 bytes/s, from the mean time)'
set grid
set key top left
set logscale x 2; set format x '2^{%L}'
plot $(gq "$f") using (\$2 > 0 ? \$2 : 1/0):$c with linespoints lc rgb '#117a65' pt 7 ps 0.6 title 'bandwidth'
GNUPLOT
    wrote "$3"
}

rate_plot() {
    local f=$1 c
    c=$(col "$f" msg_rate)
    [ "$c" -gt 0 ] && [ "$(finite "$f" "$c")" -gt 0 ] || return 0
    plot <<GNUPLOT
$(term $SIZE)
set output $(gq "$3")
set title $(gq "$2") noenhanced
set xlabel 'bytes'
set ylabel 'messages per second, all pairs together'
set grid
set key top right
set logscale x 2; set format x '2^{%L}'
set format y '%.1s%c'
plot $(gq "$f") using (\$2 > 0 ? \$2 : 1/0):$c with linespoints lc rgb '#884ea0' pt 7 ps 0.6 title 'message rate'
GNUPLOT
    wrote "$3"
}

# per size: the calls' median, p90, p99 and largest (the p*_us columns)
distribution_plot() {   # data file, title, png
    local f=$1 c50 c90 c99 cmax
    c50=$(col "$f" p50_us); c90=$(col "$f" p90_us); c99=$(col "$f" p99_us)
    cmax=$(col "$f" pmax_us)
    [ "$c50" -gt 0 ] && [ "$(finite "$f" "$c50")" -gt 0 ] || return 0
    plot <<GNUPLOT
$(term $SIZE)
set output $(gq "$3")
set title $(gq "$2: calls timed one by one") noenhanced
set xlabel 'bytes'
set ylabel 'time per call (us)'
set logscale y
set grid
set key top left
$(xaxis "$f")
plot $(gq "$f") using $(xexpr "$f"):$c50 with linespoints pt 7 ps 0.6 title 'median (p50_us)' noenhanced, \
     $(gq "$f") using $(xexpr "$f"):$c90 with linespoints pt 5 ps 0.6 title '90th percentile (p90_us)' noenhanced, \
     $(gq "$f") using $(xexpr "$f"):$c99 with linespoints pt 9 ps 0.6 title '99th percentile (p99_us)' noenhanced, \
     $(gq "$f") using $(xexpr "$f"):$cmax with linespoints pt 11 ps 0.6 title 'largest (pmax_us)' noenhanced
GNUPLOT
    wrote "$3"
}

# barrier patterns: the measured distribution of the per-iteration maximum
# (median, mean, p90) against the model's (t_pred_us, t_pred_mean_us,
# t_pred_p90_us): against bytes, or for a record of 0 bytes only, one
# column per statistic
predicted_plot() {
    local f=$1 m_med m_mean m_p90 p_med p_mean p_p90
    m_med=$(col "$f" iter_max_median_us); m_mean=$(col "$f" iter_max_mean_us)
    m_p90=$(col "$f" p90_us)
    p_med=$(col "$f" t_pred_us); p_mean=$(col "$f" t_pred_mean_us)
    p_p90=$(col "$f" t_pred_p90_us)
    [ "$p_med" -gt 0 ] && [ "$(finite "$f" "$p_med")" -gt 0 ] || return 0
    local body
    if [ "$(positive "$f")" -gt 0 ]; then
        body="set xlabel 'bytes'; set logscale x 2; set format x '2^{%L}'
plot $(gq "$f") using (\$2 > 0 ? \$2 : 1/0):$m_med with linespoints lc 1 pt 7 title 'measured median', \
     $(gq "$f") using (\$2 > 0 ? \$2 : 1/0):$p_med with linespoints lc 1 pt 6 dt 2 title 'predicted median (t_pred_us)', \
     $(gq "$f") using (\$2 > 0 ? \$2 : 1/0):$m_mean with linespoints lc 2 pt 5 title 'measured mean', \
     $(gq "$f") using (\$2 > 0 ? \$2 : 1/0):$p_mean with linespoints lc 2 pt 4 dt 2 title 'predicted mean (t_pred_mean_us)', \
     $(gq "$f") using (\$2 > 0 ? \$2 : 1/0):$m_p90 with linespoints lc 3 pt 9 title 'measured p90 (p90_us)', \
     $(gq "$f") using (\$2 > 0 ? \$2 : 1/0):$p_p90 with linespoints lc 3 pt 8 dt 2 title 'predicted p90 (t_pred_p90_us)'"
    else
        body="set xrange [0.5:3.5]; set xtics ('median' 1, 'mean' 2, 'p90' 3)
set style data histogram; set boxwidth 0.35; set style fill solid 0.6
plot $(gq "$f") every ::0::0 using (1 - 0.18):$m_med with boxes lc 1 title 'measured (per-iteration maximum)', \
     $(gq "$f") every ::0::0 using (2 - 0.18):$m_mean with boxes lc 1 notitle, \
     $(gq "$f") every ::0::0 using (3 - 0.18):$m_p90 with boxes lc 1 notitle, \
     $(gq "$f") every ::0::0 using (1 + 0.18):$p_med with boxes lc 2 title 'predicted (signals drawn from their tails)', \
     $(gq "$f") every ::0::0 using (2 + 0.18):$p_mean with boxes lc 2 notitle, \
     $(gq "$f") every ::0::0 using (3 + 0.18):$p_p90 with boxes lc 2 notitle"
    fi
    plot <<GNUPLOT
$(term $SIZE)
set output $(gq "$3")
set title $(gq "$2: predicted and measured distribution") noenhanced
set termoption noenhanced
set ylabel 'barrier time on the slowest rank (us)'
set logscale y
set grid
set key top left
$body
GNUPLOT
    wrote "$3"
}

# each communicator's median (t_med_us, or its mean where a communicator
# had too few blocks for one) from <stem>.comms.dat, one line each
comms_plot() { # comms.dat title png
    local f=$1 n
    n=$(grep -c '^# communicator ' "$f")
    [ "$n" -gt 0 ] || return 0
    local lines="" i
    for i in $(seq 0 $((n - 1))); do
        local who
        who=$(grep "^# communicator $i:" "$f" | sed 's/^# communicator [0-9]*: world ranks //; s/ at .*//')
        lines+="$(gq "$f") index $i using $(xexpr "$f"):(\$6 == \$6 ? \$6 : \$4) with linespoints $(point_style "$i") ps 0.6 title $(gq "ranks $who"), "
    done
    plot <<GNUPLOT
$(term $SIZE)
set output $(gq "$3")
set title $(gq "$2: each communicator") noenhanced
$(xaxis "$f")
set xlabel 'bytes'
set ylabel 'median time per call (us)'
set logscale y
set grid
$(key_below)
plot ${lines%, }
GNUPLOT
    wrote "$3"
}

# one record a line: file<TAB>family<TAB>title<TAB>short title (the
# overviews' legends: WORLD and NOP left out), for the records with rows
list=$(mktemp)
trap 'rm -f "$list"' EXIT
jq -r '.records[] | select(.file != null) |
       [.file, .family, "\(.call) \(.datatype) on \(.topology), op \(.op) (\(.source // "line \(.line)"))",
        "\(.call) \(.datatype)\(if .topology == "WORLD" then "" else " " + .topology end)\(if .op == "NOP" then "" else " " + .op end) (\(.source // "line \(.line)"))"] | @tsv' \
    "$dir/run.json" |
    while IFS=$'\t' read -r file family title short; do
        [ -f "$dir/$file" ] && [ "$(rows "$dir/$file")" -gt 0 ] || continue
        printf '%s\t%s\t%s\t%s\n' "$file" "$family" "$title" "$short"
    done > "$list"
if [ ! -s "$list" ]; then
    echo "plot.sh: no record in $dir has data to plot; nothing written" >&2
    exit 1
fi
made_out=0
[ -d "$out" ] || made_out=1
mkdir -p "$out"
declare -A family_lines family_zero family_nzero family_n
while IFS=$'\t' read -r file family title short; do
    f="$dir/$file"
    [ -f "$f" ] && [ "$(rows "$f")" -gt 0 ] || continue
    stem=${file%.dat}
    time_plot "$f" "$title" "$out/$stem-time.$x"
    [ "$family" = synchronisation ] || bandwidth_plot "$f" "$title" "$out/$stem-bandwidth.$x"
    rate_plot "$f" "$title" "$out/$stem-rate.$x"
    distribution_plot "$f" "$title" "$out/$stem-distribution.$x"
    [ "$family" != synchronisation ] || predicted_plot "$f" "$title" "$out/$stem-predicted.$x"
    for side in pairs matrix; do
        [ -f "$dir/$stem.$side.dat" ] || continue
        if maps=$("$here/pairs_heatmap.sh" "$dir/$stem.$side.dat" "$out/$stem-$side"); then
            [ -z "$maps" ] || { echo "$maps"; written=$((written + $(echo "$maps" | wc -l))); }
        else
            failed=$((failed + 1))
        fi
    done
    if [ -f "$dir/$stem.comms.dat" ] && [ "$(rows "$dir/$stem.comms.dat")" -gt 0 ]; then
        comms_plot "$dir/$stem.comms.dat" "$title" "$out/$stem-comms.$x"
    fi
    c=$(col "$f" t_avg_us)
    key=${family//[^a-zA-Z0-9]/-}
    i=${family_n[$key]:-0}
    family_n[$key]=$((i + 1))
    if [ "$(finite "$f" "$c")" -gt 0 ] && [ "$(positive "$f")" -gt 0 ]; then
        family_lines[$key]+="$(gq "$f") using (\$2 > 0 ? \$2 : 1/0):$c with linespoints $(point_style "$i") ps 0.6 title $(gq "$short"), "
    elif [ "$(finite "$f" "$c")" -gt 0 ]; then
        # records of zero-byte sizes only (BARRIER): one column each
        n=$(( ${family_nzero[$key]:-0} + 1 ))
        family_nzero[$key]=$n
        family_zero[$key]+="$(gq "$f") using ($n):$c with points $(point_style "$i") ps 1.5 title $(gq "$short"), "
    fi
done < "$list"

for key in "${!family_lines[@]}" "${!family_zero[@]}"; do
    png="$out/overview-$key.$x"
    [ ! -f "$png" ] || continue       # a family with both kinds: done
    if [ -n "${family_lines[$key]:-}" ]; then
        axis="set xlabel 'bytes'; set logscale x 2; set format x '2^{%L}'"
        lines=${family_lines[$key]}
    else
        axis="set xlabel 'record'; set xrange [0:${family_nzero[$key]} + 1]; set xtics 1"
        lines=${family_zero[$key]}
    fi
    plot <<GNUPLOT
$(term 1200,800)
set output $(gq "$png")
set title $(gq "mean time per call, $key") noenhanced
$axis
set ylabel 'time per call (us)'
set logscale y
set grid
$(key_below)
plot ${lines%, }
GNUPLOT
    wrote "$png"
done
if [ "$written" = 0 ]; then
    [ "$made_out" = 0 ] || rmdir "$out" 2> /dev/null || true
    echo "plot.sh: no plot written for $dir" >&2
    exit 1
fi
if [ "$failed" -gt 0 ]; then
    echo "plot.sh: $failed plot(s) of $dir failed; $written written" >&2
    exit 1
fi
