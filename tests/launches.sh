#!/usr/bin/env bash
# launches.sh: launch sets and comparisons across launches (issue 36):
# scripts/launches.sh's sets (shuffled orders, files that keep their
# names, set.json and set.txt), mpigauge --set's statistics, and
# mpigauge --compare / compare.sh's verdicts: identical sets not called
# regressed, one record slowed on purpose (tests/launchvary.so) called
# slower and nothing else, single runs that missed their targets
# inconclusive, unlike runs refused naming the difference (ranks; nodes
# over the simulated hosts of ../shared/cluster), launches left out of a
# set by status and fingerprint, and bad arguments.
# Prints "launches: N passed, N failed, N skipped".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/launches
scratch "$T"
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
L=scripts/launches.sh
cat > "$T/three.in" <<'IN'
SEND CHAR 1 64 MUL 8 WORLD NOP 0 iters=500
ALLREDUCE INT 1 64 MUL 8 WORLD SUM 0 iters=500
EXSCAN INT 1 64 MUL 8 WORLD SUM 0 iters=500
IN
# set NAME [ENV...]: a 5-launch set of three.in on 2 ranks, shuffled
set5() {
    local name=$1
    shift
    bash $L -n 5 -o "$T/$name" --shuffle -- $MPIRUN -n 2 env "$@" \
        LD_PRELOAD="$PWD/tests/launchvary.so" ./mpigauge --quiet "$T/three.in" \
        > "$T/$name.out" 2> "$T/$name.err"
}

# ---- bad arguments: exit 2, named, nothing made
bash $L -n x -o "$T/bad" -- $MPIRUN -n 2 ./mpigauge "$T/three.in" > /dev/null 2> "$T/err"
check "launches.sh -n x: exit 2, named, no folder" [ "$?/$(grep -c "\-n 'x'" "$T/err")/$([ -e "$T/bad" ]; echo $?)" = 2/1/1 ]
bash $L -n 2 -o "$T/bad" -- $MPIRUN -n 2 ./mpigauge "$T/none.in" > /dev/null 2> "$T/err"
check "launches.sh, INPUT missing: exit 2, named, no folder" [ "$?/$(grep -c "INPUT '$T/none.in'" "$T/err")/$([ -e "$T/bad" ]; echo $?)" = 2/1/1 ]
mkdir -p "$T/full" && touch "$T/full/x"
bash $L -n 2 -o "$T/full" -- $MPIRUN -n 2 ./mpigauge "$T/three.in" > /dev/null 2> "$T/err"
check "launches.sh, SET not empty: exit 2, said" [ "$?/$(grep -c "is not empty" "$T/err")" = 2/1 ]
bash $L -n 2 -o "$T/bad" -- $MPIRUN -n 2 ./mpigauge --iters -1 "$T/three.in" > /dev/null 2> "$T/err"
check "launches.sh, the first launch refuses its options: exit 2, no folder" [ "$?/$([ -e "$T/bad" ]; echo $?)" = 2/1 ]

