#!/usr/bin/env bash
# two_hosts.sh: the barrier model on the one real network here (issue 55):
# LAUNCHES consecutive launches, each a fresh job, of inputs/barrier-model.in
# (four patterns x two signal modes, 2000 barriers each) on two simulated
# hosts of ../shared/cluster, one rank each, TCP between them; per launch
# every record's relative error of t_pred_us against the median
# per-iteration maximum, their median, and the drift's interval.
# MPI=mpich (SEPARATE_HOSTS=1: TCP under UCX) or MPI=openmpi (ob1 over tcp).
# KEEP=DIR keeps each launch's folder as DIR/N (DIR must not exist).
# LIMIT=S ends a launch after S seconds (300).  Open MPI runs with
# --bind-to none: each simulated host binds its one rank to its first
# core, the same core of this one machine, and the two ranks then took
# turns on it (a 1-byte SEND 3967-3997 us one way in four launches, 6.9-10.5
# us unbound: docs/measuring.md, Binding).
# Printed with the machine and date, never asserted: run it on a quiet
# machine.
set -eu
cd "$(dirname "$0")/.."
MPI=${MPI:-mpich}
LAUNCHES=${LAUNCHES:-10}
LIMIT=${LIMIT:-300}
case $LIMIT in ''|*[!0-9]*|0) echo "two_hosts.sh: LIMIT=$LIMIT: not a count of seconds" >&2; exit 2;; esac
case $LAUNCHES in ''|*[!0-9]*|0) echo "two_hosts.sh: LAUNCHES=$LAUNCHES: not a count" >&2; exit 2;; esac
L=$(realpath ../shared/cluster/fake-ssh)
KEEP=${KEEP:-}
if [ -n "$KEEP" ] && [ -e "$KEEP" ]; then echo "two_hosts.sh: KEEP=$KEEP: exists; results are never written over" >&2; exit 2; fi
[ -z "$KEEP" ] || mkdir -p "$KEEP"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
launch() { # folder
    case $MPI in
    mpich) SEPARATE_HOSTS=1 timeout -k 5 "$LIMIT" mpirun.mpich -launcher ssh -launcher-exec "$L" \
               -hosts nodeA:1,nodeB:1 -n 2 ./mpigauge --quiet -o "$1" inputs/barrier-model.in ;;
    openmpi) OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 timeout -k 5 "$LIMIT" \
               mpirun.openmpi --mca plm_rsh_agent "$L" --mca btl self,vader,tcp --bind-to none \
               --host nodeA:1,nodeB:1 -n 2 ./mpigauge --quiet -o "$1" inputs/barrier-model.in ;;
    *) echo "two_hosts.sh: MPI=$MPI: mpich or openmpi" >&2; exit 2 ;;
    esac
}
echo "barrier model on 2 hosts x 1 rank ($MPI), $LAUNCHES launches: $(hostname), $(date -u +%Y-%m-%dT%H:%MZ), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "launch  LIN   TREE  DISS  PAIR  LIN-s TREE-s DISS-s PAIR-s  median|err|  worst|err|  (t_pred_us against iter_max_median_us, %)"
for i in $(seq "$LAUNCHES"); do
    rm -rf "$T/r"
    if ! launch "$T/r" > "$T/out" 2>&1; then
        echo "  $i: the launch failed: $(tail -1 "$T/out")"
        continue
    fi
    errs=$(jq -r '.records[] | .points[0] | 100 * (.t_pred_us / .iter_max_median_us - 1)' "$T/r/run.json")
    med=$(echo "$errs" | awk '{ print ($1 < 0 ? -$1 : $1) }' | sort -g |
          awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
    worst=$(echo "$errs" | awk '{ print ($1 < 0 ? -$1 : $1) }' | sort -g | tail -1)
    echo "$errs" | awk -v i="$i" -v m="$med" -v w="$worst" '{ e[NR] = $1 }
        END { printf "%6d", i; for (k = 1; k <= NR; k++) printf " %+5.1f", e[k]; printf "   %6.1f      %6.1f\n", m, w }'
    jq -r '.params.WORLD.how' "$T/r/run.json" | sed 's/^/        parameters: /'
    [ -z "$KEEP" ] || cp -r "$T/r" "$KEEP/$i"
done
