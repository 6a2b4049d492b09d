#!/usr/bin/env bash
# compose.sh: compose=1, a collective timed against its mock-ups (issue 43
# item 6, ReproMPI's pgchecker idea), on 2 and 3 ranks: every call that
# takes it with --check (the record and each mock-up passed, each mock-up
# at every size of its call, in run.json and the prose); a call forced
# slower than its mock-ups by tests/slowcall.so (MPI_Allreduce spun 300 us)
# and a mock-up forced slower (MPI_Bcast spun), each checked against its
# own numbers (every verdict the one its intervals allow, every violation
# named, the spin's 300 us floor), not for how far apart they came; the
# fault injector's flipped bit found in every mock-up; and
# compose= where it does not apply, or with a bad value, an input error at
# FILE:LINE:COLUMN, exit 2, no folder.  Prints "N passed, N failed, N skipped".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
# under `make asan`: the preloaded shims come before ASan's runtime
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
T=tests/tmp/compose
scratch "$T"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
jqe() { jq -e "$@" > /dev/null; }

cat > "$T/all.in" <<IN
ALLREDUCE DOUBLE 1 1000 MUL 10 WORLD SUM 0 compose=1
ALLREDUCE INT 1 100 MUL 10 WORLD MAX 0 compose=1 inplace=1
ALLGATHER INT 1 100 MUL 10 WORLD NOP 0 compose=1
BCAST DOUBLE 1 1000 MUL 10 WORLD NOP 0 compose=1 root=rotate
REDUCE DOUBLE 1 100 MUL 10 WORLD SUM 0 compose=1 root=1
GATHER CHAR 1 100 MUL 10 WORLD NOP 0 compose=1
SCAN INT 1 100 MUL 10 WORLD SUM 0 compose=1
ALLREDUCE DOUBLE 1 8 MUL 2 WORLD SUM 0
IN
# line: the mock-ups expected, in order
expect=(x "REDUCE + BCAST|REDUCE_SCATTER + ALLGATHERV" "REDUCE + BCAST|REDUCE_SCATTER + ALLGATHERV"
        "GATHER + BCAST" "SCATTERV + ALLGATHERV" "ALLREDUCE" "ALLGATHER" "EXSCAN + REDUCE_LOCAL")
for p in 2 3; do
    out="$T/n$p"
    $MPIRUN -n $p ./mpigauge --check --iters 12 --warmup 1 -o "$out" "$T/all.in" > "$out.log" 2>&1
    check "$p ranks: exits 0 ($out.log)" [ $? = 0 ]
    j="$out/run.json"
    for line in 1 2 3 4 5 6 7; do
        what="$p ranks, line $line"
        check "$what: done, check passed" [ "$(jq -r "$AT"'at('$line') | "\(.status)/\(.check)"' "$j")" = done/passed ]
        check "$what: its mock-ups ${expect[$line]}" [ "$(jq -r "$AT"'[at('$line').compose[].mockup] | join("|")' "$j")" = "${expect[$line]}" ]
        check "$what: every mock-up at every size, checked clean" jqe "$AT$EVERY"'at('$line') as $r | every($r.compose[];
            ([.points[].elements] == [$r.points[].elements]) and .mismatches == 0 and .error == null)' "$j"
        check "$what: each size's verdict by the intervals" jqe "$AT$EVERY"'every(at('$line').compose[].points[];
            if .verdict == "slower" then .call_ci_lo_us > .ci_hi_us and .ratio_lo > 1
            elif .verdict == "faster" then .call_ci_hi_us < .ci_lo_us and .ratio_hi < 1
            elif .verdict == "no-change" then (.ratio_lo >= 1 / 1.05 and .ratio_hi <= 1.05 and
                .call_ci_lo_us <= .ci_hi_us and .call_ci_hi_us >= .ci_lo_us)
            else .why != null or (.call_ci_lo_us <= .ci_hi_us and .call_ci_hi_us >= .ci_lo_us) end)' "$j"
        check "$what: violations counted" jqe "$AT$EVERY"'every(at('$line').compose[];
            .violations == ([.points[] | select(.verdict == "slower")] | length))' "$j"
    done
    check "$p ranks: no compose without compose=1" jqe "$AT"'at(8) | has("compose") | not' "$j"
    check "$p ranks: a guidelines section per composed record" [ "$(grep -c '^  Guidelines (compose=1): ' "$out/report.txt")" = 7 ]
    check "$p ranks: it says it is one launch" grep -q "This is one launch: a verdict compares the 95% intervals" "$out/report.txt"
    check "$p ranks: compose=1 among the settings" grep -q '^# settings:.*compose=1' "$out/01-allreduce-double-world-sum.dat"
done

# forced: the call slower than its mock-ups (MPI_Allreduce spun 300 us on
# every rank, so that each of its calls takes 300 us or more).  Whether
# the intervals then lie apart is the machine's business (they do on a
# machine that is not starved for seconds); what is checked is that each
# verdict is the one the intervals reported allow, that every violation
# counted is named, and the 300 us floor the spin sets
cat > "$T/slow.in" <<IN
ALLREDUCE DOUBLE 1 64 MUL 8 WORLD SUM 0 compose=1
IN
# by_intervals J: every mock-up's verdicts in run.json J from its intervals
by_intervals() {
    jqe "$EVERY"'every(.records[0].compose[].points[];
        if .verdict == "slower" then .call_ci_lo_us > .ci_hi_us and .ratio_lo > 1
        elif .verdict == "faster" then .call_ci_hi_us < .ci_lo_us and .ratio_hi < 1
        elif .verdict == "no-change" then .ratio_lo >= 1 / 1.05 and .ratio_hi <= 1.05
        else .why != null or (.ratio_lo <= 1 and .ratio_hi >= 1) or (.ratio_lo < 1 / 1.05 or .ratio_hi > 1.05) end)' "$1"
}
MPIGAUGE_SLOW_CALL=MPI_Allreduce MPIGAUGE_SLOW_US=300 LD_PRELOAD=$PWD/tests/slowcall.so \
    $MPIRUN -n 2 ./mpigauge --target 0.25 -o "$T/slow" "$T/slow.in" > "$T/slow.log" 2>&1
