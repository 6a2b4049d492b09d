#!/usr/bin/env bash
# thesis_sweep.sh [-o OUT] [-i ITERS] [-a "P ..."] [-b "P ..."] [-p PLACEMENTS] [-g IMG] [-r] [-m] [-s]
# reproduces the thesis's barrier results at scale on the simulated
# clusters (docs/thesis-at-scale.md): LINEAR, TREE, DISSEMINATION, PAIRWISE
# and HYBRID measured against predicted over P, on thesis-8x2x4 (-a, default
# 8 16 24 32 40 48 56 64) and thesis-12x2x6 (-b, default 12 24 48 72 96 120
# 144), in block and round-robin placement (-p "block round-robin"), with
# ITERS iterations per barrier (-i, default 30; 3 warm-up).  One run per
# platform, placement and P measures the pairwise parameters once and
# reuses them for every pattern; a second, cheap run times MPI_Barrier
# under SMPI's Open MPI tree barrier (smpi/barrier:ompi_tree).
#
# Runs go one at a time (flock OUT/.lock) under nice -n 10 into OUT (default
# results/thesis-sweep) as OUT/<platform>/<placement>/p<P> and p<P>-tree;
# a run whose run.json says complete is kept (an interrupted sweep resumes).
# Then OUT/tables.md (errors per pattern, median |error| over the sweep,
# HYBRID's groups against the nodes, HYBRID against MPI_Barrier, the
# parameters' simulated and wall times) and OUT/<platform>-<placement>.dat,
# and the plots, PNG by gnuplot, in IMG (default OUT).  -r: no runs, only
# the tables and plots from what OUT holds.  -m: the predictions are this
# build's model (./mpigauge --predict on each run's parameter matrices;
# HYBRID on the pattern the run built and measured, its .hybrid.pat), not
# the t_pred_us the runs recorded (a model changed since the runs; timer
# reads, 0.01 us an iteration under SMPI, are not added).  -s: every
# barrier alone from a common start (--sync window, the thesis's isolated
# barriers), predicted from a simultaneous start (docs/thesis-at-scale.md,
# "Isolated barriers").
# Bad arguments: a message, exit 2, nothing run.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
usage="usage: thesis_sweep.sh [-o OUT] [-i ITERS] [-a \"P ...\"] [-b \"P ...\"] [-p PLACEMENTS] [-g IMG] [-r] [-m] [-s]"
die() {
    echo "thesis_sweep.sh: $*" >&2
    echo "$usage" >&2
    exit 2
}
out=results/thesis-sweep
iters=30
ps8="8 16 24 32 40 48 56 64"
ps12="12 24 48 72 96 120 144"
placements="block round-robin"
img=""
runs=1
repredict=0
sync=()
while getopts "o:i:a:b:p:g:rms" opt; do
    case $opt in
    o) out=$OPTARG ;;
    i) iters=$OPTARG ;;
    a) ps8=$OPTARG ;;
    b) ps12=$OPTARG ;;
    p) placements=$OPTARG ;;
    g) img=$OPTARG ;;
    r) runs=0 ;;
    m) repredict=1 ;;
    s) sync=(--sync window) ;;
    *) die "unknown option" ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 0 ] || die "no arguments after the options ('$1')"
[[ $iters =~ ^[1-9][0-9]{0,5}$ ]] || die "-i ITERS must be a whole number from 1, not '$iters'"
check_ps() {
    local max=$1 list=$2 p
    for p in $list; do
        [[ $p =~ ^[1-9][0-9]{0,3}$ ]] || die "rank count '$p' is not a whole number from 1"
        [ "$p" -ge 2 ] && [ "$p" -le "$max" ] || die "rank count $p: the platform takes 2 to $max ranks"
    done
}
check_ps 64 "$ps8"
check_ps 144 "$ps12"
[ -n "$ps8$ps12" ] || die "-a and -b are both empty: nothing to sweep"
for pl in $placements; do
    case $pl in block | round-robin) ;; *) die "-p: a placement is block or round-robin, not '$pl'" ;; esac
