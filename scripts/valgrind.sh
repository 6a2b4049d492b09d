#!/usr/bin/env bash
# valgrind.sh [INPUT] (make valgrind): small inputs (default the
# collectives and the I/O calls of tests/inputs) on 2 ranks under
# valgrind (memcheck); passes when every rank reports no errors and no
# definitely lost bytes.  Prints each rank's summary lines.
set -u
cd "$(dirname "$0")/.."
MPIRUN=${MPIRUN:-mpirun}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
status=0
for input in ${1:-tests/inputs/coll.in tests/inputs/io.in}; do
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
exit $status
