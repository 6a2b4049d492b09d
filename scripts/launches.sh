#!/usr/bin/env bash
# launches.sh -n N -o SET [-o SET_B] [--shuffle] -- COMMAND... [-- COMMAND_B...]
# launches.sh [-n N] -o A -o B --until-decided [--max M] [--step S] [--time T]
#             [--fail-above P%] [--tolerance P%] [--shuffle] -- COMMAND... [-- COMMAND_B...]
#
# A launch set: N launches of the same job, each into SET/launch-K/ (an
# ordinary result folder), then `mpigauge --set SET` writes SET/set.json
# and SET/set.txt: per record and size the launches' medians and their
# spread, the launch being the unit (docs/report.md, Launch sets).  The
# launcher is any: mpirun -n 2, srun --mpi=pmi2 -n 64, smpirun ...
#   -n N        launches (at least 1; at least 4 for mpigauge --compare to decide)
#   -o SET      the set's folder: new, or empty
#   -o SET_B    a second set, launched in turn with the first (A B B A A B
#               ...), so that whatever changes on the machine meanwhile
#               falls on both alike: the comparison's rule assumes it.  Its
#               command is COMMAND_B, after a second lone "--", or the same
#               COMMAND (two sets of one job: the noise between launches)
#   --shuffle   each launch measures the records in an order of its own
#               (mpigauge --shuffle SEED; data files keep their names)
#   --until-decided  (two sets) launch in turn until every size is settled
#               or a cap is reached: the sets are
#               compared after N (default 5), N+S, N+2S ... launches a side
#               up to M (default 20; S default N), each look spending its
#               part of the level (A/looks.json and B/looks.json record the
#               looks; docs/report.md, Launching until decided).  Settled:
#               the ratio's interval holds neither 1 + P nor 1/(1 + P), P the
#               tolerance (--tolerance, else --fail-above, else 5%).  --time T
#               (seconds, or with s, m or h) begins no new look after T.  The
#               comparison (mpigauge --compare A B) is printed at the end,
#               with the sizes left unsettled and why.
# The script adds "-o SET/launch-K" (and "--shuffle SEED") before INPUT,
# the command's last word.  It only launches: the statistics are the
# binary's (mpigauge --set).  MPIGAUGE= names the mpigauge that
# summarises (default: the one beside this script, else the command's).
# Exit status: 0 when every launch completed; 1 when some did not (a set
# keeps the complete ones and says how many); 2 for bad arguments (said,
# nothing made) or when a first launch refused its input (exit 2: every
# launch would); 128+N when a signal stopped it (the launches done so far
# are summarised).
set -u
me=launches.sh
usage="usage: launches.sh -n N -o SET [-o SET_B] [--shuffle] [--until-decided [--max M] [--step S] [--time T] [--fail-above P%] [--tolerance P%]] -- COMMAND... [-- COMMAND_B...]"
die() { echo "$me: $1" >&2; exit 2; }
n="" sets=() shuffle=0 until=0 max="" step="" limit="" judge=()
# count NAME VALUE: a whole number of launches from 1 to 9999, or exit 2
count() {
    [[ $2 =~ ^[1-9][0-9]{0,3}$ ]] || die "$1 '$2': expected a whole number of launches from 1 to 9999"
}
while [ $# -gt 0 ]; do
    case $1 in
    -n|--max|--step|--time|--fail-above|--tolerance|-o)
        [ $# -ge 2 ] || die "$1 needs a value; $usage" ;;
    esac
    case $1 in
    -n) n=$2; shift 2 ;;
    -o) sets+=("$2"); shift 2 ;;
    --shuffle) shuffle=1; shift ;;
    --until-decided) until=1; shift ;;
    --max) max=$2; shift 2 ;;
    --step) step=$2; shift 2 ;;
    --time) limit=$2; shift 2 ;;
    --fail-above|--tolerance) judge+=("$1" "$2"); shift 2 ;;
    --) shift; break ;;
    *) die "unknown argument '$1' (the command goes after --); $usage" ;;
    esac
done
if [ "$until" = 1 ]; then
    n=${n:-5} max=${max:-20}
    count -n "$n"
    count --max "$max"
    step=${step:-$n}
    count --step "$step"
    [ "$max" -ge "$n" ] || die "--max $max is below -n $n: the first look is after -n launches a side"
    if [ -n "$limit" ]; then
        [[ $limit =~ ^[0-9]{1,7}[smh]?$ ]] || die "--time '$limit': expected seconds, or a number with s, m or h, like 30m"
        case $limit in *m) limit=$((${limit%m} * 60)) ;; *h) limit=$((${limit%h} * 3600)) ;; *s) limit=${limit%s} ;; esac
    fi
