#!/usr/bin/env bash
# launches.sh -n N -o SET [-o SET_B] [--shuffle] -- COMMAND... [-- COMMAND_B...]
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
usage="usage: launches.sh -n N -o SET [-o SET_B] [--shuffle] -- COMMAND... [-- COMMAND_B...]"
die() { echo "$me: $1" >&2; exit 2; }
n="" sets=() shuffle=0
while [ $# -gt 0 ]; do
    case $1 in
    -n) [ $# -ge 2 ] || die "-n needs a number of launches; $usage"
        n=$2; shift 2 ;;
    -o) [ $# -ge 2 ] || die "-o needs a folder; $usage"
        sets+=("$2"); shift 2 ;;
    --shuffle) shuffle=1; shift ;;
    --) shift; break ;;
    *) die "unknown argument '$1' (the command goes after --); $usage" ;;
    esac
done
[ -n "$n" ] || die "-n N is needed; $usage"
[[ $n =~ ^[1-9][0-9]{0,3}$ ]] || die "-n '$n': expected a whole number of launches from 1 to 9999"
[ ${#sets[@]} -ge 1 ] || die "-o SET is needed; $usage"
[ ${#sets[@]} -le 2 ] || die "at most two sets (-o SET -o SET_B); $usage"
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
    echo "$me: $set: launch $k of $n: ${cmd[*]} ${extra[*]} $input" >&2
    "${cmd[@]}" "${extra[@]}" "$input" < /dev/null > "$set/launch-$k.out" 2>&1
    local rc=$?
    [ "$rc" = 0 ] && return 0
    failed=$((failed + 1))
    echo "$me: $set: launch $k exited $rc (its output: $set/launch-$k.out)" >&2
    tail -5 "$set/launch-$k.out" >&2
    if [ "$k" = 1 ] && [ "$rc" = 2 ]; then
        echo "$me: $set: the first launch refused its input or options (exit 2): every launch would; stopping" >&2
        return 2
    fi
    return 0
}
for k in $(seq 1 "$n"); do
    order=(0)
    if [ ${#sets[@]} = 2 ]; then
        # A B, B A, A B ...: a drift that is linear in time falls on both alike
        if [ $((k % 2)) = 1 ]; then order=(0 1); else order=(1 0); fi
    fi
    for which in "${order[@]}"; do
        if ! launch "$which" "$k"; then
            for s in "${sets[@]}"; do rm -rf "$s/launch-1" "$s/launch-1.out"; done
            for s in "${made[@]}"; do rmdir "$s" 2> /dev/null; done
            exit 2
        fi
        [ "$stopped" = 0 ] || break
    done
    [ "$stopped" = 0 ] || { echo "$me: stopped by a signal after launch $k" >&2; break; }
done
bad=0
for s in "${sets[@]}"; do
    "$summariser" --set "$s" || { echo "$me: mpigauge --set $s failed" >&2; bad=1; }
done
[ "$bad" = 0 ] || exit 1
[ "$stopped" = 0 ] || exit "$stopped"
[ "$failed" = 0 ] || { echo "$me: $failed of $((n * ${#sets[@]})) launches did not complete; each set keeps the others" >&2; exit 1; }
exit 0
