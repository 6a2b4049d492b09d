#!/usr/bin/env bash
# signals.sh: a signal always ends the job, even when a rank is stuck
# inside MPI.  tests/corrupt.so with MPIGAUGE_HANG=1 makes rank 1 block for
# ever in its first measured MPI_Allreduce, so the ranks never come back
# to agree.  Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/signals
scratch "$T"
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
printf 'BCAST INT 1 4 MUL 4 WORLD NOP 0\nALLREDUCE DOUBLE 1 1 ADD 1 WORLD SUM 0\nBCAST INT 1 1 ADD 1 WORLD NOP 0\n' > "$T/hang.in"

# left DIR: the ranks of the run writing DIR that are still alive
left() { pgrep -f -- "-o $1 " | tr '\n' ' '; }
# wait_gone DIR SECONDS: polls until no rank of DIR is left
wait_gone() {
    for _ in $(seq $(($2 * 10))); do [ -z "$(left "$1")" ] && return 0; sleep 0.1; done
    return 1
}
# stuck FILE: waits until the hanging rank has made FILE (tests/corrupt.c's
# MPIGAUGE_HANG_MARK: it is inside the hanging MPI_Allreduce), 60 s at most
# (a hang guard, not a bound on speed)
stuck() {
    for _ in $(seq 600); do
        [ -e "$1" ] && return 0
        sleep 0.1
    done
    return 1
}

# 1. timeout's SIGTERM to mpirun on a hung job: the ranks wait for the
# agreement for the grace period (5 s), then stop on their own
d="$T/term"
MPIGAUGE_HANG=1 LD_PRELOAD="$PWD/tests/corrupt.so" timeout -k 30 3 \
    $MPIRUN -n 2 ./mpigauge --quiet --iters 20 -o "$d" "$T/hang.in" > /dev/null 2> "$T/term.err"
rc=$?
check "hung job: timeout ended it with SIGTERM, not SIGKILL (got $rc)" [ "$rc" = 124 ]
check "hung job: no rank left behind (left: $(left "$d"))" wait_gone "$d" 60
check "hung job: the record before the hang is complete" [ "$(jq -r "$AT"'at(1).status' "$d/run.json")" = done ]
check "hung job: its rows are on disk" [ "$(grep -vc '^#' "$d/01-bcast-int-world-nop.dat")" = 2 ]
if ! $MPIRUN --version 2>&1 | grep -qE 'Open MPI|OpenRTE'; then
    # Open MPI 4.1's mpirun, signalled, passes nothing on: it exits, and
    # its ranks _exit(-61) when their daemon goes; no handler runs there
    check "hung job: run.json says interrupted" [ "$(jq -r .status "$d/run.json")" = interrupted ]
    check "hung job: a rank says why it stopped" grep -q "did not agree to stop within the grace period" "$T/term.err"
    check "hung job: report.txt ends saying so, once" \
        [ "$(grep -c "^Interrupted by signal 15 before the ranks could agree to stop" "$d/report.txt")" = 1 ]
fi

# 2. a second SIGTERM ends a rank at once, without waiting for the grace
# period: the ranks get both signals from here, once rank 1 is stuck, and
# 1.5 s or more apart (one within a second of the first is taken for the
# launcher's echo of it).  That it was at once is said by the messages
# (none of the grace period's); the wait is a hang guard only
d="$T/twice"
MPIGAUGE_HANG=1 MPIGAUGE_HANG_MARK="$T/twice.stuck" LD_PRELOAD="$PWD/tests/corrupt.so" timeout -k 30 120 \
    $MPIRUN -n 2 ./mpigauge --quiet --iters 20 -o "$d" "$T/hang.in" > /dev/null 2> "$T/twice.err" &
