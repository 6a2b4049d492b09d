#!/usr/bin/env bash
# launches.sh: launch sets and comparisons across launches (issues 36 and
# 51).  Every verdict is checked on launch folders whose numbers are known
# (constructed by fake_set, or two real sets recorded under tests/data/sets
# and compared against committed expected output), never on fresh launches:
# the ratio B/A with its interval, slower / faster / no-change / undecided
# against the tolerance, the gate, the looks of --until-decided, the
# launch modes, single runs, launches left out, unlike runs, bad arguments.
# The live launches check what does not depend on speed: scripts/
# launches.sh's sets (the order in turn, shuffled orders, files that keep
# their names, set.json), --until-decided's looks and stopping rule
# against the comparison it made itself, and the verdicts of a live pair
# against the intervals that pair reported.
# Prints "launches: N passed, N failed, N skipped".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/launches
scratch "$T"
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
L=scripts/launches.sh
D=tests/data/sets
cat > "$T/three.in" <<'IN'
SEND CHAR 1 64 MUL 8 WORLD NOP 0 iters=500
ALLREDUCE INT 1 64 MUL 8 WORLD SUM 0 iters=500
EXSCAN INT 1 64 MUL 8 WORLD SUM 0 iters=500
IN
# jq: the verdict an interval allows against tolerance $t (docs/report.md),
# to check a comparison against its own numbers
# (an interval whose coverage falls short of 1 - 2 alpha, too few launches,
# decides nothing)
VERDICT='def verdict($t): if .ratio_lo == null or .coverage < 1 - 2 * .alpha - 1e-12 then "undecided" elif .ratio_lo > 1 then "slower" elif .ratio_hi < 1 then "faster" elif .ratio_lo >= 1 / (1 + $t) and .ratio_hi <= 1 + $t then "no-change" else "undecided" end;'

# ---- bad arguments: exit 2, named, nothing made
bash $L -n x -o "$T/bad" -- $MPIRUN -n 2 ./mpigauge "$T/three.in" > /dev/null 2> "$T/err"
check "launches.sh -n x: exit 2, named, no folder" [ "$?/$(grep -c "\-n 'x'" "$T/err")/$([ -e "$T/bad" ]; echo $?)" = 2/1/1 ]
bash $L -n 2 -o "$T/bad" -- $MPIRUN -n 2 ./mpigauge "$T/none.in" > /dev/null 2> "$T/err"
check "launches.sh, INPUT missing: exit 2, named, no folder" [ "$?/$(grep -c "INPUT '$T/none.in'" "$T/err")/$([ -e "$T/bad" ]; echo $?)" = 2/1/1 ]
mkdir -p "$T/full" && touch "$T/full/x"
bash $L -n 2 -o "$T/full" -- $MPIRUN -n 2 ./mpigauge "$T/three.in" > /dev/null 2> "$T/err"
check "launches.sh, SET not empty: exit 2, said" [ "$?/$(grep -c "is not empty" "$T/err")" = 2/1 ]
bash $L -n 2 -o "$T/bad" -- $MPIRUN -n 2 ./mpigauge --iters -1 "$T/three.in" > /dev/null 2> "$T/err"
check "launches.sh, the first launch refuses its options: exit 2, no folder, mpigauge's reason shown" [ "$?/$([ -e "$T/bad" ]; echo $?)/$(grep -c "^mpigauge: --iters '-1'" "$T/err")" = 2/1/1 ]
bash $L -n 2 -o "$T/bad" -- $MPIRUN -n 2 ./mpigauge "$T/three.in" -- $MPIRUN -n 2 ./mpigauge "$T/three.in" > /dev/null 2> "$T/err"
check "launches.sh, a second command without a second set: exit 2, said, no folder" [ "$?/$(grep -c 'needs a second set' "$T/err")/$([ -e "$T/bad" ]; echo $?)" = 2/1/1 ]
for args in "--until-decided -o $T/bad" "--max 10 -n 5 -o $T/bad" "--until-decided --max 3 -n 5 -o $T/bad -o $T/bad2" \
            "--until-decided --time 5x -o $T/bad -o $T/bad2" "--until-decided --fail-above .5 -o $T/bad -o $T/bad2" \
            "--until-decided --step 0 -o $T/bad -o $T/bad2"; do
    # shellcheck disable=SC2086
    bash $L $args -- $MPIRUN -n 2 ./mpigauge "$T/three.in" > /dev/null 2> "$T/err"
    check "launches.sh $args: exit 2, said, no folder" [ "$?/$(wc -l < "$T/err")/$([ -e "$T/bad" ]; echo $?)" = 2/1/1 ]
