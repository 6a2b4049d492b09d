#!/usr/bin/env bash
# launch_sets.sh (make bench-sets): what issue 36 asks to be measured of
# launch sets, on this machine, 2 ranks:
#  1. eight launches of a small input (SEND, ALLREDUCE, EXSCAN 1..4096 MUL
#     4): per record, how far the launch medians spread against one
#     launch's interval;
#  2. ROUNDS pairs of identical 5-launch sets in turn with --fail-above
#     5%: how many regress nothing, and whether any size is called
#     no-change with an interval past the tolerance (by construction none);
#  3. ROUNDS pairs of 5-launch sets in turn, B's ALLREDUCE slowed
#     SLOW_PCT (20) percent of each call on rank 0 (tests/launchvary.so):
#     ALLREDUCE never no-change, how often regressed, anything else;
#  4. the wall time of a 5-launch set of inputs/quick.in (launches.sh, its
#     summary) and a comparison, against 5 bare launches, in the order
#     bare, set, set, bare (ROUNDS4 times); and mpigauge --set and
#     --compare timed alone;
#  5. ROUNDS pairs launched --until-decided --max 20 with B's ALLREDUCE
#     slowed, and 6. ROUNDS pairs of identical sets the same way: how
#     often ALLREDUCE (and anything else) regressed, and the launches a
#     pair took;
#  7. a canary: CANARY (40) launches of an input whose first and last
#     records are a 1-byte SEND: how often the canary's start and end fall
#     in one mode, and how well it tells a record's slow launches.
# PHASES="1 2 3 4 5 7" picks which to run (5 runs 6 too).
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
printf '%s\n' 'SEND CHAR 1 4096 MUL 8 WORLD NOP 0' 'ALLREDUCE DOUBLE 1 4096 MUL 8 WORLD SUM 0' \
    'EXSCAN INT 1 4096 MUL 8 WORLD SUM 0' > "$T/small.in"
set_of() { # DIR SLOW_PCT N: a set of the small input, shuffled
    bash scripts/launches.sh -n "$3" -o "$1" --shuffle -- $MPIRUN -n 2 env MPIGAUGE_SLOW_PCT="$2" \
        LD_PRELOAD="$PWD/tests/launchvary.so" ./mpigauge --quiet "$T/small.in" > /dev/null 2>&1
}
PHASES=${PHASES:-1 2 3 4 5 7}
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
# a pair of sets in turn (launches.sh -o A -o B, A B B A ...), B's call
# MPIGAUGE_SLOW_CALL slowed by PCT percent (0: two sets of one job)
pair_of() { # A B PCT ARGS...: launches.sh ARGS (-n 5, or --until-decided ...)
    local a=$1 b=$2 p=$3
    shift 3
    bash scripts/launches.sh "$@" -o "$a" -o "$b" --shuffle \
        -- $MPIRUN -n 2 env LD_PRELOAD="$PWD/tests/launchvary.so" ./mpigauge --quiet "$T/small.in" \
        -- $MPIRUN -n 2 env MPIGAUGE_SLOW_CALL=MPI_Allreduce MPIGAUGE_SLOW_PCT="$p" \
           LD_PRELOAD="$PWD/tests/launchvary.so" ./mpigauge --quiet "$T/small.in" > /dev/null 2>&1
}
# verdicts FILE I: one line of a comparison's verdicts per record
verdicts() {
    jq -r --arg i "$2" '"  \($i): " + ([.records[] | "\(.file[0:6]) \([.sizes[] | .verdict[0:1] + (if .regressed then "!" else "" end)] | join(""))"] | join("  ")) + (if .records[0].sizes[0].look > 0 then "  (\(.records[0].sizes | map(.launches_a) | max) a side)" else "" end)' "$1"
}
if phase 2; then
echo "== 2. $ROUNDS pairs of identical 5-launch sets in turn, --fail-above 5% (s slower, f faster, n no-change, u undecided, ! regressed)"
clean=0 nochange_past=0
for i in $(seq "$ROUNDS"); do
    pair_of "$T/id-a$i" "$T/id-b$i" 0 -n 5
    ./mpigauge --compare "$T/id-a$i" "$T/id-b$i" --fail-above 5% --json > "$T/id$i.json" 2> /dev/null && clean=$((clean + 1))
    nochange_past=$((nochange_past + $(jq '[.records[].sizes[] | select(.verdict == "no-change" and (.ratio_lo < 1 / 1.05 or .ratio_hi > 1.05))] | length' "$T/id$i.json")))
    verdicts "$T/id$i.json" "$i"
done
echo "  $clean of $ROUNDS regress nothing; sizes called no-change with an interval past 5%: $nochange_past"
fi
if phase 3; then
echo "== 3. $ROUNDS pairs of 5-launch sets in turn, B's ALLREDUCE slowed ${SLOW_PCT:-20}%"
never=0 flagged=0 others=0
for i in $(seq "$ROUNDS"); do
    pair_of "$T/sl-a$i" "$T/sl-b$i" "${SLOW_PCT:-20}" -n 5
    ./mpigauge --compare "$T/sl-a$i" "$T/sl-b$i" --fail-above 5% --json > "$T/sl$i.json" 2> /dev/null || true
    [ "$(jq '[.records[] | select(.file | startswith("02-")) | .no_change] | add' "$T/sl$i.json")" != 0 ] || never=$((never + 1))
    [ "$(jq '[.records[] | select(.file | startswith("02-")) | select(.regressed)] | length' "$T/sl$i.json")" = 0 ] || flagged=$((flagged + 1))
    [ "$(jq '[.records[] | select((.file | startswith("02-") | not) and .regressed)] | length' "$T/sl$i.json")" = 0 ] || others=$((others + 1))
    verdicts "$T/sl$i.json" "$i"
