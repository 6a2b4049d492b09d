#!/usr/bin/env bash
# launch_sets.sh (make bench-sets): what issue 36 asks to be measured of
# launch sets, on this machine, 2 ranks:
#  1. eight launches of a small input (SEND, ALLREDUCE, EXSCAN 1..4096 MUL
#     4): per record, how far the launch medians spread against one
#     launch's interval;
#  2. ROUNDS comparisons of two identical 5-launch sets (one after the
#     other, as a user makes them) with --fail-above 5%: how many regress
#     nothing;
#  3. ROUNDS comparisons of a 5-launch set against one whose EXSCAN is
#     slowed (tests/launchvary.so, MPIGAUGE_SLOW_PCT 5, 10, 15 and 20 in
#     turn; the ratio printed is what it came to), each pair launched in
#     turn (launches.sh -o A -o B: a baseline made minutes earlier is
#     another machine here: EXSCAN's launch medians moved by a factor of
#     3.5 between the phases of one run of this script): how many flag
#     EXSCAN and only it;
#  4. the wall time of a 5-launch set of inputs/quick.in (launches.sh, its
#     summary) and a comparison, against 5 bare launches, in the order
#     bare, set, set, bare (ROUNDS4 times); and mpigauge --set and
#     --compare timed alone.
# PHASES="1 2 3 4" picks which to run.
# Prints the counts and numbers; nothing is asserted (docs/report.md
# keeps what was seen).
set -eu
cd "$(dirname "$0")/.."
MPIRUN=${MPIRUN:-mpirun}
ROUNDS=${ROUNDS:-10}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
T=${KEEP:-$(mktemp -d)}
mkdir -p "$T"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$T"' EXIT
printf '%s\n' 'SEND CHAR 1 4096 MUL 4 WORLD NOP 0' 'ALLREDUCE DOUBLE 1 4096 MUL 4 WORLD SUM 0' \
    'EXSCAN INT 1 4096 MUL 4 WORLD SUM 0' > "$T/small.in"
set_of() { # DIR SLOW_PCT N: a set of the small input, shuffled
    bash scripts/launches.sh -n "$3" -o "$1" --shuffle -- $MPIRUN -n 2 env MPIGAUGE_SLOW_PCT="$2" \
        LD_PRELOAD="$PWD/tests/launchvary.so" ./mpigauge --quiet "$T/small.in" > /dev/null 2>&1
}
PHASES=${PHASES:-1 2 3 4}
ROUNDS4=${ROUNDS4:-2}
phase() { case " $PHASES " in *" $1 "*) return 0 ;; esac; return 1; }
if phase 1; then
echo "== 1. eight launches of the small input"
set_of "$T/eight" 0 8
jq -r '.records[] | .file as $f | [.sizes[] | (.max_us - .min_us) / .median_us] as $spread
       | [.sizes[] | .launch_interval_rel] as $w
       | "\($f): launch medians spread \($spread | min * 1000 | round / 10)-\($spread | max * 1000 | round / 10)% of the median (max - min), one launch'"'"'s 95% interval \($w | min * 1000 | round / 10)-\($w | max * 1000 | round / 10)%; wider at \([.sizes[] | select(.spread_wider)] | length) of \(.sizes | length) sizes"' "$T/eight/set.json"
jq -r '.records[] | select(.file | startswith("01-")) | .sizes[0] | "  1-byte SEND launch medians (us): \(.launch_medians_us | map(. * 1000 | round / 1000) | join(" "))"' "$T/eight/set.json"
fi
if phase 2; then
echo "== 2. $ROUNDS comparisons of two identical 5-launch sets, --fail-above 5%"
clean=0
for i in $(seq "$ROUNDS"); do
    set_of "$T/id-a$i" 0 5
    set_of "$T/id-b$i" 0 5
    ./mpigauge --compare "$T/id-a$i" "$T/id-b$i" --fail-above 5% --json > "$T/id$i.json" 2> /dev/null && clean=$((clean + 1))
    jq -r --arg i "$i" '"  \($i): \([.records[].sizes[] | select(.verdict == "slower")] | length) sizes slower, \([.records[].sizes[] | select(.verdict == "faster")] | length) faster of \([.records[].sizes[]] | length); regressed: \([.records[] | select(.regressed) | .file] | join(" "))"' "$T/id$i.json"