done

# ---- constructed sets: the numbers are known, so is every verdict
# A = 10.0 .. 10.4; B 20% above it (every ratio 1.154 to 1.24: B's median
# 12.2 over A's 10.2 is 1.196, the interval [r(3), r(23)] of the 25 ratios
# = [12/10.3, 12.4/10.1]); a size alike in both (ratios 0.996 .. 1.004);
# a size 1..16 against 3..48 (ratio 3 [3/8, 24], undecided); a size in two
# modes, 1.0 and 2.0, drawn 3:2 by A and 2:3 by B
cat > "$T/a.tab" <<'EOF'
01-send.dat 1 10.0 10.1 10.2 10.3 10.4
01-send.dat 8 1.000 1.001 1.002 1.003 1.004
01-send.dat 64 1 2 4 8 16
02-modes.dat 1 1.00 1.01 1.02 2.00 2.02
EOF
cat > "$T/b.tab" <<'EOF'
01-send.dat 1 12.0 12.1 12.2 12.3 12.4
01-send.dat 8 1.004 1.003 1.002 1.001 1.000
01-send.dat 64 3 6 12 24 48
02-modes.dat 1 1.00 1.01 2.00 2.01 2.02
EOF
fake_set "$T/fa" "$T/a.tab"
fake_set "$T/fb" "$T/b.tab"
./mpigauge --compare "$T/fa" "$T/fb" --json > "$T/f.json"
check "constructed: exit 0 without a gate" [ $? = 0 ]
at() { jq -r --arg f "$1" --argjson e "$2" ".records[] | select(.file == \$f) | .sizes[] | select(.elements == \$e) | $3" "$T/f.json"; }
check "constructed: B 20% above A is slower, ratio 1.1961 [1.1650, 1.2277]" [ "$(at 01-send.dat 1 '[.verdict, (.ratio, .ratio_lo, .ratio_hi | . * 10000 | round / 10000)] | join(" ")')" = "slower 1.1961 1.165 1.2277" ]
check "constructed: the interval's coverage 1 - 2 * 4/252 and 5 launches a side" [ "$(at 01-send.dat 1 '[(.coverage * 1e6 | round), .launches_a, .launches_b] | join(" ")')" = "968254 5 5" ]
check "constructed: a size alike in both is no-change (within 5%)" [ "$(at 01-send.dat 8 '.verdict + " " + (.settled | tostring)')" = "no-change true" ]
check "constructed: ratio 3 [3/8, 24] is undecided, with why and an estimate" [ "$(at 01-send.dat 64 '[.verdict, .ratio, .ratio_lo, .ratio_hi, (.why | test("spread too wide")), (.launches_to_settle > 5)] | join(" ")')" = "undecided 3 0.375 24 true true" ]
check "constructed: the default tolerance is 5%, no gate" [ "$(jq -c '[.tolerance_percent, .fail_above_percent, .regressed]' "$T/f.json")" = "[5,null,0]" ]
check "constructed: the modes named, with the launches each set drew" [ "$(at 02-modes.dat 1 '.modes | [.modes, (.groups[] | .a, .b)] | join(" ")')" = "2 3 2 2 3" ]
# within the modes: 6 + 6 ratios, S = U1 + U2 of (3, 2) and (2, 3), P(S = 0)
# = 1/100 and P(S <= 1) = 3/100: [r(1), r(12)] = [1/1.02, 1.01], no change
check "constructed: within the modes both drew, ratio 1 [1/1.02, 1.01], no change" [ "$(at 02-modes.dat 1 '.modes.within_shared_modes | [.verdict, .ratio, (.ratio_lo * 1e6 | round), .ratio_hi] | join(" ")')" = "no-change 1 980392 1.01" ]
check "constructed: the summary counts per verdict" [ "$(jq -c '[.records[0] | .slower, .faster, .no_change, .undecided]' "$T/f.json")" = "[1,0,1,1]" ]
./mpigauge --compare "$T/fa" "$T/fb" --fail-above 10% > "$T/f.out" 2> "$T/f.err"
check "--fail-above 10%: [1.165, 1.228] lies above it: exit 1, named" [ "$?/$(grep -c '^  01-send.dat: worst +19.6% \[+16.5%, +22.8%\] at 1 elements' "$T/f.err")" = 1/1 ]
check "... the text: a line per size, the verdict last, the interval beside the ratio" grep -qE '^01-send.dat +1 +10\.2000+ +12\.2000+ +1\.1961 +1\.1650 +1\.2277 +5 +5 slower$' "$T/f.out"
check "... the summary names the worst size with its interval and REGRESSED" grep -q '^summary 01-send.dat: 1 slower, 0 faster, 1 no-change, 1 undecided; worst +19.6% \[+16.5%, +22.8%\] at 1 elements (1 bytes): REGRESSED beyond 10%' "$T/f.out"
check "... the unsettled size said, with why" grep -q '^  unsettled at 64 elements: ratio 3 \[0.375, 24\] from 5 + 5 launches: the launches spread too wide' "$T/f.out"
check "... the modes said" grep -q '^  modes at 1 elements: the launch medians fall into 2 groups' "$T/f.out"
./mpigauge --compare "$T/fa" "$T/fb" --fail-above 25% > /dev/null 2>&1
check "--fail-above 25%: [1.165, 1.228] reaches past 1.25? no, lies below it: exit 0" [ $? = 0 ]
./mpigauge --compare "$T/fa" "$T/fb" --fail-above 20% --json > "$T/g.json" 2> /dev/null
check "--fail-above 20%: the interval straddles 1.2: not regressed, not settled (exit 0)" [ "$?/$(jq -r '.records[0].sizes[0] | [.regressed, .settled] | join(" ")' "$T/g.json")" = "0/false false" ]
./mpigauge --compare "$T/fa" "$T/fb" --tolerance 0.1% --json > "$T/h.json"
check "--tolerance 0.1%: the alike size (ratios 0.996 .. 1.004) is undecided" [ "$(jq -r '.records[0].sizes[1].verdict' "$T/h.json")/$(jq .tolerance_percent "$T/h.json")" = "undecided/0.1" ]
./mpigauge --compare "$T/fa" "$T/fa" > "$T/aa.out"
check "a set against itself: exit 0, nothing slower or faster" [ "$?/$(grep -cE '\.dat .* (slower|faster)$' "$T/aa.out")" = 0/0 ]
# too few launches: 3 against 3 cannot reach a 95% interval; 3 against 5 can
awk '{ print $1, $2, $3, $4, $5 }' "$T/a.tab" > "$T/a3.tab"
awk '{ print $1, $2, $3, $4, $5 }' "$T/b.tab" > "$T/b3.tab"
fake_set "$T/a3" "$T/a3.tab"
fake_set "$T/b3" "$T/b3.tab"
./mpigauge --compare "$T/a3" "$T/b3" --json > "$T/3.json"
check "3 against 3: every size undecided, too few launches" [ "$(jq "$EVERY"'every(.records[].sizes[]; .verdict == "undecided" and (.why | test("too few launches")))' "$T/3.json")" = true ]
./mpigauge --compare "$T/a3" "$T/fb" --json > "$T/35.json"
check "3 against 5: B 20% above is slower (1/C(8,3) = 1.8%)" [ "$(jq -r '.records[0].sizes[0].verdict' "$T/35.json")" = slower ]
./mpigauge --set "$T/a3" > /dev/null
check "a 3-launch set says a set as large cannot reach a 95% interval, and 3 against 5 can" grep -q 'cannot reach a 95% interval.*or 3 against 5' "$T/a3/set.txt"
./mpigauge --set "$T/fa" > /dev/null
check "set.json: the modes of a size, each group's launches by number" [ "$(jq -c '.records[1].sizes[0].modes | map(.launches)' "$T/fa/set.json")" = "[[1,2,3],[4,5]]" ]
check "set.txt: the modes said" grep -q '^    at 1 elements: 1.01 us (3 launches: 1 2 3), 2.01 us (2 launches: 4 5)' "$T/fa/set.txt"
check "set.json: no modes where the launches are one group" [ "$(jq '.records[0].sizes[0].modes' "$T/fa/set.json")" = null ]

