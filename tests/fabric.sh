#!/usr/bin/env bash
# fabric.sh: the calls that load the fabric at once (FAN_IN, FAN_OUT,
# PERMUTATION, SHIFT) on 2 and 4 ranks: --check passes, and finds the
# fault injector's flipped bit in every call; the aggregate and per-pair
# bandwidths follow from the columns; run.json's fabric object (streams,
# PERMUTATION's seed and matchings); SHIFT's P x P matrix (diagonal empty,
# one block per size, its smallest entry the slowest pair's); the same
# seed draws the same partners and the measured pairs are the drawn ones;
# FAN_IN's root slots (a slot a message, or senders in turns past 16
# senders' windows: --check and the fault injector in turns, and
# --validate --ranks 4096 of inputs/quick.in with its largest buffers);
# --validate's counted measurements; seed= and window= errors with their
# line and column.  Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/fabric
scratch "$T"
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"

cat > "$T/fabric.in" <<'IN'
FAN_IN      DOUBLE 1 4096 MUL 64 WORLD NOP 0 window=8
FAN_OUT     INT    1 1024 MUL 32 WORLD NOP 0 window=4 root=1
PERMUTATION DOUBLE 1 4096 MUL 64 WORLD NOP 0 window=8 seed=7
SHIFT       DOUBLE 1 4096 MUL 64 WORLD NOP 0 window=8
SHIFT       STRUCT 1 64   MUL 8  WORLD NOP 0 window=2
IN
F=(01-fan_in-double-world-nop 02-fan_out-int-world-nop
   03-permutation-double-world-nop 04-shift-double-world-nop)

# close A B: |A - B| within 0.1% (and 0.002 for the rounding of %.3f)
near='(v1 - X) ^ 2 <= (0.002 + 1e-3 * v1) ^ 2'

