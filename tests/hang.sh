#!/usr/bin/env bash
# hang.sh: --timeout's watchdog (src/measure/watchdog.h).  tests/corrupt.so
# with MPIGAUGE_HANG=R makes world rank R's N-th measured call
# (MPIGAUGE_HANG_AT=N) never return: an MPI_Allreduce, or with
# MPIGAUGE_HANG_IN=recv a ping-pong's MPI_Recv.  The run must end by
# itself with exit 7, the stuck rank, record, size and calls named on
# stderr, in hang-rank-N.json, hang.txt and run.json (status "hung"), and
# the record before it complete.  On 2 and 4 ranks, under the MPI the
# tests run with (CI runs the suites under MPICH and Open MPI).  Prints
# "hang: N passed, N failed, N skipped".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/hang
scratch "$T"
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
S=3   # --timeout: seconds a size may take
printf 'BCAST INT 1 4 MUL 4 WORLD NOP 0\nALLREDUCE DOUBLE 1 1 ADD 1 WORLD SUM 0\nBCAST INT 1 1 ADD 1 WORLD NOP 0\n' > "$T/coll.in"
printf 'BCAST INT 1 4 MUL 4 WORLD NOP 0\nSEND DOUBLE 1 1 ADD 1 WORLD NOP 0\nBCAST INT 1 1 ADD 1 WORLD NOP 0\n' > "$T/p2p.in"

# hung NAME RANKS INPUT STUCK AT [IN]: a run whose rank STUCK never
# returns from its AT-th measured call (IN: recv, else MPI_Allreduce);
# timeout(1) is a hang guard only (exit 124 fails the exit check)
hung() {
    local d="$T/$1"
    MPIGAUGE_HANG=$4 MPIGAUGE_HANG_AT=$5 MPIGAUGE_HANG_IN=${6:-} \
        LD_PRELOAD="$PWD/tests/corrupt.so" timeout -k 30 120 \
        $MPIRUN -n "$2" ./mpigauge --quiet --iters 20 --timeout $S -o "$d" "$T/$3" \
        > /dev/null 2> "$T/$1.err"
    echo $? > "$T/$1.rc"
}

# judge NAME RANKS CALL STUCK AT: the checks of one hung run
judge() {
    local d="$T/$1" n=$2 call=$3 stuck=$4 at=$5 rc
    rc=$(cat "$T/$1.rc")
    check "$1: exit 7 (got $rc)" [ "$rc" = 7 ]
    [ "$rc" = 7 ] || show_log "$T/$1.err"
    check "$1: rank $stuck says on stderr which record, call and size hung" \
        grep -q "mpigauge: rank $stuck: hung: record 2 (line 2: $call DOUBLE 1 1 ADD 1 WORLD [A-Z]* 0): $call at 1 elements (8 bytes) has not ended after" "$T/$1.err"
    # (hang.txt, where rank 0 writes the line before it ends the job: on
    # stderr the launcher may not pass it on before MPI_Abort's kill, as
    # happened once in CI on a quiet machine with 4 ranks)
    check "$1: rank 0 says which ranks were inside the calls" \
        grep -q "^mpigauge: hung: record 2 (line 2), $call at 1 elements: ranks inside its calls:.* $stuck" "$d/hang.txt"
    check "$1: hang-rank-$stuck.json: its block of calls holds call $at" \
        jq -e >/dev/null --argjson at "$at" '.calls[0] <= $at and $at <= .calls[1] and .phase != "between blocks"' "$d/hang-rank-$stuck.json"
    check "$1: hang-rank-$stuck.json: not before the timeout" \
        jq -e >/dev/null --argjson s $S '.seconds >= $s and .timeout_s == $s' "$d/hang-rank-$stuck.json"
    check "$1: every rank wrote its report" [ "$(ls "$d" | grep -c '^hang-rank-[0-9]*\.json$')" = "$n" ]
    check "$1: hang.txt: the summary and one line per rank" [ "$(grep -c '^mpigauge: ' "$d/hang.txt")" = $((n + 1)) ]
    check "$1: run.json: the run is hung" [ "$(jq -r .status "$d/run.json")" = hung ]
    check "$1: run.json: the record is hung, at 1 element" \
        [ "$(jq -r "$AT"'at(2) | .status + " " + (.hang.elements | tostring) + " " + .hang.call' "$d/run.json")" = "hung 1 $call" ]
    check "$1: run.json: every rank's report, the stuck one among those inside calls" \
        jq -e >/dev/null --argjson n "$n" --argjson r "$stuck" "$AT"'at(2).hang | (.reports | length) == $n and (.in_calls | index($r)) != null and .silent == []' "$d/run.json"
    check "$1: run.json: the record before is done, its rows on disk" \
        [ "$(jq -r "$AT"'at(1).status' "$d/run.json") $(grep -vc '^#' "$d/01-bcast-int-world-nop.dat")" = "done 2" ]
    check "$1: run.json: the record after never started" [ "$(jq -r "$AT"'at(3).status' "$d/run.json")" = pending ]
}

hung coll2 2 coll.in 1 5
judge coll2 2 ALLREDUCE 1 5
hung coll4 4 coll.in 2 9
judge coll4 4 ALLREDUCE 2 9
hung p2p2 2 p2p.in 1 3 recv
judge p2p2 2 SEND 1 3
check "p2p2: rank 1 waits on its partner, rank 0" \
    jq -e >/dev/null '.waits_on == [0] and .waits_on_what == "the pair'"'"'s partner"' "$T/p2p2/hang-rank-1.json"
hung p2p4 4 p2p.in 3 7 recv
judge p2p4 4 SEND 3 7
# a ping-pong's two ranks: the one that never returned has made fewer calls
check "p2p4: rank 3, whose receive never returned, is furthest behind" \
    jq -e >/dev/null '.hang.furthest_behind == [3]' "$T/p2p4/run.json"

# the option: 0 is off, a run within its timeout is untouched, bad values
# are refused before anything runs
d="$T/fine"
$MPIRUN -n 2 ./mpigauge --quiet --iters 20 --timeout 600 -o "$d" "$T/coll.in" > /dev/null 2> "$T/fine.err"
rc=$?
check "a run within its timeout: exit 0 (got $rc)" [ "$rc" = 0 ]
check "... run.json says complete, with the timeout asked" \
    [ "$(jq -r '.status + " " + (.options.timeout_s | tostring)' "$d/run.json")" = "complete 600" ]
check "... no hang file" [ -z "$(ls "$d" | grep '^hang')" ]
d="$T/off"
$MPIRUN -n 2 ./mpigauge --quiet --iters 20 --timeout 0 -o "$d" "$T/coll.in" > /dev/null 2> "$T/off.err"
rc=$?
check "--timeout 0 (off): exit 0 (got $rc)" [ "$rc" = 0 ]
for bad in -1 x 1e9; do
    ./mpigauge --quiet --timeout "$bad" -o "$T/bad" "$T/coll.in" > /dev/null 2> "$T/bad.err"
    rc=$?
    check "--timeout $bad: exit 2 (got $rc)" [ "$rc" = 2 ]
    check "--timeout $bad: the message names the option" grep -q -- "--timeout" "$T/bad.err"
    check "--timeout $bad: no result folder" [ ! -e "$T/bad" ]
done

summary hang