# ---- the looks of --until-decided, on constructed sets of 10 looked at
# after 5 and 10: B's first launch at 9 (below every A) leaves look 1
# (5 + 5 at 2.5% / 4: U <= 0 needed, U is 5) straddling 1.05; at look 2
# the ten ratios below 1 are fewer than its critical count (about 20 at
# 10 + 10 and 2.5% * 3/4), and every other ratio is 1.15 or more: settled,
# regressed
cat > "$T/s1.tab" <<'EOF'
01-send.dat 1 10.0 10.1 10.2 10.3 10.4 10.01 10.11 10.21 10.31 10.41
EOF
cat > "$T/s2.tab" <<'EOF'
01-send.dat 1 9.0 12.1 12.2 12.3 12.4 12.01 12.11 12.21 12.31 12.41
EOF
fake_set "$T/sa" "$T/s1.tab"
fake_set "$T/sb" "$T/s2.tab"
echo '{"looks": [5, 10]}' > "$T/sa/looks.json"
echo '{"looks": [5, 10]}' > "$T/sb/looks.json"
./mpigauge --compare "$T/sa" "$T/sb" --fail-above 5% --json > "$T/s.json" 2> /dev/null
check "looks [5, 10]: the 20% size settled at look 10, regressed" [ "$(jq -r '.records[0].sizes[0] | [.look, .launches_a, .settled, .regressed, (.ratio_lo >= 1.15)] | join(" ")' "$T/s.json")" = "10 10 true true true" ]
check "looks [5, 10]: the looks in the JSON" [ "$(jq -c .looks "$T/s.json")" = "[5,10]" ]
rm -rf "$T/sb/launch-"{6,7,8,9,10}
./mpigauge --compare "$T/sa" "$T/sb" --fail-above 5% --json > "$T/s5.json" 2> /dev/null
check "looks [5, 10] with 5 launches in B: look 1 only, not settled (9/10.4 to 12.4/10)" [ "$(jq -r '.records[0].sizes[0] | [.look, .launches_b, .settled, .verdict, (.ratio_lo * 1000 | round), (.ratio_hi * 1000 | round)] | join(" ")' "$T/s5.json")" = "5 5 false undecided 865 1240" ]
echo '{"looks": [5, 12]}' > "$T/sb/looks.json"
./mpigauge --compare "$T/sa" "$T/sb" > /dev/null 2> "$T/err"
check "looks that differ between the sets: exit 2, both files named" [ "$?/$(grep -c "$T/sa/looks.json has its looks and $T/sb/looks.json has others" "$T/err")" = 2/1 ]
echo '{"looks": [5, 3]}' > "$T/sb/looks.json"
./mpigauge --compare "$T/sa" "$T/sb" > /dev/null 2> "$T/err"
check "looks not rising: exit 2, the file and field named" [ "$?/$(grep -c "$T/sb/looks.json: field \"looks\"" "$T/err")" = 2/1 ]