for p in 2 4; do
    d="$T/r$p"
    $MPIRUN -n $p ./mpigauge --check --iters 20 --warmup 2 --quiet -o "$d" "$T/fabric.in" > /dev/null 2> "$d.err"
    check "$p ranks: --check exits 0" [ $? = 0 ]
    check "$p ranks: every record done, check passed" \
        [ "$(jq "$EVERY"'every(.records[]; .status == "done" and .check == "passed")' "$d/run.json")" = true ]
    check "$p ranks: five records" [ "$(jq '.records | length' "$d/run.json")" = 5 ]
    # the family and the streams in flight
    check "$p ranks: the fabric family, streams P-1, P-1, P, P" \
        [ "$(jq -c '[.records[0:4][] | .fabric.streams]' "$d/run.json")" = "[$((p - 1)),$((p - 1)),$p,$p]" ]
    # samples: a rank each for the fans, every pair of every phase else
    check "$p ranks: FAN_IN and FAN_OUT have a sample a rank" \
        rows "$d/${F[0]}.dat" "v1 == $p" samples
    check "$p ranks: PERMUTATION has 4 matchings x $p ranks of samples" \
        rows "$d/${F[2]}.dat" "v1 == 4 * $p" samples
    check "$p ranks: SHIFT has P (P-1) samples" rows "$d/${F[3]}.dat" "v1 == $p * ($p - 1)" samples
    check "$p ranks: FAN_IN's mbps = (P-1) bytes / t_avg" \
        rows "$d/${F[0]}.dat" "${near/X/($p - 1) * v2 / v3}" mbps bytes t_avg_us
    check "$p ranks: FAN_OUT's mbps = (P-1) bytes / t_avg" \
        rows "$d/${F[1]}.dat" "${near/X/($p - 1) * v2 / v3}" mbps bytes t_avg_us
    check "$p ranks: SHIFT's mbps = P bytes / t_avg" \
        rows "$d/${F[3]}.dat" "${near/X/$p * v2 / v3}" mbps bytes t_avg_us
    for i in 2 3; do
        f="$d/${F[$i]}.dat"
        check "$p ranks: ${F[$i]}: pair_mbps_min = bytes / t_max" \
            rows "$f" "${near/X/v2 / v3}" pair_mbps_min bytes t_max_us
        check "$p ranks: ${F[$i]}: pair_mbps_max = bytes / t_min" \
            rows "$f" "${near/X/v2 / v3}" pair_mbps_max bytes t_min_us
        check "$p ranks: ${F[$i]}: min <= median <= max" \
            rows "$f" 'v1 > 0 && v1 <= v2 + 0.001 && v2 <= v3 + 0.001' pair_mbps_min pair_mbps_med pair_mbps_max
    done
    check "$p ranks: the fans have no pair columns" [ -z "$(colno "$d/${F[0]}.dat" pair_mbps_min)" ]
    # PERMUTATION: seed and matchings in run.json, the header and the prose
    check "$p ranks: run.json: seed 7, 4 matchings of $p ranks" \
        [ "$(jq -c "$AT"'at(3).fabric | [.seed, (.matchings | length), (.matchings | map(length) | unique)]' "$d/run.json")" = "[7,4,[$p]]" ]
    check "$p ranks: every matching a perfect one (partner of partner, no rank its own)" \
        [ "$(jq "$AT$EVERY"'every(at(3).fabric.matchings[]; . as $m | [range(length)] | all(. as $r | $m[$r] != $r and $m[$m[$r]] == $r))' "$d/run.json")" = true ]
    check "$p ranks: the header says the seed" grep -q '^# permutations: seed 7, 4 random perfect matchings' "$d/${F[2]}.dat"
    check "$p ranks: the prose says the seed" grep -q '^  Permutations: seed 7, ' "$d/report.txt"
    check "$p ranks: seed and matchings null where nothing is drawn" \
        [ "$(jq -c "$AT"'[at(1).fabric.seed, at(4).fabric.matchings]' "$d/run.json")" = '[null,null]' ]
    # SHIFT's matrix: P x P per size, the diagonal nan, the rest positive
    m="$d/${F[3]}.matrix.dat"
    check "$p ranks: run.json names the matrix" \
        [ "$(jq -r "$AT"'at(4).fabric.matrix' "$d/run.json")" = "${F[3]}.matrix.dat" ]
    check "$p ranks: the matrix has a block per size (3)" [ "$(grep -c '^# elements [0-9]' "$m")" = 3 ]
    check "$p ranks: every block is P x P, diagonal nan, the rest > 0" awk -v p=$p '
        /^# elements [0-9]/ { if (rows) bad += rows != p; rows = 0; next }
        /^#/ || !NF { next }
        { bad += NF != p
          for (j = 1; j <= NF; j++) bad += (j == rows + 1) ? ($j != "nan") : !($j + 0 > 0)
          rows++ }
        END { bad += rows != p; exit bad != 0 }' "$m"
    # its smallest entry is the slowest pair (the column, to its rounding)
    mins=$(awk '/^# elements [0-9]/ { if (b) print min; b = 1; min = 1e300; next } /^#/ || !NF { next }
        { for (j = 1; j <= NF; j++) if ($j != "nan" && $j + 0 < min) min = $j + 0 }
        END { print min }' "$m" | tr '\n' ' ')
    cols=$(column "$d/${F[3]}.dat" pair_mbps_min | tr '\n' ' ')
    check "$p ranks: each block's smallest entry is pair_mbps_min ($mins / $cols)" \
        awk -v a="$mins" -v b="$cols" 'BEGIN { n = split(a, x); m = split(b, y); bad = n != m || n != 3
            for (i = 1; i <= n; i++) bad += (x[i] - y[i]) ^ 2 > (0.001 + 1e-3 * y[i]) ^ 2; exit bad }'
    check "$p ranks: SHIFT of STRUCT: done, checked" \
        [ "$(jq -c "$AT"'[at(5).status, at(5).check]' "$d/run.json")" = '["done","passed"]' ]
done

# ---- the same seed, the same partners -------------------------------------
d="$T/r4"
$MPIRUN -n 4 ./mpigauge --check --iters 20 --warmup 2 --quiet -o "$T/again" "$T/fabric.in" > /dev/null 2> "$T/again.err"
check "again: exit 0" [ $? = 0 ]
check "again, seed 7: the same matchings in run.json" \
    [ "$(jq -c "$AT"'at(3).fabric.matchings' "$d/run.json")" = "$(jq -c "$AT"'at(3).fabric.matchings' "$T/again/run.json")" ]
check "again, seed 7: the same header line" \
    [ "$(grep '^# permutations' "$d/${F[2]}.dat")" = "$(grep '^# permutations' "$T/again/${F[2]}.dat")" ]
# the pairs the prose names (fastest and slowest at every size) are pairs
# of the drawn matchings
drawn=$(jq -r "$AT"'at(3).fabric.matchings[] | to_entries[] | "\(.key)->\(.value)"' "$d/run.json" | sort -u)
named=$(grep -oE '^  PERMUTATION .*\(fastest [0-9]+->[0-9]+ .* slowest [0-9]+->[0-9]+ ' "$d/report.txt" |
        grep -oE '[0-9]+->[0-9]+' | sort -u)
check "the measured pairs named in the prose are drawn ones ($(echo $named))" \
    [ -n "$named" ] && [ -z "$(comm -23 <(echo "$named") <(echo "$drawn"))" ]
