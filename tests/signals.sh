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
# started DIR: waits until the first record's data file has a row
started() {
    for _ in $(seq 200); do
        [ -n "$(grep -sv '^#' "$1/01-bcast-int-world-nop.dat")" ] && return 0
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
check "hung job: no rank left behind (left: $(left "$d"))" wait_gone "$d" 10
check "hung job: the record before the hang is complete" [ "$(jq -r "$AT"'at(1).status' "$d/run.json")" = done ]
check "hung job: its rows are on disk" [ "$(grep -vc '^#' "$d/01-bcast-int-world-nop.dat")" = 2 ]
if ! $MPIRUN --version 2>&1 | grep -qE 'Open MPI|OpenRTE'; then
    # Open MPI 4.1's mpirun, signalled, passes nothing on: it exits, and
    # its ranks _exit(-61) when their daemon goes; no handler runs there
    check "hung job: run.json says interrupted" [ "$(jq -r .status "$d/run.json")" = interrupted ]
    check "hung job: a rank says why it stopped" grep -q "did not agree to stop within the grace period" "$T/term.err"
fi

# 2. a second SIGTERM ends a rank at once, without waiting for the grace
# period: the ranks get both signals from here, 1.5 s apart (one within a
# second of the first is taken for the launcher's echo of it)
d="$T/twice"
MPIGAUGE_HANG=1 LD_PRELOAD="$PWD/tests/corrupt.so" timeout -k 30 60 \
    $MPIRUN -n 2 ./mpigauge --quiet --iters 20 -o "$d" "$T/hang.in" > /dev/null 2> "$T/twice.err" &
launcher=$!
check "second signal: the run started" started "$d"
sleep 0.5     # rank 1 is inside the hanging MPI_Allreduce
pkill -TERM -f -- "-o $d "
sleep 1.5
pkill -TERM -f -- "-o $d "
check "second signal: every rank gone well within the grace period" wait_gone "$d" 2
wait "$launcher"
check "second signal: no grace-period message" [ "$(grep -c 'grace period' "$T/twice.err")" = 0 ]
if ! $MPIRUN --version 2>&1 | grep -qE 'Open MPI|OpenRTE'; then
    # under Open MPI the first signal also reaches mpirun, which takes the
    # daemons (and with them the ranks and their stderr) away
    check "second signal: a rank says so" grep -q "a second signal; stopping now" "$T/twice.err"
fi
check "second signal: run.json says interrupted" [ "$(jq -r .status "$d/run.json")" = interrupted ]

summary signals