# ---- two recorded real sets: the comparison, as committed
for what in text json; do
    flag=()
    [ "$what" = json ] && flag=(--json)
    ./mpigauge --compare "$D/A" "$D/S" --fail-above 5% "${flag[@]}" > "$T/rec.$what" 2> /dev/null
    rc=$?
    sed -i "s|$D/|DATA/|g" "$T/rec.$what"
    if [ -n "${MPIGAUGE_UPDATE_EXPECTED:-}" ]; then
        cp "$T/rec.$what" "$D/compare.$what.expected"
    fi
    check "recorded sets (--compare $what): exit 1 (ALLREDUCE regressed), as $D/compare.$what.expected" \
        [ "$rc/$(diff "$D/compare.$what.expected" "$T/rec.$what" > "$T/rec.$what.diff"; echo $?)" = 1/0 ]
    [ -s "$T/rec.$what.diff" ] && head -20 "$T/rec.$what.diff" >&2
done
check "recorded sets: ALLREDUCE alone regressed, at 10 launches a side" [ "$(jq -c '[.records[] | select(.regressed) | .file]' "$T/rec.json")" = '["02-allreduce-double-world-sum.dat"]' ]
check "recorded sets: no SEND or EXSCAN size called no-change (their launches spread too wide)" [ "$(jq '[.records[] | select(.file != "02-allreduce-double-world-sum.dat") | .no_change] | add' "$T/rec.json")" = 0 ]
check "recorded sets: every verdict is the one its interval allows" [ "$(jq "$VERDICT$EVERY"'(.tolerance_percent / 100) as $t | every(.records[].sizes[]; .verdict == verdict($t))' "$T/rec.json")" = true ]