sed 's/seed=7/seed=8/' "$T/fabric.in" > "$T/seed8.in"
$MPIRUN -n 1 ./mpigauge --validate --ranks 4 --quiet "$T/seed8.in" > /dev/null 2>&1
check "seed=8 is accepted" [ $? = 0 ]

# ---- --check fails under the fault injector -----------------------------
for p in 2 4; do
    MPIGAUGE_CORRUPT=1 LD_PRELOAD="$PWD/tests/corrupt.so" $MPIRUN -n $p ./mpigauge --check \
        --iters 1 --warmup 0 --quiet -o "$T/c$p" "$T/fabric.in" > /dev/null 2> "$T/c$p.err"
    check "$p ranks, flipped bits: exit 1" [ $? = 1 ]
    check "$p ranks, flipped bits: every record failed" \
        [ "$(jq "$EVERY"'every(.records[]; .check == "failed" and .mismatches > 0)' "$T/c$p/run.json")" = true ]
    # every message of every slot, partner and phase is verified: the
    # injector spoils one element of each (iters 1; window 8, 4, 8, 8, 2)
    want="[$((8 * (p - 1))),$((4 * (p - 1))),$((4 * p * 8)),$((p * (p - 1) * 8)),$((p * (p - 1) * 2))]"
    check "$p ranks, flipped bits: one wrong element a message ($want)" \
        [ "$(jq -c '[.records[] | [.points[].mismatches] | unique | if length == 1 then .[0] else . end]' "$T/c$p/run.json")" = "$want" ]
done

# ---- FAN_IN's root at scale: senders take turns in its slots -------------
# (issue 38: at 4096 ranks a slot for every message of every sender came
# to 128 GiB at the root).  MPIGAUGE_TEST_FAN_IN_WINDOWS=1 gives the root
# slots for one sender's window, so that 3 senders take turns on 4 ranks.
check "4 ranks, a slot for every message: run.json says so" \
    [ "$(jq -c "$AT"'at(1).fabric.root_slots' "$T/r4/run.json")" = '{"slots":24,"senders":3,"senders_at_a_time":3,"in_turns":false}' ]
check "... and the data file" grep -q '^# fan-in: the root receives into a slot for every message of its 3 senders (window=8 each, 24 slots), all posted at once$' "$T/r4/${F[0]}.dat"
printf '%s\n' 'FAN_IN DOUBLE 1 4096 MUL 8 WORLD NOP 0 window=4' 'FAN_IN INT 1 64 MUL 8 WORLD NOP 0 root=2' > "$T/turns.in"
MPIGAUGE_TEST_FAN_IN_WINDOWS=1 $MPIRUN -n 4 ./mpigauge --check --iters 10 --warmup 1 --quiet -o "$T/turns" "$T/turns.in" > /dev/null 2> "$T/turns.err"
check "4 ranks, senders in turns: --check exits 0" [ $? = 0 ]
check "... every record done, check passed" \
    [ "$(jq "$EVERY"'every(.records[]; .status == "done" and .check == "passed")' "$T/turns/run.json")" = true ]
check "... run.json: 4 and 64 slots, one sender at a time, in turns" \
    [ "$(jq -c '[.records[].fabric.root_slots | [.slots, .senders, .senders_at_a_time, .in_turns]]' "$T/turns/run.json")" = '[[4,3,1,true],[64,3,1,true]]' ]
check "... the data file says so" grep -q '^# fan-in: the root receives into 4 slots, window=4 for each of 1 senders at a time; its 3 senders take turns in them' "$T/turns/01-fan_in-double-world-nop.dat"
MPIGAUGE_CORRUPT=1 MPIGAUGE_TEST_FAN_IN_WINDOWS=1 LD_PRELOAD="$PWD/tests/corrupt.so" $MPIRUN -n 4 ./mpigauge --check \
    --iters 1 --warmup 0 --quiet -o "$T/turns-c" "$T/turns.in" > /dev/null 2> "$T/turns-c.err"
check "senders in turns, flipped bits: exit 1" [ $? = 1 ]
check "... every message verified as it landed: one wrong element each (3 x 4, 3 x 64)" \
    [ "$(jq -c '[.records[] | [.points[].mismatches] | unique]' "$T/turns-c/run.json")" = '[[12],[192]]' ]
# the shipped tour plans at 4096 ranks, and says its largest buffers
./mpigauge --validate --ranks 4096 inputs/quick.in > "$T/v4096.txt" 2> "$T/v4096.err"
rc=$?
check "--validate --ranks 4096 inputs/quick.in: exit 0 ($(head -c 200 "$T/v4096.err"))" [ "$rc" = 0 ]
check "... it names the largest buffers of one rank" grep -qE '^largest buffers of one rank: [0-9.]+ MiB \(line [0-9]+\)$' "$T/v4096.txt"
printf '%s\n' 'FAN_IN DOUBLE 65536 65536 MUL 2 WORLD NOP 0 window=64' > "$T/fan4096.in"
./mpigauge --validate --ranks 4096 "$T/fan4096.in" > "$T/f4096.txt" 2>&1
check "FAN_IN of 512 KiB, window=64, 4096 ranks: 16 windows at the root and one to send, 544.0 MiB" \
    grep -q '^largest buffers of one rank: 544.0 MiB (line 1)$' "$T/f4096.txt"