# ---- set A by launches.sh alone; then two pairs of sets of 7 launches,
# each pair launched in turn (launches.sh -o X -o Y: X Y Y X X Y ...), so
# that a change in the machine's load falls on both alike (the rule
# assumes exchangeable launches): C and D of one command (alike), B and S
# with S's EXSCAN slowed by a spin of 100% of each call (a 30% spin, as
# before 2026-11-27, came to 10-25% in bench/launch_sets.sh and to +47%
# and +51% in two runs, but once in CI to nothing the rule could call
# slower: on this VM a launch's mode can move EXSCAN by 20% within a set;
# a 100% spin came to +131% and +132% in two runs).  7 a side, because one launch far off
# (MPICH's launches are bimodal here) adds 7 to U, and 7 + 7 launches still
# call a size slower up to U = 8, where 5 + 5 stop at U = 2
set5 A
check "set A: exit 0" [ $? = 0 ]
vary=(env LD_PRELOAD="$PWD/tests/launchvary.so")
# C and D: each launch drawn a random extra delay of up to 3% (the jitter
# of launches on a shared machine), which the set rule must not call a
# regression.  Chance alone does so now and then: up to 2.5% a size, and
# a record of 3 sizes up to 7.5% (docs/report.md), when its ratio is past
# the gate too (MPICH's launches are bimodal here: one set drawing more
# slow launches moves its median by 10% or more; a CI run on 2026-11-27
# saw it once).  So a pair called regressed is launched once more, from
# scratch, and the checks below read the second: chance twice in a row is
# under 0.6%, while a rule that calls alike sets slower fails both.
cd_pair() {
    rm -rf "$T/C" "$T/D"
    bash $L -n 7 -o "$T/C" -o "$T/D" --shuffle -- $MPIRUN -n 2 "${vary[@]}" MPIGAUGE_JITTER_PCT=3 ./mpigauge --quiet "$T/three.in" \
        > /dev/null 2> "$T/cd.err"
}
# cd_alike: C and D compared, nothing regressed
cd_alike() {
    ./mpigauge --compare "$T/C" "$T/D" --fail-above 10% --json > "$T/ab.json"
    [ "$(jq .regressed "$T/ab.json")" = 0 ] && return 0
    echo "note: identical sets C and D called regressed: $(jq -c '[.records[] | select(.regressed) | .file, .worst_ratio]' "$T/ab.json")"
    return 1
}
tries 2 cd_alike cd_pair
cd_rc=$?
check "two sets of one command in turn: exit 0" [ "$cd_rc" = 0 ]
check "... launched C D D C C D D ..." [ "$(grep -oE '/[CD]: launch [0-9]+' "$T/cd.err" | head -7 | tr -d '/:' | awk '{ printf "%s%s", $1, $3 }')" = C1D1D2C2C3D3D4 ]
# B and S: the same chance can call SEND or ALLREDUCE regressed besides
# EXSCAN, so a pair whose verdicts are not EXSCAN's alone is launched once
# more, as C and D are
bs_pair() {
    rm -rf "$T/B" "$T/S"
    bash $L -n 7 -o "$T/B" -o "$T/S" -- $MPIRUN -n 2 "${vary[@]}" ./mpigauge --quiet "$T/three.in" \
        -- $MPIRUN -n 2 "${vary[@]}" MPIGAUGE_SLOW_PCT=100 ./mpigauge --quiet "$T/three.in" > /dev/null 2>&1
}
# bs_exscan: B and S compared, EXSCAN alone regressed
bs_exscan() {
    ./mpigauge --compare "$T/B" "$T/S" --fail-above 10% --json > "$T/bs.json"
    [ "$(jq -c '[.records[] | select(.regressed) | .file]' "$T/bs.json")" = '["03-exscan-int-world-sum.dat"]' ] && return 0
    echo "note: B and S regressed $(jq -c '[.records[] | select(.regressed) | .file, .worst_ratio]' "$T/bs.json"), not EXSCAN alone"
    return 1
}
tries 2 bs_exscan bs_pair
bs_rc=$?
check "two sets of two commands in turn (S's EXSCAN slowed): exit 0" [ "$bs_rc" = 0 ]
for x in B C D S; do
    check "set $x: summarised, 7 launches used" [ "$(jq '.launches.used | length' "$T/$x/set.json")" = 7 ]
done
bash $L -n 2 -o "$T/X" -- $MPIRUN -n 2 ./mpigauge "$T/three.in" -- $MPIRUN -n 2 ./mpigauge "$T/three.in" > /dev/null 2> "$T/err"
check "launches.sh, a second command without a second set: exit 2, said, no folder" [ "$?/$(grep -c 'needs a second set' "$T/err")/$([ -e "$T/X" ]; echo $?)" = 2/1/1 ]
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
check "set.json: the fingerprint of its launches" [ "$(jq -c '[.fingerprint.ranks, .fingerprint.nodes]' "$T/A/set.json")" = "[2,1]" ]

