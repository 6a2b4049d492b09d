#!/usr/bin/env bash
# chain.sh: the chain family (SENDRECV_CHAIN, EXCHANGE: every rank with its
# neighbours at distance= along a periodic chain, as IMB's Sendrecv and
# Exchange) on 2 and 3 ranks: --check passes (the fault injector's
# flipped bit, the rates: tests/conformance.sh); a sample per rank;
# distance= in run.json and the header; the plan's own rule
# (a distance that is a multiple of P) skips with its reason; distance=
# errors named by line and column.  Then IMB's other point-to-point
# patterns on 3 and 4 ranks: PINGPING (a pair's two sends at once) and
# HALO (the halo family: radius= and dims=) with --check,
# HALO's plan rule, the fault injector, their errors.
# Prints "N passed, N failed".
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
done
check "2 ranks: distance=5 runs (5 mod 2 = 1)" [ "$(jq -r "$AT"'at(3).status' "$T/r2/run.json")" = done ]
check "3 ranks: DISTANCE=3 skipped by the family's rule, with why" \
    [ "$(jq -r "$AT"'at(4).skipped' "$T/r3/run.json")" = "distance=3 is a multiple of the 3 ranks of a WORLD communicator: every rank would be its own neighbour" ]
check "2 ranks: distance=3 runs" [ "$(jq -r "$AT"'at(4).status' "$T/r2/run.json")" = done ]
check "header: the # settings: line" grep -qx "# settings: distance=5" "$T/r3/03-exchange-struct-world-nop.dat"

# (the flipped bit in both calls: tests/conformance.sh)

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

# ---- IMB's other point-to-point patterns: PINGPING (pairs, both sending at
# once) and HALO (every rank with its grid neighbours up to radius=)
cat > "$T/imb.in" <<'IN'
PINGPING INT    1 1024 MUL 32 WORLD NOP 0
HALO     DOUBLE 1 1024 MUL 32 WORLD NOP 0 dims=1
HALO     INT    1 64   MUL 8  WORLD NOP 0 dims=1 radius=2
HALO     DOUBLE 1 64   MUL 8  WORLD NOP 0
HALO     STRUCT 1 16   MUL 4  WORLD NOP 0 dims=2 radius=2
HALO     DOUBLE 1 16   MUL 4  WORLD NOP 0 dims=3
IN
for n in 3 4; do
    $MPIRUN -n $n ./mpigauge --check --iters 4 --warmup 1 --quiet -o "$T/i$n" "$T/imb.in" > /dev/null 2> "$T/i$n.err"
    check "IMB patterns, $n ranks: exit 0" [ $? = 0 ]
    j="$T/i$n/run.json"
    check "$n ranks: PINGPING a sample a pair, checked" [ "$(jq -c --argjson n $n "$AT"'[at(1).status, at(1).check, (at(1).points | map(.samples) | unique)]' "$j")" = "[\"done\",\"passed\",[$((n * (n - 1) / 2))]]" ]
    check "$n ranks: HALO dims=1 a sample per rank, checked" [ "$(jq -c --argjson n $n "$AT$EVERY"'[at(2).check, every(at(2).points[]; .samples == $n)]' "$j")" = '["passed",true]' ]
done
check "HALO: the time is per message" grep -q "^# t_min_us t_avg_us t_max_us: each rank's average time per message" "$T/i4/02-halo-double-world-nop.dat"
check "HALO: record_settings radius and dims" [ "$(jq -c "$AT"'[at(3), at(5)] | map(.record_settings)' "$T/i4/run.json")" = '[{"radius":2,"dims":1},{"radius":2,"dims":2}]' ]
check "4 ranks: radius=2 on a ring of 4, dims=2 on 2 x 2, checked" [ "$(jq -c "$AT"'[at(3).check, at(4).check]' "$T/i4/run.json")" = '["passed","passed"]' ]
check "3 ranks: radius=2 on a ring of 3 checked (each neighbour twice)" [ "$(jq -r "$AT"'at(3).check' "$T/i3/run.json")" = passed ]
check "3 ranks: dims=2 skipped, the grid named" [ "$(jq -r "$AT"'at(4).skipped' "$T/i3/run.json")" = "dims=2 makes a grid of 3 x 1 of the 3 ranks of a WORLD communicator (MPI_Dims_create): radius=1 reaches round a dimension of 1 to a rank's own place" ]
check "4 ranks: radius=2 on 2 x 2 skipped" [ "$(jq -r "$AT"'at(5).status' "$T/i4/run.json")" = skipped ]
check "4 ranks: dims=3 on 2 x 2 x 1 skipped" [ "$(jq -r "$AT"'at(6).status' "$T/i4/run.json")" = skipped ]
MPIGAUGE_CORRUPT=1 LD_PRELOAD="$PWD/tests/corrupt.so" $MPIRUN -n 4 ./mpigauge --check \
    --iters 1 --warmup 0 --quiet -o "$T/icorrupt" "$T/imb.in" > /dev/null 2> "$T/icorrupt.err"
check "IMB patterns, flipped bits: exit 1" [ $? = 1 ]
check "IMB patterns, flipped bits: every record that ran failed" [ "$(jq -c "$AT"'[at_lines(1; 4)[].check] | unique' "$T/icorrupt/run.json")" = '["failed"]' ]
check "HALO: a flip in the last receive slot found (radius=2 on 4: slot 3 ends at element 255)" grep -q "line 3: HALO INT .*64 elements, rank ., element 255: " "$T/icorrupt.err"
cat > "$T/bad-halo.in" <<'IN'
HALO INT 1 8 MUL 2 WORLD NOP 0 radius=0
HALO INT 1 8 MUL 2 WORLD NOP 0 dims=4
EXCHANGE INT 1 8 MUL 2 WORLD NOP 0 radius=2
PINGPING INT 1 8 MUL 2 WORLD NOP 0 distance=2
IN
$MPIRUN -n 2 ./mpigauge -o "$T/bad-halo" "$T/bad-halo.in" > /dev/null 2> "$T/bad-halo.err"
check "bad halo: exit 2, no folder" [ "$?/$([ -e "$T/bad-halo" ] && echo yes || echo no)" = 2/no ]
check "radius=0 named" grep -qF "$T/bad-halo.in:1:39: radius must be at least 1" "$T/bad-halo.err"
check "dims=4 named" grep -qF "$T/bad-halo.in:2:37: dims 4 is too large (at most 3)" "$T/bad-halo.err"
check "radius= on EXCHANGE refused" grep -qF "$T/bad-halo.in:3:36: EXCHANGE is not a halo call; radius= applies to HALO" "$T/bad-halo.err"
check "distance= on PINGPING refused" grep -qF "$T/bad-halo.in:4:36: PINGPING is not a chain call" "$T/bad-halo.err"
summary chain