check "ALLREDUCE slowed: exits 0" [ $? = 0 ]
j="$T/slow/run.json"
check "ALLREDUCE slowed: its median 300 us or more at every size (the spin's floor)" jqe "$EVERY"'every(.records[0].points[]; .t_med_us >= 300)' "$j"
check "ALLREDUCE slowed: every verdict the one its intervals allow" by_intervals "$j"
for m in "REDUCE + BCAST" "REDUCE_SCATTER + ALLGATHERV"; do
    sel='.records[0].compose[] | select(.mockup == "'"$m"'")'
    n=$(jq "$sel | .violations" "$j")
    check "ALLREDUCE slowed: violations against $m are its slower sizes ($n)" jqe "$sel | .violations == ([.points[] | select(.verdict == \"slower\")] | length)" "$j"
    re=${m//+/\\+}
    check "ALLREDUCE slowed: every violation against $m named with its size and factor" \
        [ "$(grep -cE "^    VIOLATION: ALLREDUCE at [0-9.]+ (B|KiB) \([0-9]+ elements?\) is [0-9]+\.[0-9]{2}x slower than $re \(median" "$T/slow/report.txt")" = "$n" ]
done

# forced: a mock-up slower than its call (MPI_Bcast spun 300 us)
MPIGAUGE_SLOW_CALL=MPI_Bcast MPIGAUGE_SLOW_US=300 LD_PRELOAD=$PWD/tests/slowcall.so \
    $MPIRUN -n 2 ./mpigauge --target 0.25 -o "$T/slowmock" "$T/slow.in" > "$T/slowmock.log" 2>&1
check "REDUCE + BCAST slowed: exits 0" [ $? = 0 ]
j="$T/slowmock/run.json"
sel='.records[0].compose[] | select(.mockup == "REDUCE + BCAST")'
check "REDUCE + BCAST slowed: its medians above 300 us (the spin's floor)" jqe "$EVERY"'every('"$sel"' | .points[]; .t_med_us > 300)' "$j"
check "REDUCE + BCAST slowed: every verdict the one its intervals allow" by_intervals "$j"
n=$(jq "$sel | .violations" "$j")
check "REDUCE + BCAST slowed: its violations are its slower sizes, each named ($n)" \
    [ "$(jq "[$sel | .points[] | select(.verdict == \"slower\")] | length" "$j")/$(grep -c 'slower than REDUCE + BCAST' "$T/slowmock/report.txt")" = "$n/$n" ]

# the fault injector: its flipped bit found in every mock-up too
MPIGAUGE_CORRUPT=1 LD_PRELOAD=$PWD/tests/corrupt.so \
    $MPIRUN -n 2 ./mpigauge --check --iters 6 -o "$T/corrupt" "$T/slow.in" > "$T/corrupt.log" 2>&1
j="$T/corrupt/run.json"
check "corrupted: the record's check failed" [ "$(jq -r '.records[0].check' "$j")" = failed ]
check "corrupted: wrong elements found in each mock-up" jqe "$EVERY"'every(.records[0].compose[]; .mismatches > 0)' "$j"
check "corrupted: the prose says so per mock-up" [ "$(grep -c 'its check FAILED' "$T/corrupt/report.txt")" = 2 ]

# --list and bad input: FILE:LINE:COLUMN, exit 2, no folder
./mpigauge --list > "$T/list.txt"
check "--list names compose=0|1 and its calls" grep -q "compose=0|1: .*; BCAST, GATHER, ALLGATHER, REDUCE, ALLREDUCE and SCAN$" "$T/list.txt"
cat > "$T/bad.in" <<IN
SEND DOUBLE 1 8 MUL 2 WORLD NOP 0 compose=1
ALLREDUCE DOUBLE 1 8 MUL 2 WORLD SUM 0 compose=2
ALLTOALL DOUBLE 1 8 MUL 2 WORLD NOP 0 compose=1
IN
$MPIRUN -n 2 ./mpigauge -o "$T/bad" "$T/bad.in" > /dev/null 2> "$T/bad.err"
check "bad input: exit 2, no folder" [ "$?/$([ -e "$T/bad" ] && echo yes || echo no)" = 2/no ]
check "compose=1 on SEND named at its column" grep -qF "$T/bad.in:1:35: SEND has no mock-up of other collectives here; compose= applies to BCAST, GATHER, ALLGATHER, REDUCE, ALLREDUCE and SCAN" "$T/bad.err"
check "compose=2 named at its column" grep -qF "$T/bad.in:2:48: unknown compose value '2'" "$T/bad.err"
check "compose=1 on ALLTOALL named at its column" grep -qF "$T/bad.in:3:39: ALLTOALL has no mock-up" "$T/bad.err"
summary compose