done
[ -n "$placements" ] || die "-p is empty"
[ -n "$out" ] || die "-o OUT is empty"
[ -e "$out" ] && [ ! -d "$out" ] && die "OUT '$out' exists and is not a folder"
img=${img:-$out}
for tool in jq gnuplot awk; do
    command -v $tool > /dev/null || die "needs $tool"
done
[ $repredict = 0 ] || [ -x "$root/mpigauge" ] || die "-m needs $root/mpigauge (make)"
if [ $runs = 1 ]; then
    [ -x "$root/mpigauge-smpi" ] && [ -f "$root/platforms/costs.so" ] || die "run make smpi first"
fi
mkdir -p "$out" "$img"
lock=""
command -v flock > /dev/null && lock="flock $out/.lock"

# the inputs: every pattern, then MPI_Barrier (default selection: ompi)
cat > "$out/patterns.in" << EOF
# thesis_sweep.sh: the patterns, parameters measured once for all
BARRIER INT 0 0 ADD 1 WORLD LINEAR        0 iters=$iters warmup=3
BARRIER INT 0 0 ADD 1 WORLD TREE          0 iters=$iters warmup=3
BARRIER INT 0 0 ADD 1 WORLD DISSEMINATION 0 iters=$iters warmup=3
BARRIER INT 0 0 ADD 1 WORLD PAIRWISE      0 iters=$iters warmup=3
BARRIER INT 0 0 ADD 1 WORLD HYBRID        0 iters=$iters warmup=3
BARRIER INT 0 0 ADD 1 WORLD MPI           0 iters=$iters warmup=3
EOF
cat > "$out/mpi.in" << EOF
# thesis_sweep.sh: MPI_Barrier alone (run with smpi/barrier:ompi_tree)
BARRIER INT 0 0 ADD 1 WORLD MPI 0 iters=$iters warmup=3
EOF

platform_ps() {
    case $1 in thesis-8x2x4) echo "$ps8" ;; *) echo "$ps12" ;; esac
}

# one run: wall time into DIR.wall; kept when DIR/run.json exists
run_one() {
    local plat=$1 p=$2 pl=$3 dir=$4 input=$5
    shift 5
    [ "$(jq -r .status "$dir/run.json" 2> /dev/null)" = complete ] && return 0
    rm -rf "$dir"
    local t0 t1 rc=0
    t0=$(date +%s.%N)
    # one simulation at a time: others that take OUT/.lock (flock) wait
    $lock nice -n 10 "$root/scripts/simulate.sh" "$root/platforms/$plat.xml" "$p" --placement "$pl" "$@" \
        ${sync[@]+"${sync[@]}"} --quiet -o "$dir" "$input" > "$dir.log" 2>&1 || rc=$?
    t1=$(date +%s.%N)
    echo "$t0 $t1" | awk '{ printf "%.1f\n", $2 - $1 }' > "$dir.wall"
    [ $rc = 0 ] || echo "thesis_sweep.sh: $plat $pl P=$p: exit $rc (see $dir.log)" >&2
    echo "$plat $pl P=$p: $(cat "$dir.wall") s wall" >&2
}

if [ $runs = 1 ]; then
    for plat in thesis-8x2x4 thesis-12x2x6; do
        for pl in $placements; do
            for p in $(platform_ps $plat); do
                d="$out/$plat/$pl"
                mkdir -p "$d"
                run_one $plat "$p" "$pl" "$d/p$p" "$out/patterns.in"
                run_one $plat "$p" "$pl" "$d/p$p-tree" "$out/mpi.in" --cfg=smpi/barrier:ompi_tree
            done
        done
    done
fi