# ---- live: set A by launches.sh alone; then two sets in turn.  Only what
# does not depend on speed: files, order, counts, and each verdict against
# the interval the comparison itself reported
bash $L -n 5 -o "$T/A" --shuffle -- $MPIRUN -n 2 ./mpigauge --quiet "$T/three.in" > "$T/A.out" 2> "$T/A.err"
check "set A: exit 0" [ $? = 0 ]
check "set A: five launches, each complete" [ "$(jq -s '[.[] | select(.status == "complete")] | length' "$T"/A/launch-*/run.json)" = 5 ]
check "set A: set.json uses 5 of 5, leaves none out" [ "$(jq -c '[.launches.total, (.launches.used | length), (.launches.left_out | length)]' "$T/A/set.json")" = "[5,5,0]" ]
orders=$(for k in 1 2 3 4 5; do jq -c '[.records[].line]' "$T/A/launch-$k/run.json"; done | sort -u | wc -l)
check "--shuffle: the launches ran the records in more than one order ($orders)" [ "$orders" -gt 1 ]
check "--shuffle: every launch has the three data files by their line names" [ "$(ls "$T"/A/launch-*/0[123]-*.dat | wc -l)" = 15 ]
check "--shuffle: the seed is in run.json's options" [ "$(jq '.options.shuffle > 0' "$T/A/launch-2/run.json")" = true ]
check "set.json: 3 records of 3 sizes, 5 launch medians each" [ "$(jq '[.records[].sizes[] | select((.launch_medians_us | length) == 5)] | length' "$T/A/set.json")" = 9 ]
check "set.json: median within [min, max], the interval [min, max] at 93.75%" [ "$(jq "$EVERY"'every(.records[].sizes[]; .min_us <= .median_us and .median_us <= .max_us and .lo_us == .min_us and .hi_us == .max_us and (.coverage - 0.9375 | fabs) < 1e-9)' "$T/A/set.json")" = true ]
check "set.json: the median is the launch medians' median" [ "$(jq "$EVERY"'every(.records[].sizes[]; (.launch_medians_us | sort | .[2]) == .median_us)' "$T/A/set.json")" = true ]
check "set.txt: a table per record" [ "$(grep -c '^Line [123]: ' "$T/A/set.txt")" = 3 ]
spread=$(jq '[.records[].sizes[] | select(.spread_wider)] | length' "$T/A/set.json")
said=$(grep -c "spread wider than one launch's" "$T/A/set.txt")
check "set.txt: the sentence where launches spread wider ($spread sizes, said for $said records)" [ "$((spread > 0))" = "$((said > 0))" ]
modes=$(jq '[.records[].sizes[] | select(.modes != null)] | length' "$T/A/set.json")
check "set.txt: the modes said where set.json has them ($modes sizes)" [ "$((modes > 0))" = "$(grep -q '^  Launch modes:' "$T/A/set.txt" && echo 1 || echo 0)" ]
check "set.json: the fingerprint of its launches" [ "$(jq -c '[.fingerprint.ranks, .fingerprint.nodes]' "$T/A/set.json")" = "[2,1]" ]

