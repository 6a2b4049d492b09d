#!/usr/bin/env bash
# chain.sh: the chain family (SENDRECV_CHAIN, EXCHANGE: every rank with its
# neighbours at distance= along a periodic chain, as IMB's Sendrecv and
# Exchange) on 2 and 3 ranks: --check passes and finds the fault
# injector's flipped bit; a sample per rank; mbps counts 2 and 4 messages
# a call; distance= in run.json and the header; the plan's own rule
# (a distance that is a multiple of P) skips with its reason; distance=
# errors named by line and column.  Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/chain
scratch "$T"
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"

cat > "$T/chain.in" <<'IN'
SENDRECV_CHAIN INT    1 1024 MUL 32 WORLD NOP 0
EXCHANGE       DOUBLE 1 1024 MUL 32 WORLD NOP 0
EXCHANGE       STRUCT 1 16   MUL 4  WORLD NOP 0 distance=5
SENDRECV_CHAIN INT    1 16   MUL 4  WORLD NOP 0 DISTANCE=3
IN
for n in 2 3; do
    $MPIRUN -n $n ./mpigauge --check --iters 4 --warmup 1 --quiet -o "$T/r$n" "$T/chain.in" > /dev/null 2> "$T/r$n.err"
    check "$n ranks: exit 0" [ $? = 0 ]
    j="$T/r$n/run.json"
    check "$n ranks: lines 1-3 measured and checked" [ "$(jq -c "$AT"'[at_lines(1; 3)[] | [.status, .check]] | unique' "$j")" = '[["done","passed"]]' ]
    check "$n ranks: a sample per rank" [ "$(jq --argjson n $n "$AT$EVERY"'every(at_lines(1; 3)[].points[]; .samples == $n)' "$j")" = true ]
    check "$n ranks: record_settings has distance" [ "$(jq -c "$AT"'[at(1), at(3)] | map(.record_settings.distance)' "$j")" = '[1,5]' ]
    # mbps: bytes x 2 (SENDRECV_CHAIN) or 4 (EXCHANGE) / t_avg_us
    check "$n ranks: mbps counts 2 and 4 messages a call" [ "$(jq "$AT$EVERY"'every((at(1).points[] | [2, .]), (at(2).points[] | [4, .]); (.[1].mbps - .[0] * .[1].bytes / .[1].t_avg_us | fabs) <= 1e-3 * .[1].mbps + 1e-3)' "$j")" = true ]
done
check "2 ranks: distance=5 runs (5 mod 2 = 1)" [ "$(jq -r "$AT"'at(3).status' "$T/r2/run.json")" = done ]
check "3 ranks: DISTANCE=3 skipped by the family's rule, with why" \
    [ "$(jq -r "$AT"'at(4).skipped' "$T/r3/run.json")" = "distance=3 is a multiple of the 3 ranks of a WORLD communicator: every rank would be its own neighbour" ]
check "2 ranks: distance=3 runs" [ "$(jq -r "$AT"'at(4).status' "$T/r2/run.json")" = done ]
check "header: the # settings: line" grep -qx "# settings: distance=5" "$T/r3/03-exchange-struct-world-nop.dat"

# the flipped bit is found in both calls
MPIGAUGE_CORRUPT=1 LD_PRELOAD="$PWD/tests/corrupt.so" $MPIRUN -n 3 ./mpigauge --check \
    --iters 1 --warmup 0 --quiet -o "$T/corrupt" "$T/chain.in" > /dev/null 2> "$T/corrupt.err"
check "flipped bits: exit 1" [ $? = 1 ]
check "flipped bits: lines 1-3 failed their check" [ "$(jq -c "$AT"'[at_lines(1; 3)[].check] | unique' "$T/corrupt/run.json")" = '["failed"]' ]

# errors: line and column, exit 2, nothing written
cat > "$T/bad.in" <<'IN'
SENDRECV_CHAIN INT 1 8 MUL 2 WORLD NOP 0 distance=0
SEND           INT 1 8 MUL 2 WORLD NOP 0 distance=2
EXCHANGE       INT 1 8 MUL 2 WORLD NOP 0 distance=x
IN
$MPIRUN -n 2 ./mpigauge -o "$T/bad" "$T/bad.in" > /dev/null 2> "$T/bad.err"
check "bad distance: exit 2, no folder" [ "$?/$([ -e "$T/bad" ] && echo yes || echo no)" = 2/no ]
check "distance=0 named" grep -qF "$T/bad.in:1:51: distance must be at least 1" "$T/bad.err"
check "distance= on SEND refused, owner named" grep -qF "$T/bad.in:2:42: SEND is not a chain call; distance= applies to SENDRECV_CHAIN and EXCHANGE" "$T/bad.err"
check "distance=x named" grep -qF "$T/bad.in:3:51: distance 'x' is not a number" "$T/bad.err"
summary chain