launcher=$!
check "second signal: rank 1 stuck inside MPI_Allreduce" stuck "$T/twice.stuck"
pkill -TERM -f -- "-o $d "
sleep 1.5
pkill -TERM -f -- "-o $d "
check "second signal: every rank gone" wait_gone "$d" 60
wait "$launcher"
check "second signal: no grace-period message" [ "$(grep -c 'grace period' "$T/twice.err")" = 0 ]
if ! $MPIRUN --version 2>&1 | grep -qE 'Open MPI|OpenRTE'; then
    # under Open MPI the first signal also reaches mpirun, which takes the
    # daemons (and with them the ranks and their stderr) away
    check "second signal: a rank says so" grep -q "a second signal; stopping now" "$T/twice.err"
    # (under Open MPI the ranks are taken away with the daemons: no
    # handler of theirs writes anything, run.json is the first signal's)
    check "second signal: report.txt says so, once" [ "$(grep -c "^Interrupted by signal 15 before the ranks could agree" "$d/report.txt")" = 1 ]
fi
check "second signal: run.json says interrupted" [ "$(jq -r .status "$d/run.json")" = interrupted ]

# 3. a signal inside a long phase that runs on a communicator of its own
# (issue 26 class 8): tests/corrupt.so's MPIGAUGE_RAISE_AT=N makes rank 0
# signal itself at its N-th agreement step.  On 3 ranks the pairwise
# parameters are 6 ordered pairs in turn, a step each; HYBRID's comparison
# is MPI_Barrier and five candidates, a step before each.  The ranks stop
# at the next step, agree, and end the clean way: exit 130, the record
# says so, nothing waits for the grace period.
printf 'BARRIER INT 0 0 ADD 1 WORLD LINEAR 0 iters=20\nBCAST INT 1 1 ADD 1 WORLD NOP 0\n' > "$T/params.in"
d="$T/params"
MPIGAUGE_RAISE_AT=2 LD_PRELOAD="$PWD/tests/corrupt.so" timeout -k 30 120 \
    $MPIRUN -n 3 ./mpigauge --quiet -o "$d" "$T/params.in" > /dev/null 2> "$T/params.err"
rc=$?
check "signal during the parameters: exit 130 (got $rc)" [ "$rc" = 130 ]
check "... no grace-period message" [ "$(grep -c 'grace period' "$T/params.err")" = 0 ]
check "... run.json says interrupted" [ "$(jq -r .status "$d/run.json")" = interrupted ]
check "... the record says interrupted, not pending" [ "$(jq -r "$AT"'at(1).status' "$d/run.json")" = interrupted ]
check "... no parameter matrix written from half a measurement" [ -z "$(ls "$d" | grep '^params-')" ]
check "... the next record never started" [ "$(jq -r "$AT"'at(2).status' "$d/run.json")" = pending ]

printf 'BARRIER INT 0 0 ADD 1 WORLD HYBRID 0 iters=20\nBCAST INT 1 1 ADD 1 WORLD NOP 0\n' > "$T/hybrid.in"
d="$T/hybrid"
# 6 steps of parameters, then the comparison: rank 0 signals itself in the
# 8th (before LINEAR), the ranks agree in the 9th (before TREE)
MPIGAUGE_RAISE_AT=8 LD_PRELOAD="$PWD/tests/corrupt.so" timeout -k 30 120 \
    $MPIRUN -n 3 ./mpigauge --quiet -o "$d" "$T/hybrid.in" > /dev/null 2> "$T/hybrid.err"
rc=$?
check "signal during HYBRID's comparison: exit 130 (got $rc)" [ "$rc" = 130 ]
check "... no grace-period message" [ "$(grep -c 'grace period' "$T/hybrid.err")" = 0 ]
check "... the HYBRID record is done, with its barrier's pattern file" \
    [ "$(jq -r "$AT"'at(1) | .status + " " + .hybrid.pattern_file' "$d/run.json")" = "done 01-barrier-int-world-hybrid.hybrid.pat" ] && [ -s "$d/01-barrier-int-world-hybrid.hybrid.pat" ]
check "... MPI_Barrier compared, the candidates after the signal not" \
    [ "$(jq -c "$AT"'[at(1).hybrid.compared[] | .measured_us != null]' "$d/run.json")" = '[true,true,false,false,false,false]' ]
check "... the next record never started" [ "$(jq -r "$AT"'at(2).status' "$d/run.json")" = pending ]

summary signals