bash $L -n 3 -o "$T/C" -o "$T/D" -- $MPIRUN -n 2 ./mpigauge --quiet "$T/three.in" \
    -- $MPIRUN -n 2 env LD_PRELOAD="$PWD/tests/launchvary.so" MPIGAUGE_SLOW_PCT=100 ./mpigauge --quiet "$T/three.in" > /dev/null 2> "$T/cd.err"
check "two sets of two commands in turn: exit 0" [ $? = 0 ]
check "... launched C D D C C D" [ "$(grep -oE '/[CD]: launch [0-9]+' "$T/cd.err" | tr -d '/:' | awk '{ printf "%s%s", $1, $3 }')" = C1D1D2C2C3D3 ]
./mpigauge --compare "$T/C" "$T/D" --json > "$T/cd.json" 2> /dev/null
check "... compared: every verdict the one its own interval allows" [ "$(jq "$VERDICT$EVERY"'(.tolerance_percent / 100) as $t | every(.records[].sizes[]; .verdict == verdict($t))' "$T/cd.json")" = true ]
check "... 3 a side cannot reach 95%: every size undecided" [ "$(jq "$EVERY"'every(.records[].sizes[]; .verdict == "undecided" and .launches_a == 3)' "$T/cd.json")" = true ]

# ---- --until-decided, live: its looks and where it stopped, checked
# against the comparisons it made (never against how fast anything was)
bash $L -o "$T/U" -o "$T/V" --until-decided -n 3 --step 2 --max 7 --fail-above 5% -- \
    $MPIRUN -n 2 ./mpigauge --quiet "$T/three.in" > "$T/uv.out" 2> "$T/uv.err"
rc=$?
n_u=$(ls -d "$T"/U/launch-*/ | wc -l)
check "--until-decided: exit 0 ($rc), looks.json in both sets [3, 5, 7]" [ "$rc/$(jq -c .looks "$T/U/looks.json")/$(jq -c .looks "$T/V/looks.json")" = "0/[3,5,7]/[3,5,7]" ]
check "--until-decided: stopped at a look ($n_u launches a side)" [ "$(case $n_u in 3|5|7) echo yes ;; esac)/$(ls -d "$T"/V/launch-*/ | wc -l)" = "yes/$n_u" ]
looks_said=$(grep -c '^launches.sh: look after [0-9]* launches a side' "$T/uv.err")
check "--until-decided: one look said per look made" [ "$looks_said" = "$(case $n_u in 3) echo 1 ;; 5) echo 2 ;; 7) echo 3 ;; esac)" ]
./mpigauge --compare "$T/U" "$T/V" --fail-above 5% --json > "$T/uv.json" 2> /dev/null
unsettled=$(jq .unsettled "$T/uv.json")
check "--until-decided: stopped early only with every size settled, else at --max 7 ($n_u, unsettled $unsettled)" [ "$([ "$n_u" = 7 ] || [ "$unsettled" = 0 ]; echo $?)" = 0 ]
check "--until-decided: the stop said, and the comparison printed" [ "$(grep -c '^launches.sh: stopped after' "$T/uv.err")/$(grep -c '^summary ' "$T/uv.out")" = 1/3 ]
check "--until-decided: each size reported at a look of the plan" [ "$(jq "$EVERY"'every(.records[].sizes[]; .look == 3 or .look == 5 or .look == 7)' "$T/uv.json")" = true ]

