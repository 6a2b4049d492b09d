#!/usr/bin/env bash
# launches.sh -n N -o SET [--shuffle] -- LAUNCHER... MPIGAUGE [OPTIONS] INPUT
#
# A launch set: N launches of the same job, each into SET/launch-K/ (an
# ordinary result folder), then `mpigauge --set SET` writes SET/set.json
# and SET/set.txt: per record and size the launches' medians and their
# spread, the launch being the unit (docs/report.md, Launch sets).  The
# launcher is any: mpirun -n 2, srun --mpi=pmi2 -n 64, smpirun ...
#   -n N        launches (at least 1; at least 4 for mpigauge --compare to decide)
#   -o SET      the set's folder: new, or empty
#   --shuffle   each launch measures the records in an order of its own
#               (mpigauge --shuffle SEED; data files keep their names)
# The script adds "-o SET/launch-K" (and "--shuffle SEED") before INPUT,
# the command's last word.  It only launches: the statistics are the
# binary's (mpigauge --set).  MPIGAUGE= names the mpigauge that
# summarises (default: the one beside this script, else the command's).
# Exit status: 0 when every launch completed; 1 when some did not (the set
# keeps the complete ones and says how many); 2 for bad arguments (said,
# nothing made) or when the first launch refused its input (exit 2: every
# launch would); 128+N when a signal stopped it (the launches done so far
# are summarised).
set -u
me=launches.sh
usage="usage: launches.sh -n N -o SET [--shuffle] -- LAUNCHER... MPIGAUGE [OPTIONS] INPUT"
die() { echo "$me: $1" >&2; exit 2; }
n="" set_dir="" shuffle=0
while [ $# -gt 0 ]; do
    case $1 in
    -n) [ $# -ge 2 ] || die "-n needs a number of launches; $usage"
        n=$2; shift 2 ;;
    -o) [ $# -ge 2 ] || die "-o needs a folder; $usage"
        set_dir=$2; shift 2 ;;
    --shuffle) shuffle=1; shift ;;
    --) shift; break ;;
    *) die "unknown argument '$1' (the command goes after --); $usage" ;;
    esac
done
[ -n "$n" ] || die "-n N is needed; $usage"
[[ $n =~ ^[1-9][0-9]{0,3}$ ]] || die "-n '$n': expected a whole number of launches from 1 to 9999"
[ -n "$set_dir" ] || die "-o SET is needed; $usage"
case $set_dir in
*[[:cntrl:]]*) die "-o '$set_dir' holds a newline or control character" ;;
esac
[ $# -ge 2 ] || die "no command after --; $usage"
input=${!#}
[ -f "$input" ] || die "INPUT '$input' (the command's last word) is not a file"
if [ -e "$set_dir" ]; then
    [ -d "$set_dir" ] || die "-o '$set_dir' exists and is not a folder"
    [ -z "$(ls -A "$set_dir")" ] || die "-o '$set_dir' is not empty: a set is made in a new or empty folder"
fi
[ -d "$(dirname "$set_dir")" ] || die "-o '$set_dir': its parent folder does not exist"
summariser=${MPIGAUGE:-}
if [ -z "$summariser" ]; then
    here=$(cd "$(dirname "$0")/.." && pwd)
    if [ -x "$here/mpigauge" ]; then
        summariser=$here/mpigauge
    else
        for w in "$@"; do
            case $(basename "$w") in mpigauge) summariser=$w ;; esac
        done
    fi
fi
[ -n "$summariser" ] && [ -x "$summariser" ] ||
    die "no mpigauge to summarise the set with: build it (make) or set MPIGAUGE="
mkdir -p "$set_dir" || exit 2
cmd=("${@:1:$#-1}")
base=$(( $(date +%s) % 100000 * 100 ))
stopped=0
trap 'stopped=130' INT
trap 'stopped=143' TERM
failed=0
for k in $(seq 1 "$n"); do
    extra=(-o "$set_dir/launch-$k")
    [ "$shuffle" = 0 ] || extra+=(--shuffle $((base + k)))
    echo "$me: launch $k of $n: ${cmd[*]} ${extra[*]} $input" >&2
    "${cmd[@]}" "${extra[@]}" "$input" < /dev/null > "$set_dir/launch-$k.out" 2>&1
    rc=$?
    if [ "$rc" != 0 ]; then
        failed=$((failed + 1))
        echo "$me: launch $k exited $rc (its output: $set_dir/launch-$k.out)" >&2
        tail -5 "$set_dir/launch-$k.out" >&2
        if [ "$k" = 1 ] && [ "$rc" = 2 ]; then
            echo "$me: the first launch refused its input or options (exit 2): every launch would; stopping" >&2
            rm -rf "$set_dir/launch-1" "$set_dir/launch-1.out"
            rmdir "$set_dir" 2> /dev/null
            exit 2
        fi
    fi
    [ "$stopped" = 0 ] || { echo "$me: stopped by a signal after launch $k" >&2; break; }
done
"$summariser" --set "$set_dir"
src=$?
[ "$src" = 0 ] || { echo "$me: mpigauge --set $set_dir exited $src" >&2; exit 1; }
[ "$stopped" = 0 ] || exit "$stopped"
[ "$failed" = 0 ] || { echo "$me: $failed of $n launches did not complete; the set keeps the others" >&2; exit 1; }
exit 0