done
echo "  ALLREDUCE never no-change in $never of $ROUNDS; regressed in $flagged; another record regressed in $others"
fi
if phase 5; then
echo "== 5. $ROUNDS pairs launched --until-decided --max 20 --fail-above 5%, B's ALLREDUCE slowed ${SLOW_PCT:-20}%"
flagged=0 others=0 launched=0
for i in $(seq "$ROUNDS"); do
    pair_of "$T/ud-a$i" "$T/ud-b$i" "${SLOW_PCT:-20}" --until-decided --max 20 --fail-above 5%
    ./mpigauge --compare "$T/ud-a$i" "$T/ud-b$i" --fail-above 5% --json > "$T/ud$i.json" 2> /dev/null || true
    [ "$(jq '[.records[] | select(.file | startswith("02-")) | select(.regressed)] | length' "$T/ud$i.json")" = 0 ] || flagged=$((flagged + 1))
    [ "$(jq '[.records[] | select((.file | startswith("02-") | not) and .regressed)] | length' "$T/ud$i.json")" = 0 ] || others=$((others + 1))
    launched=$((launched + $(ls -d "$T/ud-a$i"/launch-*/ | wc -l)))
    verdicts "$T/ud$i.json" "$i"
done
echo "  ALLREDUCE regressed in $flagged of $ROUNDS; another record regressed in $others; $launched launches a side in all ($(awk -v l="$launched" -v r="$ROUNDS" 'BEGIN { printf "%.1f", l / r }') a pair)"
echo "== 6. $ROUNDS pairs of identical sets launched --until-decided --max 20 --fail-above 5%"
clean=0 launched=0
for i in $(seq "$ROUNDS"); do
    pair_of "$T/ui-a$i" "$T/ui-b$i" 0 --until-decided --max 20 --fail-above 5%
    ./mpigauge --compare "$T/ui-a$i" "$T/ui-b$i" --fail-above 5% --json > "$T/ui$i.json" 2> /dev/null && clean=$((clean + 1))
    launched=$((launched + $(ls -d "$T/ui-a$i"/launch-*/ | wc -l)))
    verdicts "$T/ui$i.json" "$i"
done
echo "  $clean of $ROUNDS regress nothing; $launched launches a side in all ($(awk -v l="$launched" -v r="$ROUNDS" 'BEGIN { printf "%.1f", l / r }') a pair)"
fi
if phase 7; then
echo "== 7. a canary (1-byte SEND first and last in every launch) against the records' own modes, ${CANARY:-40} launches"
printf '%s\n' 'SEND CHAR 1 1 MUL 2 WORLD NOP 0' 'SEND CHAR 1 4096 MUL 8 WORLD NOP 0' \
    'ALLREDUCE DOUBLE 1 4096 MUL 8 WORLD SUM 0' 'EXSCAN INT 1 4096 MUL 8 WORLD SUM 0' \
    'SEND CHAR 1 1 MUL 2 WORLD NOP 0' > "$T/canary.in"
bash scripts/launches.sh -n "${CANARY:-40}" -o "$T/canary" -- $MPIRUN -n 2 ./mpigauge --quiet "$T/canary.in" > /dev/null 2>&1
# per launch: the canary's mode at the start and the end (the groups of
# every launch's 1-byte SEND, 30% apart), and each record's 1-element mode
jq -r '.records[] | select(.line == 1 or .line == 5 or .line == 2 or .line == 3 or .line == 4) | .line as $l | .sizes[0] | [$l, (.launch_medians_us | map(tostring) | join(","))] | @tsv' "$T/canary/set.json" |
awk -F'\t' '
    function mode(v,   k) { for (k = 1; k <= ng; k++) if (v <= top[k]) return k; return ng }
    { n = split($2, v, ","); for (k = 1; k <= n; k++) val[$1, k] = v[k]; N = n }
    END {
        # the canary groups: sorted starts and ends, split where 30% apart
        m = 0; for (k = 1; k <= N; k++) { s[++m] = val[1, k]; s[++m] = val[5, k] }
        for (i = 2; i <= m; i++) for (j = i; j > 1 && s[j - 1] > s[j]; j--) { t = s[j]; s[j] = s[j - 1]; s[j - 1] = t }
        ng = 1; for (i = 2; i <= m; i++) { if (s[i] > 1.3 * s[i - 1]) top[ng++] = s[i - 1] } top[ng] = s[m]
        for (k = 1; k <= N; k++) { a = mode(val[1, k]); b = mode(val[5, k]); same += (a == b) }
        printf "  canary groups: %d; start and end in the same group in %d of %d launches\n", ng, same, N
        for (r = 2; r <= 4; r++) {
            # the record slow (above its own median by 30%) or not, against the canary
            m = 0; for (k = 1; k <= N; k++) t2[++m] = val[r, k]
            for (i = 2; i <= m; i++) for (j = i; j > 1 && t2[j - 1] > t2[j]; j--) { t = t2[j]; t2[j] = t2[j - 1]; t2[j - 1] = t }
            med = t2[int((m + 1) / 2)]; agree = 0
            for (k = 1; k <= N; k++) { rs = val[r, k] > 1.3 * med; cs = mode(val[1, k]) > 1 && mode(val[5, k]) > 1; agree += (rs == cs) }
            printf "  line %d: slow (30%% above its median) exactly when both canaries were slow in %d of %d launches\n", r, agree, N
        }
    }'
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