done
echo "  $clean of $ROUNDS regress nothing"
fi
if phase 3; then
echo "== 3. $ROUNDS comparisons with EXSCAN slowed in B, each against a baseline made just before"
flagged=0
pcts=(5 10 15 20)
for i in $(seq "$ROUNDS"); do
    p=${pcts[$(((i - 1) % 4))]}
    # the pair in turn, A B B A A: the way docs/report.md advises
    bash scripts/launches.sh -n 5 -o "$T/sl-a$i" -o "$T/sl-b$i" --shuffle \
        -- $MPIRUN -n 2 env LD_PRELOAD="$PWD/tests/launchvary.so" ./mpigauge --quiet "$T/small.in" \
        -- $MPIRUN -n 2 env MPIGAUGE_SLOW_PCT="$p" LD_PRELOAD="$PWD/tests/launchvary.so" ./mpigauge --quiet "$T/small.in" \
        > /dev/null 2>&1
    ./mpigauge --compare "$T/sl-a$i" "$T/sl-b$i" --fail-above 5% --json > "$T/sl$i.json" 2> /dev/null || true
    only=$(jq -r '[.records[] | select(.regressed) | .file] | join(" ")' "$T/sl$i.json")
    [ "$only" != 03-exscan-int-world-sum.dat ] || flagged=$((flagged + 1))
    jq -r --arg i "$i" --arg p "$p" '"  \($i) (+\($p)%): EXSCAN ratio \([.records[] | select(.file | startswith("03-")) | .sizes[].ratio * 100 | round / 100] | join(" ")); regressed: \([.records[] | select(.regressed) | .file] | join(" "))"' "$T/sl$i.json"
done
echo "  $flagged of $ROUNDS flag EXSCAN and only it"
fi
if phase 4; then
echo "== 4. a 5-launch set of inputs/quick.in against 5 bare launches"
now() { date +%s.%N; }
bare=0 sets=0
bare5() { for k in 1 2 3 4 5; do $MPIRUN -n 2 ./mpigauge --quiet -o "$T/bare$1-$k" inputs/quick.in > /dev/null 2>&1 || true; done; }
set5q() { bash scripts/launches.sh -n 5 -o "$T/quick$1" -- $MPIRUN -n 2 ./mpigauge --quiet inputs/quick.in > /dev/null 2>&1 || true; }
add() { awk -v a="$1" -v b="$2" -v c="$3" 'BEGIN { print a + c - b }'; }
for r in $(seq "$ROUNDS4"); do
    t0=$(now); bare5 "$r-a"; t1=$(now); set5q "$r-a"; t2=$(now); set5q "$r-b"; t3=$(now); bare5 "$r-b"; t4=$(now)
    bare=$(add "$(add "$bare" "$t0" "$t1")" "$t3" "$t4")
    sets=$(add "$(add "$sets" "$t1" "$t2")" "$t2" "$t3")
    awk -v a="$t0" -v b="$t1" -v c="$t2" -v d="$t3" -v e="$t4" 'BEGIN { printf "  round: bare %.1f s, set %.1f s, set %.1f s, bare %.1f s\n", b - a, c - b, d - c, e - d }'
done
t0=$(now)
./mpigauge --set "$T/quick1-a" > /dev/null
t1=$(now)
./mpigauge --compare "$T/quick1-a" "$T/quick1-b" > /dev/null 2>&1 || true
t2=$(now)
awk -v bare="$bare" -v sets="$sets" -v n="$((2 * ROUNDS4))" -v s0="$t0" -v s1="$t1" -v s2="$t2" 'BEGIN {
    printf "  5 bare launches %.1f s, a 5-launch set %.1f s (means of %d each): %+.1f%%; mpigauge --set alone %.3f s, --compare %.3f s (%.2f%% of a set)\n",
        bare / n, sets / n, n, 100 * (sets - bare) / bare, s1 - s0, s2 - s1, 100 * (s2 - s0) / (sets / n) }'
fi
