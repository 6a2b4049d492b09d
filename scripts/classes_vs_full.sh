#!/usr/bin/env bash
# classes_vs_full.sh [-o OUT] [-i ITERS] [-j JOBS] [PLATFORM:P:PLACEMENT ...]
#
# --params classes against --params full on simulated clusters
# (docs/thesis-at-scale.md, "Parameters by classes against full"): for each
# platform, rank count and placement, the five barrier patterns, isolated
# (--sync window) and back to back, once with every pair measured and
# once by classes; then two markdown tables, one per way of measuring:
# each pattern's prediction error against the measured median with full's
# parameters / with classes' (percent) and how many percentage points
# apart, whether HYBRID's groups are the nodes with each and its measured
# median, the pairs measured and the parameters' simulated seconds (rank
# 0's), the runs' wall seconds.
#
# PLATFORM is a file of platforms/ without .xml (thesis-8x2x4) or a path;
# the default is the thesis's two clusters at their largest P, both
# placements.  A run whose folder holds a complete run.json is kept, so
# an interrupted sweep goes on where it stopped.
#   -o OUT    where the runs go (default results/classes-vs-full)
#   -i ITERS  iterations a pattern (default 30)
#   -j JOBS   simulations at once (default 1)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/results/classes-vs-full iters=30 jobs=1
usage="usage: classes_vs_full.sh [-o OUT] [-i ITERS] [-j JOBS] [PLATFORM:P:PLACEMENT ...]"
die() {
    echo "classes_vs_full.sh: $*" >&2
    exit 2
}
count() {   # count OPTION VALUE: a positive integer
    [[ $2 =~ ^[1-9][0-9]*$ ]] || die "$1 takes a positive whole number, not '$2'"
}
while getopts "o:i:j:h" opt; do
    case $opt in
        o) out=$OPTARG ;;
        i) count -i "$OPTARG"; iters=$OPTARG ;;
        j) count -j "$OPTARG"; jobs=$OPTARG ;;
        h) echo "$usage"; exit 0 ;;
        *) die "$usage" ;;
    esac
done
shift $((OPTIND - 1))
configs=("$@")
[ ${#configs[@]} -gt 0 ] || configs=(thesis-8x2x4:64:block thesis-8x2x4:64:round-robin
                                     thesis-12x2x6:144:block thesis-12x2x6:144:round-robin)
command -v jq > /dev/null || die "jq not found (apt-get install jq)"

# PLATFORM:P:PLACEMENT into plat_file, np, placement; dies naming the argument
parse_config() {
    local c=$1 plat
    IFS=: read -r plat np placement extra <<< "$c"
    [ -z "${extra:-}" ] && [ -n "$plat" ] && [ -n "${np:-}" ] && [ -n "${placement:-}" ] ||
        die "'$c': give PLATFORM:P:PLACEMENT, like thesis-8x2x4:64:block"
    [[ $np =~ ^[1-9][0-9]*$ ]] || die "'$c': P must be a positive whole number, not '$np'"
    case $placement in block | round-robin) ;; *) die "'$c': PLACEMENT is block or round-robin, not '$placement'" ;; esac
    plat_file=$plat
    [ -f "$plat_file" ] || plat_file=$root/platforms/$plat.xml
    [ -f "$plat_file" ] || die "'$c': no platform '$plat' (neither a file nor platforms/$plat.xml)"
}
for c in "${configs[@]}"; do parse_config "$c"; done

mkdir -p "$out" || die "cannot make $out"
input=$out/patterns.in
{
    echo "# classes_vs_full.sh: the five patterns"
    for pat in LINEAR TREE DISSEMINATION PAIRWISE HYBRID; do
        echo "BARRIER INT 0 0 ADD 1 WORLD $pat 0 iters=$iters warmup=3"
    done
} > "$input"

# one simulation into DIR (its wall seconds into DIR.wall), unless done
run_one() {
    local dir=$1 plat_file=$2 np=$3 placement=$4 mode=$5 params=$6
    [ "$(jq -r .status "$dir/run.json" 2> /dev/null)" = complete ] && return 0
    rm -rf "$dir"
    local sync=() t0 rc=0
    [ "$mode" = isolated ] && sync=(--sync window)
    t0=$(date +%s.%N)
    "$root/scripts/simulate.sh" "$plat_file" "$np" --placement "$placement" --params "$params" \
        ${sync[@]+"${sync[@]}"} --quiet -o "$dir" "$input" > "$dir.log" 2>&1 || rc=$?
    awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f\n", b - a }' > "$dir.wall"
    [ $rc = 0 ] || echo "classes_vs_full.sh: $dir: exit $rc (see $dir.log)" >&2
}

name() { echo "$out/$(basename "$plat_file" .xml)-$np-$placement-$1-$2"; }
for c in "${configs[@]}"; do
    parse_config "$c"
    for mode in isolated back-to-back; do
        for params in full classes; do
            while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
            run_one "$(name $mode $params)" "$plat_file" "$np" "$placement" $mode $params &
        done
    done
done
wait

# one run's facts, tab-separated: the five errors (percent), HYBRID's
# groups are the nodes (yes/no), HYBRID's measured median, pairs measured,
# the parameters' simulated seconds
facts() {
    jq -r '. as $r
        | [.records[] | select(.pattern.name == "HYBRID")][0] as $h
        | [$h.hybrid.groups[] | [.world_ranks[] | $r.places[.].node] | unique | length == 1] as $one
        | [.records[] | .points[0] | 100 * (.t_pred_us / .iter_max_median_us - 1)]
          + [if ($one | all) and ($one | length) == $r.nodes then "yes" else "no" end,
             $h.points[0].iter_max_median_us, .params.WORLD.pairs_measured,
             .params.WORLD.cost_s]
        | @tsv' "$1/run.json"
}

for mode in isolated back-to-back; do
    echo
    echo "**$mode**"
    echo
    echo "| platform, P, placement | LINEAR | TREE | DISSEMINATION | PAIRWISE | HYBRID | HYBRID groups = nodes, measured us | parameters: pairs measured, simulated s | run: wall s |"
    echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
    for c in "${configs[@]}"; do
        parse_config "$c"
        f=$(name $mode full) k=$(name $mode classes)
        if ! a=$(facts "$f" 2> /dev/null) || ! b=$(facts "$k" 2> /dev/null) || [ -z "$a" ] || [ -z "$b" ]; then
            echo "| $(basename "$plat_file" .xml), $np, $placement | (a run did not complete: $f.log, $k.log) | | | | | | | |"
            continue
        fi
        paste <(echo "$a") <(echo "$b") |
            awk -F'\t' -v what="$(basename "$plat_file" .xml), $np, $placement" \
                -v wf="$(cat "$f.wall" 2> /dev/null || echo -)" -v wk="$(cat "$k.wall" 2> /dev/null || echo -)" '{
                row = "| " what " |"
                for (i = 1; i <= 5; i++) {
                    d = $i - $(i + 9); if (d < 0) d = -d
                    row = row sprintf(" %+.2f / %+.2f (%.2f) |", $i, $(i + 9), d)
                }
                row = row sprintf(" %s / %s, %.1f / %.1f |", $6, $15, $7, $16)
                row = row sprintf(" %d / %d, %.1f / %.1f |", $8, $17, $9, $18)
                print row " " wf " / " wk " |"
            }'
    done
done