# ---- --validate: a measurement per phase ----------------------------------
$MPIRUN -n 1 ./mpigauge --validate --ranks 4 "$T/fabric.in" > "$T/plan.txt" 2>&1
check "--validate --ranks 4: exit 0" [ $? = 0 ]
got=$(grep -oE 'estimate: [0-9]+ measurements' "$T/plan.txt" | grep -oE '[0-9]+' | tr '\n' ' ')
check "measurements: fans 3, PERMUTATION 3 x 4, SHIFT 3 x 3 and 3 x 3 ($got)" [ "$got" = "3 3 12 9 9 " ]
$MPIRUN -n 2 ./mpigauge --validate "$T/fabric.in" > "$T/plan2.txt" 2>&1
got=$(grep -oE 'estimate: [0-9]+ measurements' "$T/plan2.txt" | grep -oE '[0-9]+' | tr '\n' ' ')
check "2 launched ranks: SHIFT 3 x 1 ($got)" [ "$got" = "3 3 12 3 3 " ]

# ---- one rank: nothing to pair ----------------------------------------------
$MPIRUN -n 1 ./mpigauge --quiet -o "$T/one" "$T/fabric.in" > /dev/null 2>&1
check "1 rank: every record skipped, no pairs" \
    [ "$(jq "$EVERY"'every(.records[]; .status == "skipped" and (.skipped | test("have no pairs")))' "$T/one/run.json")" = true ]

# ---- errors -----------------------------------------------------------------
cat > "$T/bad.in" <<'IN'
SEND        INT 1 8 MUL 2 WORLD NOP 0 seed=3
PERMUTATION INT 1 8 MUL 2 WORLD NOP 0 seed=x
PERMUTATION INT 1 8 MUL 2 WORLD NOP 0 seed=99999999999
SHIFT       INT 1 8 MUL 2 WORLD NOP 0 window=0
FAN_IN      INT 1 8 MUL 2 WORLD SUM 0
IN
$MPIRUN -n 2 ./mpigauge --validate --quiet "$T/bad.in" > /dev/null 2> "$T/bad.err"
check "bad input: exit 2" [ $? = 2 ]
check "seed= on SEND: line and column named" grep -q "^$T/bad.in:1:39: SEND draws nothing at random; seed= applies to PERMUTATION" "$T/bad.err"
check "seed=x: line 2 named" grep -q "^$T/bad.in:2:[0-9]*: .*seed" "$T/bad.err"
check "seed too large: line 3 named" grep -q "^$T/bad.in:3:[0-9]*: .*seed" "$T/bad.err"
check "window=0: line 4 named" grep -q "^$T/bad.in:4:[0-9]*: window must be at least 1" "$T/bad.err"
check "an op on FAN_IN: line 5 named" grep -q "^$T/bad.in:5:[0-9]*: " "$T/bad.err"
check "no folder made" [ ! -e results/bad ]

# ---- --list and the docs ------------------------------------------------------
check "--list: the four calls in the fabric family" \
    [ "$(./mpigauge --list | grep -cE '^  (FAN_IN|FAN_OUT|PERMUTATION|SHIFT) +fabric ')" = 4 ]
./mpigauge --list > "$T/list.txt"
check "--list: PERMUTATION takes seed=" grep -qE '^  PERMUTATION .*\[seed=\]( \[[a-z]+=\])*$' "$T/list.txt"
check "the reference lists them" [ "$(grep -cE '^\| `(FAN_IN|FAN_OUT|PERMUTATION|SHIFT)` \| fabric' docs/reference.md)" = 4 ]

# ---- the heat map ---------------------------------------------------------------
if command -v gnuplot > /dev/null; then
    bash scripts/plot.sh "$T/r4" > "$T/plots.txt" 2> "$T/plots.err"
    check "plot.sh: exit 0" [ $? = 0 ]
    check "plot.sh: a SHIFT heat map per size (3)" \
        [ "$(grep -c "${F[3]}-matrix-[0-9]*\.png" "$T/plots.txt")" = 3 ]
    check "the heat map is a PNG of 640x560" \
        file "$T/r4/plots/${F[3]}-matrix-4096.png" | grep -q 'PNG image data, 640 x 560'
else
    skip 3 "no gnuplot"
fi

summary fabric
