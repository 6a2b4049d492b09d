#!/usr/bin/env bash
# inplace.sh: inplace=1 wherever MPI defines MPI_IN_PLACE for a collective:
# the gathers and scatters (at the root), the allgathers, alltoalls and
# the reductions, in their blocking, non-blocking and persistent forms.
# The calls that take it are exactly those (asked of the parser, one
# record a call of --list); each runs with --check on 2 and 3 ranks (at
# root 0, and the rooted ones again at root 1) and passes, or is skipped
# by the plan with its reason (a library defect); then on 3 ranks with
# tests/corrupt.so flipping a bit of what each call delivers, --check
# finds it in every record that ran.  Prints "inplace: N passed, N
# failed, N skipped".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/inplace
scratch "$T"
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

# MPI 4.1 sections 6.5-6.11 and 6.12-6.13: the collectives with an
# MPI_IN_PLACE, each in three modes
bases="GATHER GATHERV SCATTER SCATTERV ALLGATHER ALLGATHERV ALLTOALL ALLTOALLV ALLTOALLW REDUCE ALLREDUCE REDUCE_SCATTER REDUCE_SCATTER_BLOCK SCAN EXSCAN"
for b in $bases; do printf '%s\nI%s\n%s_INIT\n' "$b" "$b" "$b"; done | sort > "$T/mpi"

# the calls the parser takes inplace=1 on, among every collective and
# reduction --list prints (the others refuse it: exit 2)
./mpigauge --list | awk '/^Calls/ { f = 1; next } /^$/ { f = 0 }
    f && ($2 == "collective" || $2 == "reduction") { print $1, $2 }' > "$T/colls"
check "--list names collectives" [ "$(wc -l < "$T/colls")" -gt 40 ]
: > "$T/takes"
while read -r call family; do
    op=NOP
    [ "$family" = reduction ] && op=SUM
    if ./mpigauge --validate -r "$call INT 1 1 ADD 1 WORLD $op 0 inplace=1" > /dev/null 2>&1; then
        echo "$call" >> "$T/takes"
    fi
done < "$T/colls"
sort -o "$T/takes" "$T/takes"
check "inplace= is taken by exactly MPI's in-place calls (differences: $(comm -3 "$T/mpi" "$T/takes" | tr -d '\t' | tr '\n' ' '))" \
    cmp -s "$T/mpi" "$T/takes"

# one record a call at root 0, and the rooted ones at root 1
: > "$T/in.in"
while read -r call; do
    op=NOP
    grep -q "^$call reduction$" "$T/colls" && op=SUM
    echo "$call INT 1 64 MUL 64 WORLD $op 0 inplace=1" >> "$T/in.in"
    case "$call" in *GATHER | *GATHERV | *SCATTER | *SCATTERV | REDUCE | IREDUCE | REDUCE_INIT | *GATHER_INIT | *GATHERV_INIT | *SCATTER_INIT | *SCATTERV_INIT)
        case "$call" in *ALLGATHER*) ;; *) echo "$call INT 1 64 MUL 64 WORLD $op 1 inplace=1" >> "$T/in.in" ;; esac ;;
    esac
done < "$T/mpi"
nrec=$(wc -l < "$T/in.in")

# judge DIR: every record done with its check passed, or skipped with a
# reason (counted as skipped)
judge() {
    local d=$1 what=$2 l st
    for l in $(seq "$nrec"); do
        st=$(jq -r "$AT"'at('"$l"') | .status + " " + (.check // "-")' "$d/run.json")
        if [ "${st%% *}" = skipped ]; then
            skip 1 "$what: line $l ($(sed -n "${l}p" "$T/in.in")): $(jq -r "$AT"'at('"$l"').skipped' "$d/run.json")"
            continue
        fi
        check "$what: line $l ($(sed -n "${l}p" "$T/in.in")) done, --check passed (got $st)" [ "$st" = "done passed" ]
    done
}
for n in 2 3; do
    d="$T/np$n"
    $MPIRUN -n $n ./mpigauge --quiet --check --iters 5 -o "$d" "$T/in.in" > /dev/null 2> "$d.err"
    rc=$?
    check_launch "$n ranks: exit 0 (got $rc)" "$rc" "$d.err"
    judge "$d" "$n ranks"
done

# the fault injector: every record that ran has its check fail
d="$T/corrupt"
MPIGAUGE_CORRUPT=1 LD_PRELOAD="$PWD/tests/corrupt.so" $MPIRUN -n 3 ./mpigauge --quiet --check \
    --iters 5 -o "$d" "$T/in.in" > /dev/null 2> "$d.err"
rc=$?
check "corrupted: exit 1 (got $rc)" [ "$rc" = 1 ]
for l in $(seq "$nrec"); do
    st=$(jq -r "$AT"'at('"$l"') | .status + " " + (.check // "-")' "$d/run.json")
    [ "${st%% *}" = skipped ] && { skip 1 "corrupted: line $l: skipped by the plan"; continue; }
    check "corrupted: line $l ($(sed -n "${l}p" "$T/in.in")): --check failed (got $st)" [ "$st" = "done failed" ]
done

summary inplace
