#!/usr/bin/env bash
# valgrind.sh [INPUT] (make valgrind): small inputs (default the
# collectives, the I/O calls and tests/inputs/features.in: non-blocking,
# persistent and neighbourhood collectives, pair rounds and samples, CHAR
# reductions, per-communicator results, streaming and one-sided) on 2 ranks under
# valgrind (memcheck); passes when every rank reports no errors and no
# definitely lost bytes.  Prints each rank's summary lines.
# Exit status: 0 clean, 1 when valgrind found something, 2 for bad
# arguments (INPUT not a file, or more than one argument; nothing run).
set -u
if [ $# -gt 1 ]; then
    echo "valgrind.sh: usage: valgrind.sh [INPUT]" >&2
    exit 2
fi
inputs=(tests/inputs/coll.in tests/inputs/io.in tests/inputs/features.in)
if [ $# = 1 ]; then
    [ -f "$1" ] || { echo "valgrind.sh: INPUT '$1' is not a file" >&2; exit 2; }
    inputs=("$(realpath "$1")")     # the script runs from the project's top
fi
command -v valgrind > /dev/null || { echo "valgrind.sh: needs valgrind" >&2; exit 2; }
cd "$(dirname "$0")/.."
MPIRUN=${MPIRUN:-mpirun}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
status=0
for input in "${inputs[@]}"; do
rm -rf "$T"/*
$MPIRUN -n 2 valgrind --error-exitcode=9 --leak-check=full \
    --errors-for-leak-kinds=definite --suppressions=scripts/valgrind.supp \
    --log-file="$T/vg.%p.log" \
    ./mpigauge --check --iters 2 --quiet -o "$T/out" "$input" > /dev/null
rc=$?
bad=0
for log in "$T"/vg.*.log; do
    grep -hE 'ERROR SUMMARY|definitely lost' "$log"
    grep -q 'ERROR SUMMARY: 0 errors' "$log" || bad=1
    grep -qE 'definitely lost: 0 bytes|All heap blocks were freed' "$log" || bad=1
done
if [ "$rc" != 0 ] || [ "$bad" != 0 ]; then
    echo "valgrind: FAILED (exit $rc, $input)"
    status=1
else
    echo "valgrind: clean on 2 ranks ($input)"
fi
done
# an empty -o (refused), and --keep-going over an invalid record
printf 'ALLREDUCE DOUBLE 1 8 MUL 2 WORLD SUM 0\nIBARRIER INT 0 0 ADD 1 WORLD MPI 0\n' > "$T/bad.in"
for args in "-o '' tests/inputs/p2p.in" "--keep-going -o $T/kg $T/bad.in"; do
    rm -f "$T"/vg.*.log
    eval "$MPIRUN -n 2 valgrind --error-exitcode=9 --leak-check=full \
        --errors-for-leak-kinds=definite --suppressions=scripts/valgrind.supp \
        --log-file=$T/vg.%p.log ./mpigauge --iters 2 --quiet $args" > /dev/null 2>&1
    rc=$?
    if grep -L 'ERROR SUMMARY: 0 errors' "$T"/vg.*.log | grep -q . || [ "$rc" = 9 ]; then
        echo "valgrind: FAILED ($args)"
        status=1
    else
        echo "valgrind: clean on 2 ranks ($args, exit $rc)"
    fi
done
exit $status