# ---- a set against a run, launches left out
./mpigauge --compare "$T/A" "$T/A/launch-1" > /dev/null 2> "$T/err"
check "a set against a single run: exit 2, said" [ "$?/$(grep -c 'a launch set and .* a single run' "$T/err")" = 2/1 ]
cp -r "$T/A" "$T/L"
rm -f "$T/L/set.json" "$T/L/set.txt"
jq '.status = "interrupted"' "$T/A/launch-2/run.json" > "$T/L/launch-2/run.json"
jq '.fingerprint.ranks = 3' "$T/A/launch-4/run.json" > "$T/L/launch-4/run.json"
./mpigauge --set "$T/L" > /dev/null
check "a set with an interrupted launch and one of 3 ranks: 3 of 5 used" [ "$(jq -c '[.launches.total, (.launches.used | length)]' "$T/L/set.json")" = "[5,3]" ]
check "... the interrupted one named with its records done" grep -q '^Left out: launch-2: interrupted (3 of 3 records done)' "$T/L/set.txt"
check "... the one of another fingerprint named" grep -q '^Left out: launch-4: its fingerprint differs' "$T/L/set.txt"
bash scripts/report.sh "$T/L" > /dev/null 2>&1
check "... and on its page" [ "$(grep -c '<p class="warn">Left out: launch-[24]' "$T/L/report.html")" = 2 ]
# a launch that ended before mpigauge made its folder (a wrapper that
# failed) leaves only its output: named, and counted among the launches
cp -r "$T/A" "$T/O"
rm -rf "$T/O/launch-3" "$T/O/set.json" "$T/O/set.txt"
echo "wrapper: no such module (exit 7)" > "$T/O/launch-3.out"
./mpigauge --set "$T/O" > /dev/null
check "a launch without its folder: 4 used of 5, named with its output" [ "$(jq -c '[.launches.total, (.launches.used | length)]' "$T/O/set.json")/$(grep -c "^Left out: launch-3: no result folder: the launch ended before mpigauge made it (its output: $T/O/launch-3.out)" "$T/O/set.txt")" = "[5,4]/1" ]
# a signal during the first launch: 128 + 15, not the failed summary's 1
# (the launch itself sends TERM to launches.sh, at a known step)
bash $L -n 3 -o "$T/sig" -- bash -c 'kill -TERM $PPID; exit 1' x "$T/three.in" > /dev/null 2> "$T/sig.err"
check "TERM during the first launch: exit 143, said" [ "$?/$(grep -c 'stopped by a signal after launch 1' "$T/sig.err")" = 143/1 ]
./mpigauge --set "$T/A/launch-1" > /dev/null 2> "$T/err"
check "--set on a single run: exit 2, said" [ "$?/$(grep -c 'one result folder, not a launch set' "$T/err")" = 2/1 ]
./mpigauge --set "$T/nowhere" > /dev/null 2> "$T/err"
check "--set on no folder: exit 2, named" [ "$?/$(grep -c "SET '$T/nowhere'" "$T/err")" = 2/1 ]