./mpigauge --compare "$T/A" "$T/A" --fail-above 5% > "$T/aa.out"
check "a set against itself: exit 0, every size the same" [ "$?/$(grep -cE '\.dat .* same$' "$T/aa.out")" = 0/9 ]
./mpigauge --compare "$T/C" "$T/D" --fail-above 10% --json > "$T/ab.json"
rc=$?
check "identical sets, --fail-above 10%: exit 0 ($rc), nothing regressed" [ "$rc/$(jq .regressed "$T/ab.json")" = 0/0 ]
check "identical sets: the verdicts come from 7 launches a side" [ "$(jq "$EVERY"'every(.records[].sizes[]; .launches_a == 7 and .launches_b == 7 and .p_slower >= 1/3432)' "$T/ab.json")" = true ]
bash scripts/compare.sh --fail-above 10% "$T/B" "$T/S" "$T/as-plots" > "$T/as.out" 2> "$T/as.err"
check "EXSCAN slowed: compare.sh --fail-above 10% exits 1" [ $? = 1 ]
check "... EXSCAN regressed: slower at 1 to 3 sizes, none faster" grep -qE '^summary 03-exscan-int-world-sum.dat: [123] slower, 0 faster, .*REGRESSED beyond 10%' "$T/as.out"
check "... and nothing else regressed" [ "$(grep -c 'REGRESSED' "$T/as.out")" = 1 ]
check "... named on stderr" grep -q '^  03-exscan-int-world-sum.dat: worst' "$T/as.err"
check "... the rule said: the rank test on launch medians" grep -q 'Wilcoxon-Mann-Whitney' "$T/as.out"
if command -v gnuplot > /dev/null; then
    check "... with gnuplot: a plot per record and the ratios" [ "$(ls "$T/as-plots"/*.png 2> /dev/null | wc -l)" = 4 ]
else
    skip 1 "no gnuplot: compare.sh's plots"
fi
mkdir -p "$T/nognuplot"
for f in /usr/bin/* /bin/*; do    # every command but gnuplot
    case ${f##*/} in gnuplot*) ;; *) [ -e "$T/nognuplot/${f##*/}" ] || ln -s "$f" "$T/nognuplot/" ;; esac
done
PATH="$PWD/$T/nognuplot" /bin/bash scripts/compare.sh "$T/B" "$T/S" "$T/np" > "$T/np.out" 2> "$T/np.err"
check "compare.sh without gnuplot: the verdicts all the same, no plots" [ "$?/$(grep -c '^summary ' "$T/np.out")/$([ -e "$T/np" ]; echo $?)" = 0/3/1 ]
bash scripts/compare.sh --json "$T/B" "$T/S" > "$T/as.json" 2> /dev/null
check "compare.sh --json: the verdicts as JSON" [ "$(jq -r '.kind + " " + (.records | length | tostring)' "$T/as.json")" = "sets 3" ]