# ---- tables and plots from the run folders
# -m: ROW (P, then measured predicted error per pattern so far) with its
# last pattern's prediction and error from this build's model
repredict() {
    local row=$1 dir=$2 pat=$3 what=$3 f
    if [ "$pat" = HYBRID ]; then
        what=nan
        for f in "$dir"/*-hybrid.hybrid.pat; do [ -f "$f" ] && what=FILE:$f; done
    fi
    local pred=nan
    [ "$what" != nan ] && pred=$("$root/mpigauge" --predict "$dir" "$what" ${sync[@]+"${sync[@]}"} 2> /dev/null | awk '/^  matrix model/ { print $(NF - 1) }')
    echo "$row" | awk -v pred="${pred:-nan}" '{ m = $(NF - 2); $(NF - 1) = pred
        $NF = (m == "nan" || pred == "nan") ? "nan" : (pred - m) / m; print }'
}
tables="$out/tables.md"
: > "$tables"
pats="LINEAR TREE DISSEMINATION PAIRWISE HYBRID"
for plat in thesis-8x2x4 thesis-12x2x6; do
    for pl in $placements; do
        d="$out/$plat/$pl"
        dat="$out/$plat-$pl.dat"
        echo "# P then per pattern ($pats): measured_us predicted_us error; then MPI_Barrier default (ompi) and ompi_tree measured_us; groups nodes_recovered(1/0); params_sim_s run_wall_s; PAIRWISE loop_us_per_call error_vs_loop" > "$dat"
        for p in $(platform_ps $plat); do
            j="$d/p$p/run.json"
            [ "$(jq -r .status "$j" 2> /dev/null)" = complete ] || continue
            row="$p"
            for pat in $pats; do
                row="$row $(jq -r --arg n "$pat" '[.records[] | select(.pattern.name == $n and .status == "done") | .points[0]][0]
                    | if . == null then "nan nan nan" else
                      "\(.iter_max_mean_us) \(.t_pred_us) \((.t_pred_us - .iter_max_mean_us) / .iter_max_mean_us)" end' "$j")"
                [ $repredict = 1 ] && row=$(repredict "$row" "$d/p$p" "$pat")
            done
            mpi=$(jq -r '[.records[] | select(.call == "BARRIER" and .pattern == null and .status == "done") | .points[0].iter_max_mean_us][0] // "nan"' "$j")
            tree=nan
            [ "$(jq -r .status "$d/p$p-tree/run.json" 2> /dev/null)" = complete ] &&
                tree=$(jq -r '[.records[] | select(.call == "BARRIER" and .pattern == null and .status == "done") | .points[0].iter_max_mean_us][0] // "nan"' "$d/p$p-tree/run.json")
            # HYBRID's groups recover the nodes: each group is exactly the
            # ranks of one host (places[].node), and there are as many
            # groups as hosts in use
            ok=$(jq -r '[.places[] | {rank, node}] as $pl
                | ([$pl[].node] | unique | length) as $nodes
                | [.records[] | select(.hybrid != null)][0].hybrid.groups as $g
                | if $g == null then "nan" else
                  ([$g[] | [.world_ranks[] as $r | $pl[$r].node] | unique | length == 1] | all) as $pure
                  | if $pure and ($g | length) == $nodes then 1 else 0 end end' "$j")
            params=$(jq -r '.records[0].elapsed_s' "$j")
            # PAIRWISE's loop time per call (mean over ranks): the period,
            # which skew between the ranks does not change
            loop=$(jq -r '[.records[] | select(.pattern.name == "PAIRWISE" and .status == "done") | .points[0]][0]
                | if . == null then "nan nan" else "\(.t_avg_us) \((.t_pred_us - .t_avg_us) / .t_avg_us)" end' "$j")
            [ $repredict = 1 ] && loop=$(echo "$loop $row" | awk '{ pr = $14; print $1, ($1 == "nan" || pr == "nan") ? "nan" : (pr - $1) / $1 }')
            echo "$row $mpi $tree $ok $params $(cat "$d/p$p.wall" 2> /dev/null || echo nan) $loop" >> "$dat"
        done
    done
done

# the tables (markdown)
fmt_err='function pct(x) { return x == "nan" ? "-" : sprintf("%+.1f%%", 100 * x) }
         function us(x) { return x == "nan" ? "-" : sprintf("%.1f", x) }
         function abs(x) { return x < 0 ? -x : x }'
for f in "$out"/thesis-*.dat; do
    [ -e "$f" ] || continue
    name=$(basename "$f" .dat)
    [ "$(grep -vc '^#' "$f")" -gt 0 ] || continue
    {
        echo "### $name: measured / predicted us (error)"
        echo
        echo "| P | LINEAR | TREE | DISSEMINATION | PAIRWISE | PAIRWISE loop, us per call | HYBRID | MPI_Barrier (ompi default) | MPI_Barrier (ompi_tree) | HYBRID faster than default / tree | groups = nodes | parameters + record 1: simulated s; run's wall s |"
        echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
        awk "$fmt_err"'
            !/^#/ { printf "| %s |", $1
                    for (k = 0; k < 5; k++) {
                        printf " %s / %s (%s) |", us($(2 + 3 * k)), us($(3 + 3 * k)), pct($(4 + 3 * k))
                        if (k == 3) printf " %s |", us($22)
                    }
                    h = $14
                    printf " %s | %s | %s / %s |", us($17), us($18), ($17 == "nan" || h == "nan") ? "-" : sprintf("%.2fx", $17 / h), ($18 == "nan" || h == "nan") ? "-" : sprintf("%.2fx", $18 / h)
                    printf " %s | %s, %s |\n", $19 == 1 ? "yes" : ($19 == 0 ? "no" : "-"), us($20), us($21) }' "$f"
        echo
        echo -n "Median |error| over the sweep:"
        for k in 0 1 2 3 4; do
            col=$((4 + 3 * k))
            pat=$(echo $pats | cut -d' ' -f$((k + 1)))
            med=$(awk -v c=$col '!/^#/ && $c != "nan" { x = $c; print (x < 0 ? -x : x) }' "$f" | sort -g |
                awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else printf "%.1f%%", 100 * (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }')
            echo -n " $pat $med;"
        done
        echo
        echo
    } >> "$tables"
done

# the median |error| of each pattern over every run of the sweep
{
    echo -n "All platforms and placements, median |error|:"
    for k in 0 1 2 3 4; do
        col=$((4 + 3 * k))
        pat=$(echo $pats | cut -d' ' -f$((k + 1)))
        med=$(cat "$out"/thesis-*.dat 2> /dev/null | awk -v c=$col '!/^#/ && $c != "nan" { x = $c; print (x < 0 ? -x : x) }' | sort -g |
            awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else printf "%.1f%% over %d", 100 * (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2), NR }')
        echo -n " $pat $med;"
    done
    echo
} >> "$tables"

# the plots: measured (points) and predicted (lines) over P, and the errors
gq() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/''/g")"; }
for f in "$out"/thesis-*.dat; do
    [ -e "$f" ] || continue
    [ "$(grep -vc '^#' "$f")" -gt 0 ] || continue
    name=$(basename "$f" .dat)
    gnuplot << GP || echo "thesis_sweep.sh: gnuplot failed on $f" >&2
set terminal pngcairo size 900,700 noenhanced font ',10'
set output $(gq "$img/$name.png")
set multiplot layout 2,1 title $(gq "$name: barrier time over P, measured (points) and predicted (lines), SMPI")
set key outside right; set grid
set xlabel 'ranks P'; set ylabel 'us per barrier (slowest rank, mean)'
plot $(gq "$f") using 1:2 with points pt 7 lc 1 title 'LINEAR', '' using 1:3 with lines lc 1 notitle, \
     '' using 1:5 with points pt 5 lc 2 title 'TREE', '' using 1:6 with lines lc 2 notitle, \
     '' using 1:8 with points pt 9 lc 3 title 'DISSEMINATION', '' using 1:9 with lines lc 3 notitle, \
     '' using 1:11 with points pt 11 lc 4 title 'PAIRWISE', '' using 1:12 with lines lc 4 notitle, \
     '' using 1:14 with points pt 13 lc 6 title 'HYBRID', '' using 1:15 with lines lc 6 notitle, \
     '' using 1:17 with linespoints dt 3 lc 7 title 'MPI_Barrier (ompi)', '' using 1:18 with linespoints dt 3 lc 8 title 'MPI_Barrier (ompi_tree)'
set ylabel 'relative error of the prediction'; set yrange [*:*]
plot $(gq "$f") using 1:4 with linespoints lc 1 title 'LINEAR', '' using 1:7 with linespoints lc 2 title 'TREE', \
     '' using 1:10 with linespoints lc 3 title 'DISSEMINATION', '' using 1:13 with linespoints lc 4 title 'PAIRWISE', \
     '' using 1:16 with linespoints lc 6 title 'HYBRID', 0 with lines lc 0 notitle
unset multiplot
GP
done
echo "$tables"
