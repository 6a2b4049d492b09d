#!/usr/bin/env bash
# busbw.sh: busbw_mbps, nccl-tests' bus bandwidth, on the collectives that
# have a factor (src/registry/registry.h's enum busbw_kind) and on none of
# the others: equal to mbps times the factor at every point of the data
# file and of run.json, the factor said in the header and run.json for n
# the communicator's size, the prose and the page.  3 ranks.  Prints
# "busbw: N passed, N failed, N skipped".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/busbw
scratch "$T"
cat > "$T/b.in" <<'EOF'
ALLREDUCE DOUBLE 1 64 MUL 4096 WORLD SUM 0
IALLREDUCE DOUBLE 1 64 MUL 4096 WORLD SUM 0
ALLREDUCE_INIT DOUBLE 1 64 MUL 4096 WORLD SUM 0
ALLGATHER INT 1 64 MUL 4096 WORLD NOP 0
ALLTOALL INT 1 64 MUL 4096 WORLD NOP 0
IALLTOALL INT 1 64 MUL 4096 WORLD NOP 0
REDUCE_SCATTER_BLOCK INT 1 64 MUL 4096 WORLD SUM 0
BCAST CHAR 1 64 MUL 4096 WORLD NOP 0
REDUCE FLOAT 1 64 MUL 4096 WORLD SUM 0
GATHER INT 1 64 MUL 4096 WORLD NOP 0
ALLGATHERV INT 1 64 MUL 4096 WORLD NOP 0
REDUCE_SCATTER INT 1 64 MUL 4096 WORLD SUM 0
SEND CHAR 1 64 MUL 4096 WORLD NOP 0
EOF
d="$T/run"
$MPIRUN -n 3 ./mpigauge --quiet --iters 10 -o "$d" "$T/b.in" > /dev/null 2> "$T/run.err"
rc=$?
check_launch "3 ranks: the run exits 0 (got $rc)" "$rc" "$T/run.err"

# line, call, the factor for n = 3 as A/B: 2(n-1)/n, n-1 (a rank's
# share), 1
for want in "1 ALLREDUCE 4 3" "2 IALLREDUCE 4 3" "3 ALLREDUCE_INIT 4 3" "4 ALLGATHER 2 1" \
            "5 ALLTOALL 2 1" "6 IALLTOALL 2 1" "7 REDUCE_SCATTER_BLOCK 2 1" "8 BCAST 1 1" "9 REDUCE 1 1"; do
    set -- $want
    l=$1 call=$2 a=$3 b=$4 f=$(awk "BEGIN { printf \"%.17g\", $3 / $4 }")
    file="$d/$(jq -r "$AT"'at('"$l"').file' "$d/run.json")"
    check "$call: run.json's factor is $a/$b for n = 3" \
        jq -e >/dev/null --argjson l "$l" --argjson a "$a" --argjson b "$b" "$AT"'at($l).busbw | .n == 3 and ((.factor - $a / $b) | fabs) < 1e-12' "$d/run.json"
    check "$call: every run.json point: busbw_mbps = mbps x $a/$b" \
        jq -e >/dev/null --argjson l "$l" --argjson a "$a" --argjson b "$b" "$EVERY$AT"'every(at($l).points[]; .busbw_mbps > 0 and ((.busbw_mbps - .mbps * $a / $b) | fabs) <= 1e-9 * .busbw_mbps)' "$d/run.json"
    # the data file prints 3 decimals: within half a unit of the last
    # digit of each, carried through the factor
    check "$call: every data-file row: busbw_mbps = mbps x $a/$b" \
        rows "$file" "v2 >= 0 && (v2 - v1 * $f < 0.0005 * ($f + 1) && v1 * $f - v2 < 0.0005 * ($f + 1))" mbps busbw_mbps
    check "$call: the header says the factor" grep -q "^# busbw_mbps: bus bandwidth as nccl-tests reports it, mbps x .*n = 3 .*: x $(awk "BEGIN { printf \"%.6g\", $f }")\$" "$file"
done
for want in "10 GATHER" "11 ALLGATHERV" "12 REDUCE_SCATTER" "13 SEND"; do
    set -- $want
    file="$d/$(jq -r "$AT"'at('"$1"').file' "$d/run.json")"
    check "$2: no busbw_mbps column, an mbps column" [ "$(colno "$file" busbw_mbps)/$(colno "$file" mbps)" = "/6" ]
    check "$2: no busbw in run.json, on the record or a point" \
        jq -e >/dev/null --argjson l "$1" "$AT"'at($l) | .busbw == null and (.points | length > 0) and all(.points[]; has("busbw_mbps") | not)' "$d/run.json"
done
check "the prose gives the bus bandwidth for the 9 records with one" \
    [ "$(grep -c 'bus bandwidth [0-9.]* MB/s' "$d/report.txt")" -ge 9 ]
check "run.json validates against the schema" python3 tests/validate_runs.py schema/run.schema.json "$d/run.json" > /dev/null
bash scripts/report.sh "$d" > /dev/null 2> "$T/page.err"
check "the page says the bus bandwidth of the 9 records with one" \
    [ "$(grep -o 'Bus bandwidth (<code>busbw_mbps</code>' "$d/report.html" | wc -l)" = 9 ]

summary busbw