# ---- the set's page with a baseline: the comparison, the ratio plots
bash scripts/report.sh "$T/fb" "$T/fa" > "$T/page.out" 2> "$T/page.err"
P="$T/fb/report.html"
check "report.sh SET BASELINE: exit 0, the page named" [ "$?/$(cat "$T/page.out")" = "0/$P" ]
check "... a launch plot and a ratio plot per record (2 + 2), every one a data: image" [ "$(grep -c '<img class="wide" alt="launch medians' "$P")/$(grep -c '<img class="wide" alt="the ratio to the baseline' "$P")/$(grep -oE 'src="[^"]{0,5}' "$P" | grep -vc '"data:')" = 2/2/0 ]
check "... the row of the regressed-or-slower record red, the interval in it" [ "$(grep -c '<tr class="slower"><td><a href="#line-1">01-send.dat</a>.*+19.6% \[+16.5%, +22.8%\]' "$P")" = 1 ]

# a damaged set.json (its set's or the baseline's): exit 2 naming it, as
# report.sh's documented statuses (0, 1, 2) say, not jq's 4; no page
cp -r "$T/fb" "$T/dam"
rm -f "$T/dam/report.html"
echo '{"records": [' > "$T/dam/set.json"
bash scripts/report.sh "$T/dam" > /dev/null 2> "$T/dam.err"
rc=$?
check "report.sh SET on a damaged set.json: exit 2 ($rc), the file named, no page" \
    eval '[ $rc = 2 ] && grep -q "^report.sh: SET .*: $T/dam/set.json is not mpigauge --set.s" "$T/dam.err" && [ ! -e "$T/dam/report.html" ]'
echo '[1, 2]' > "$T/dam/set.json"
bash scripts/report.sh "$T/fa" "$T/dam" > /dev/null 2> "$T/dam.err"
rc=$?
check "report.sh SET BASELINE on a baseline set.json that is an array: exit 2 ($rc), named" \
    eval '[ $rc = 2 ] && grep -q "^report.sh: BASELINE_SET .*: $T/dam/set.json is not mpigauge --set.s" "$T/dam.err"'

# ---- single runs: the same words, from each run's own interval
mkrun() { # DIR T LO HI MET: a result folder of one record of one size
    mkdir -p "$1"
    touch "$1/.fixture"
    echo '{"mpigauge":"0.1.0","status":"complete","fingerprint":{"ranks":2},"records":[{"line":1,"file":"01-x.dat","status":"done","points":[{"elements":1,"bytes":1,"t_med_us":'"$2"',"ci_lo_us":'"$3"',"ci_hi_us":'"$4"',"target_met":'"$5"'}]}]}' > "$1/run.json"
}
mkrun "$T/r1" 10 9.9 10.1 true
mkrun "$T/r2" 12 11.9 12.1 true
mkrun "$T/r3" 10.05 10.0 10.2 true
mkrun "$T/r4" 12 11.9 12.1 false
mkrun "$T/r5" 12 null null true
single() { ./mpigauge --compare "$T/$1" "$T/$2" --fail-above 5% --json 2> /dev/null | jq -r '.records[0].sizes[0] | [.verdict, (.ratio_lo // 0 | . * 10000 | round / 10000), .regressed] | join(" ")'; }
check "single runs: [11.9/10.1, 12.1/9.9] is slower, regressed beyond 5%" [ "$(single r1 r2)" = "slower 1.1782 true" ]
check "single runs: [10/10.1, 10.2/9.9] within 5% is no-change" [ "$(single r1 r3)" = "no-change 0.9901 false" ]
check "single runs: a run that missed its target: undecided" [ "$(single r1 r4 | cut -d' ' -f1)" = undecided ]
check "single runs: no interval: undecided" [ "$(single r1 r5 | cut -d' ' -f1)" = undecided ]
./mpigauge --compare "$T/r1" "$T/r2" > "$T/r.out" 2> /dev/null
check "single runs: the output says the verdict covers one launch" grep -q '^# single runs: each verdict covers the noise within one launch only' "$T/r.out"

# ---- unlike runs: ranks, and nodes over two simulated hosts
$MPIRUN -n 2 ./mpigauge --quiet --iters 200 -o "$T/n2" "$T/three.in" > /dev/null 2>&1
$MPIRUN -n 3 ./mpigauge --quiet --iters 200 -o "$T/n3" "$T/three.in" > /dev/null 2>&1
./mpigauge --compare "$T/n2" "$T/n3" > "$T/u.out" 2> "$T/err"
check "2 ranks against 3: exit 2, the ranks named, nothing on stdout" [ "$?/$(grep -c '^  ranks: 2 in A, 3 in B' "$T/err")/$(wc -c < "$T/u.out")" = 2/1/0 ]
./mpigauge --compare "$T/n2" "$T/n3" --allow-different > "$T/u.out" 2> "$T/err"
check "--allow-different: compared, the difference printed above the verdicts" [ "$?/$(head -1 "$T/u.out")" = "0/# differs (--allow-different): ranks: 2 in A, 3 in B" ]
if cluster_launcher 60; then
    "${CLUSTER[@]}" ./mpigauge --quiet --iters 200 -o "$T/two-nodes" "$T/three.in" > /dev/null 2>&1
    $MPIRUN -n 4 ./mpigauge --quiet --iters 200 -o "$T/one-node" "$T/three.in" > /dev/null 2>&1
    ./mpigauge --compare "$T/one-node" "$T/two-nodes" > /dev/null 2> "$T/err"
    check "1 node against 2 simulated hosts: exit 2, the node count named" [ "$?/$(grep -c '^  nodes: 1 in A, 2 in B' "$T/err")" = 2/1 ]
else
    skip 1 "../shared/cluster or unshare not available: a 1-node run against a 2-node one"
fi
./mpigauge --compare "$T/fa" "$T/fb" --fail-above 5x > /dev/null 2> "$T/err"
check "--compare --fail-above 5x: exit 2, named" [ "$?/$(grep -c "\-\-fail-above '5x'" "$T/err")" = 2/1 ]
summary launches