# ---- the set's page (report.sh SET [BASELINE_SET])
bash scripts/report.sh "$T/S" "$T/B" > "$T/page.out" 2> "$T/page.err"
P="$T/S/report.html"
check "report.sh SET BASELINE: exit 0, the page named" [ "$?/$(cat "$T/page.out")" = "0/$P" ]
check "... a plot per record (3), every one a data: image" [ "$(grep -c '<img class="wide" alt="launch medians' "$P")/$(grep -oE 'src="[^"]{0,5}' "$P" | grep -vc '"data:')" = 3/0 ]
check "... the set rule in the comparison, EXSCAN's row red" [ "$(grep -c 'Wilcoxon-Mann-Whitney' "$P")/$(grep -c '<tr class="slower"><td><a href="#line-3">03-exscan' "$P")" = 1/1 ]
check "... a table of sizes per record with the launches counted" [ "$(grep -c '<td class=n>7</td><td' "$P")" = 9 ]

# ---- a set with too few launches, a set against a run
# launched as A was (through env and the preload: Open MPI's OMPI_COMMAND
# names the program it started, and the fingerprint keeps it)
bash $L -n 2 -o "$T/two" --shuffle -- $MPIRUN -n 2 env LD_PRELOAD="$PWD/tests/launchvary.so" \
    ./mpigauge --quiet "$T/three.in" > /dev/null 2>&1
check "a 2-launch set says comparisons cannot decide" grep -q 'cannot decide' "$T/two/set.txt"
./mpigauge --compare "$T/two" "$T/A" > "$T/two.out"
check "2 launches against 5: every size inconclusive" [ "$(grep -cE '\.dat .* inconclusive$' "$T/two.out")" = 9 ]
./mpigauge --compare "$T/A" "$T/A/launch-1" > /dev/null 2> "$T/err"
check "a set against a single run: exit 2, said" [ "$?/$(grep -c 'a launch set and .* a single run' "$T/err")" = 2/1 ]

# ---- launches left out: one interrupted, one of another fingerprint
cp -r "$T/A" "$T/L"
rm -f "$T/L/set.json" "$T/L/set.txt"
jq '.status = "interrupted"' "$T/A/launch-2/run.json" > "$T/L/launch-2/run.json"
rm -rf "$T/L/launch-4"
$MPIRUN -n 3 ./mpigauge --quiet -o "$T/L/launch-4" "$T/three.in" > /dev/null 2>&1
./mpigauge --set "$T/L" > /dev/null
check "a set with an interrupted launch and one of 3 ranks: 3 of 5 used" [ "$(jq -c '[.launches.total, (.launches.used | length)]' "$T/L/set.json")" = "[5,3]" ]
check "... the interrupted one named with its records done" grep -q '^Left out: launch-2: interrupted (3 of 3 records done)' "$T/L/set.txt"
check "... the one of another fingerprint named" grep -q '^Left out: launch-4: its fingerprint differs' "$T/L/set.txt"
bash scripts/report.sh "$T/L" > /dev/null 2>&1
check "... and on its page" [ "$(grep -c '<p class="warn">Left out: launch-[24]' "$T/L/report.html")" = 2 ]
./mpigauge --set "$T/A/launch-1" > /dev/null 2> "$T/err"
check "--set on a single run: exit 2, said" [ "$?/$(grep -c 'one result folder, not a launch set' "$T/err")" = 2/1 ]
./mpigauge --set "$T/nowhere" > /dev/null 2> "$T/err"
check "--set on no folder: exit 2, named" [ "$?/$(grep -c "SET '$T/nowhere'" "$T/err")" = 2/1 ]
./mpigauge --compare "$T/A" "$T/B" --fail-above 5x > /dev/null 2> "$T/err"
check "--compare --fail-above 5x: exit 2, named" [ "$?/$(grep -c "\-\-fail-above '5x'" "$T/err")" = 2/1 ]

# ---- single runs: targets missed give inconclusive, never slower or faster
for r in r1 r2; do
    $MPIRUN -n 2 ./mpigauge --quiet --target 0.0001 --iters 200 -o "$T/$r" "$T/three.in" > /dev/null 2>&1
done
./mpigauge --compare "$T/r1" "$T/r2" > "$T/r.out"
check "single runs that missed their targets: every size inconclusive" [ "$(grep -cE '\.dat .* inconclusive$' "$T/r.out")" = 9 ]
check "... and the output says the verdict covers one launch" grep -q '^# single runs: each verdict covers the noise within one launch only' "$T/r.out"

# ---- unlike runs: ranks here, nodes over two simulated hosts
$MPIRUN -n 3 ./mpigauge --quiet --iters 200 -o "$T/r3" "$T/three.in" > /dev/null 2>&1
./mpigauge --compare "$T/r1" "$T/r3" > "$T/u.out" 2> "$T/err"
check "2 ranks against 3: exit 2, the ranks named, nothing on stdout" [ "$?/$(grep -c '^  ranks: 2 in A, 3 in B' "$T/err")/$(wc -c < "$T/u.out")" = 2/1/0 ]
./mpigauge --compare "$T/r1" "$T/r3" --allow-different > "$T/u.out" 2> "$T/err"
check "--allow-different: compared, the difference printed above the verdicts" [ "$?/$(head -1 "$T/u.out")" = "0/# differs (--allow-different): ranks: 2 in A, 3 in B" ]
if cluster_launcher 60; then
    "${CLUSTER[@]}" ./mpigauge --quiet --iters 200 -o "$T/two-nodes" "$T/three.in" > /dev/null 2>&1
    $MPIRUN -n 4 ./mpigauge --quiet --iters 200 -o "$T/one-node" "$T/three.in" > /dev/null 2>&1
    ./mpigauge --compare "$T/one-node" "$T/two-nodes" > /dev/null 2> "$T/err"
    check "1 node against 2 simulated hosts: exit 2, the node count named" [ "$?/$(grep -c '^  nodes: 1 in A, 2 in B' "$T/err")" = 2/1 ]
else
    skip 1 "../shared/cluster or unshare not available: a 1-node run against a 2-node one"
fi
summary launches