else
    [ -z "$max$step$limit" ] && [ ${#judge[@]} = 0 ] ||
        die "--max, --step, --time, --fail-above and --tolerance go with --until-decided"
    [ -n "$n" ] || die "-n N is needed; $usage"
    count -n "$n"
fi
[ ${#sets[@]} -ge 1 ] || die "-o SET is needed; $usage"
[ ${#sets[@]} -le 2 ] || die "at most two sets (-o SET -o SET_B); $usage"
[ "$until" = 0 ] || [ ${#sets[@]} = 2 ] || die "--until-decided compares two sets: -o A -o B"
[ "$until" = 0 ] || command -v jq > /dev/null || die "--until-decided needs jq"
# --fail-above and --tolerance in the grammar mpigauge --compare reads
# (digits, an optional fraction, an optional %: set_compare.h)
for ((i = 1; i < ${#judge[@]}; i += 2)); do
    [[ ${judge[i]} =~ ^[0-9]+(\.[0-9]+)?%?$ ]] || die "${judge[i-1]} '${judge[i]}' is not a percentage (e.g. ${judge[i-1]} 5%)"
done
# the commands: one, or two split at a lone --
cmd_a=() cmd_b=() second=0
for w in "$@"; do
    if [ "$w" = -- ] && [ "$second" = 0 ]; then second=1; continue; fi
    if [ "$second" = 0 ]; then cmd_a+=("$w"); else cmd_b+=("$w"); fi
done
[ ${#cmd_a[@]} -ge 2 ] || die "no command after --; $usage"
if [ "$second" = 1 ]; then
    [ ${#sets[@]} = 2 ] || die "a second command (after a second --) needs a second set (-o SET_B)"
    [ ${#cmd_b[@]} -ge 2 ] || die "no second command after the second --; $usage"
elif [ ${#sets[@]} = 2 ]; then
    cmd_b=("${cmd_a[@]}")
fi
for c in a b; do
    [ $c = a ] || [ ${#sets[@]} = 2 ] || continue
    eval "last=\${cmd_$c[-1]}"
    [ -f "$last" ] || die "INPUT '$last' (the command's last word) is not a file"
done
for s in "${sets[@]}"; do
    case $s in
    *[[:cntrl:]]*) die "-o '$s' holds a newline or control character" ;;
    esac
    if [ -e "$s" ]; then
        [ -d "$s" ] || die "-o '$s' exists and is not a folder"
        [ -z "$(ls -A "$s")" ] || die "-o '$s' is not empty: a set is made in a new or empty folder"
    fi
    [ -d "$(dirname "$s")" ] || die "-o '$s': its parent folder does not exist"
done
[ ${#sets[@]} = 1 ] || [ "$(realpath -m "${sets[0]}")" != "$(realpath -m "${sets[1]}")" ] ||
    die "the two sets are one folder ('${sets[0]}')"
summariser=${MPIGAUGE:-}
if [ -z "$summariser" ]; then
    here=$(cd "$(dirname "$0")/.." && pwd)
    if [ -x "$here/mpigauge" ]; then
        summariser=$here/mpigauge
    else
        for w in "${cmd_a[@]}"; do
            case $(basename "$w") in mpigauge) summariser=$w ;; esac
        done
    fi
fi
[ -n "$summariser" ] && [ -x "$summariser" ] ||
    die "no mpigauge to summarise the set with: build it (make) or set MPIGAUGE="
made=()
for s in "${sets[@]}"; do
    [ -e "$s" ] || made+=("$s")
    mkdir -p "$s" || exit 2
done
base=$(( $(date +%s) % 100000 * 100 ))
stopped=0
trap 'stopped=130' INT
trap 'stopped=143' TERM
failed=0
# launch WHICH K: launch K of set WHICH (0 or 1) with its command; 2 when
# a first launch refused its input
launch() {
    local set=${sets[$1]} k=$2 cmd
    if [ "$1" = 0 ]; then cmd=("${cmd_a[@]}"); else cmd=("${cmd_b[@]}"); fi
    local input=${cmd[-1]}
    unset 'cmd[-1]'
    local extra=(-o "$set/launch-$k")
    [ "$shuffle" = 0 ] || extra+=(--shuffle $((base + k)))
    echo "$me: $set: launch $k of ${last}: ${cmd[*]} ${extra[*]} $input" >&2
    "${cmd[@]}" "${extra[@]}" "$input" < /dev/null > "$set/launch-$k.out" 2>&1
    local rc=$?
    [ "$rc" = 0 ] && return 0
    failed=$((failed + 1))
    # a signal that stopped the launch is the script's own stop, not a refusal
    [ "$stopped" = 0 ] || return 0
    echo "$me: $set: launch $k exited $rc (its output: $set/launch-$k.out)" >&2
    # mpigauge's own lines first (a launcher may print many of its own
    # after them), then the output's last lines
    grep -m 10 'mpigauge' "$set/launch-$k.out" >&2
    tail -5 "$set/launch-$k.out" | grep -v 'mpigauge' >&2
    if [ "$k" = 1 ] && [ "$rc" = 2 ]; then
        echo "$me: $set: the first launch refused its input or options (exit 2): every launch would; stopping" >&2
        return 2
    fi
    return 0
}
# the looks of --until-decided: after n, n + step, ... launches a side, up
# to max; without it, one "look" after n
looks=("$n")
if [ "$until" = 1 ]; then
    looks=()
    for ((l = n; l < max; l += step)); do looks+=("$l"); done
    looks+=("$max")
    for s in "${sets[@]}"; do
        printf '{"looks": [%s], "made_by": "launches.sh --until-decided"}\n' \
            "$(IFS=,; echo "${looks[*]}" | sed 's/,/, /g')" > "$s/looks.json" || exit 2
    done
fi
last=${looks[-1]}
began=$SECONDS
ended="" k=0
for look in "${looks[@]}"; do
    while [ "$k" -lt "$look" ]; do
        k=$((k + 1))
        order=(0)
        if [ ${#sets[@]} = 2 ]; then
            # A B, B A, A B ...: a drift that is linear in time falls on both alike
            if [ $((k % 2)) = 1 ]; then order=(0 1); else order=(1 0); fi
        fi
        for which in "${order[@]}"; do
            if ! launch "$which" "$k"; then
                for s in "${sets[@]}"; do rm -rf "$s/launch-1" "$s/launch-1.out" "$s/looks.json"; done
                for s in "${made[@]}"; do rmdir "$s" 2> /dev/null; done
                exit 2
            fi
            [ "$stopped" = 0 ] || break
        done
        [ "$stopped" = 0 ] || { echo "$me: stopped by a signal after launch $k" >&2; break 2; }
    done
    [ "$until" = 1 ] || break
    # a look: is every size settled?
    look_json=$("$summariser" --compare "${sets[0]}" "${sets[1]}" "${judge[@]}" --json 2> /dev/null)
    unsettled=$(printf '%s' "$look_json" | jq -r '.unsettled // empty' 2> /dev/null)
    if [ -z "$unsettled" ]; then
        ended="after $k launches a side: the comparison failed (mpigauge --compare ${sets[0]} ${sets[1]})"
        break
    fi
    echo "$me: look after $k launches a side: $unsettled size(s) not settled, $(printf '%s' "$look_json" | jq -r .open) of them likely to settle within $max a side" >&2
    if [ "$unsettled" = 0 ]; then
        ended="after $k launches a side: every size is settled"
        break
    fi
    if [ -n "$limit" ] && [ $((SECONDS - began)) -ge "$limit" ]; then
        ended="after $k launches a side: --time $limit s spent ($((SECONDS - began)) s)"
        break
    fi
    [ "$look" != "$last" ] || ended="after $k launches a side: --max $max reached"
done
bad=0
for s in "${sets[@]}"; do
    "$summariser" --set "$s" > /dev/null || { echo "$me: mpigauge --set $s failed" >&2; bad=1; }
done
[ "$stopped" = 0 ] || exit "$stopped"
if [ "$until" = 1 ] && [ "$bad" = 0 ]; then
    echo "$me: stopped $ended" >&2
    "$summariser" --compare "${sets[0]}" "${sets[1]}" "${judge[@]}"
    [ $? -le 1 ] || bad=1
fi
[ "$bad" = 0 ] || exit 1
[ "$failed" = 0 ] || { echo "$me: $failed of $((k * ${#sets[@]})) launches did not complete; each set keeps the others" >&2; exit 1; }
exit 0
