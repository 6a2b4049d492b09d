#!/usr/bin/env bash
# measure.sh: how mpigauge measures, asserted from the data files, run.json
# and report.txt: counters (PAPI), statistics over blocks, adaptive and
# time-based repetition, --raw, --sync window, --cache cold, the MPI I/O
# calls, and the plot and compare scripts.  Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/measure
scratch "$T"

cat > "$T/small.in" <<'IN'
ALLREDUCE DOUBLE 4096 16384 ADD 4096 WORLD SUM 0
SEND      DOUBLE 4096 16384 ADD 4096 WORLD NOP 0
BCAST     INT    1 1024 MUL 32 WORLD NOP 0
IN

# ---- counters: software events per call, through PAPI or the kernel.
# What this machine can count is asked of tests/counter_probe, not of
# mpigauge, and each path is forced on every machine: the kernel's by
# disabling PAPI's perf_event component (as a VM without a PMU has it).
kernel_ok=0; ./tests/counter_probe kernel && kernel_ok=1
papi_ok=0; ./tests/counter_probe papi perf::TASK-CLOCK && papi_ok=1
# expect NAME PAPI-USABLE: the backend run.json must name for TASK-CLOCK
expect() {
    if [ "$2" = 1 ]; then echo PAPI
    elif [ "$kernel_ok" = 1 ]; then echo perf_event_open
    else echo none; fi
}
# counted DIR BACKEND: the software events came from BACKEND, every size
# has positive TASK-CLOCK per call, and page faults show where the loop
# first touches pages
counted() {
    local d=$1 want=$2 f c m p s
    check "$d: TASK-CLOCK counted by $want" [ "$(jq -r '.papi.backend["perf::TASK-CLOCK"] // "none"' "$d/run.json")" = "$want" ]
    if [ "$want" = none ]; then
        check "$d: uncountable events named" grep -q "perf::TASK-CLOCK" <(jq -r .papi.unavailable "$d/run.json")
        return
    fi
    check "$d: one backend for all three" [ "$(jq -r '[.papi.backend[]] | unique | join(",")' "$d/run.json")" = "$want" ]
    for f in "$d"/01-*.dat "$d"/02-*.dat; do
        c=$(colno "$f" perf::TASK-CLOCK_avg); m=$(colno "$f" perf::TASK-CLOCK_max)
        p=$(colno "$f" perf::PAGE-FAULTS_avg); s=$(colno "$f" perf::CONTEXT-SWITCHES_avg)
        if [ -n "$c" ] && [ -n "$m" ] && [ -n "$p" ] && [ -n "$s" ]; then ok_=1; else ok_=0; fi
        check "$f: the counter columns" [ "$ok_" = 1 ]
        check "$f: TASK-CLOCK positive, max >= avg" all_rows "$f" "\$$c > 0 && \$$m >= \$$c"
        check "$f: PAGE-FAULTS a count >= 0" all_rows "$f" "\$$p >= 0"
        check "$f: CONTEXT-SWITCHES a count >= 0" all_rows "$f" "\$$s >= 0"
    done
    # mpigauge writes its own buffers before timing (a page never written
    # is the shared zero page), but with --warmup 0 the record's first
    # calls are the library's first reduction: its temporary buffers are
    # fresh pages, first touched in the timed loop
    f="$d/01-allreduce-double-world-sum.dat"
    check "$d: ALLREDUCE: PAGE-FAULTS positive at the first size" awk -v c="$(colno "$f" perf::PAGE-FAULTS_avg)" '!/^#/ && !n++ { ok = $c > 0 } END { exit !ok }' "$f"
    check "$d: report names the counters and who counted them" grep -q "^Counters (per timed call): perf::TASK-CLOCK ($want), perf::PAGE-FAULTS ($want), perf::CONTEXT-SWITCHES ($want).$" "$d/report.txt"
    check "$d: run.json lists the events" [ "$(jq -c '.papi.events' "$d/run.json")" = '["perf::TASK-CLOCK","perf::PAGE-FAULTS","perf::CONTEXT-SWITCHES"]' ]
    check "$d: per-call counts in run.json" [ "$(jq "$EVERY$AT"'every(at(1).points[]; .counters_per_call["perf::TASK-CLOCK"].avg > 0)' "$d/run.json")" = true ]
    check "$d: the data file says who counted" grep -q "^# perf::TASK-CLOCK_avg perf::TASK-CLOCK_max: perf::TASK-CLOCK counted (by $want)" "$d/01-allreduce-double-world-sum.dat"
}
events=perf::TASK-CLOCK,perf::PAGE-FAULTS,perf::CONTEXT-SWITCHES
d="$T/papi"
$MPIRUN -n 2 ./mpigauge --quiet --warmup 0 --iters 20 -o "$d" --papi $events "$T/small.in" 2> "$T/papi.err"
check "counters run exits 0" [ $? = 0 ]
if [ "$(expect x $papi_ok)" != none ]; then
    check "counters: no warning when every event is counted" [ ! -s "$T/papi.err" ]
fi
counted "$d" "$(expect x $papi_ok)"
# PAPI's perf_event component disabled: the kernel counts the same events
d="$T/papi-off"
MPIGAUGE_PAPI_DISABLE=perf_event $MPIRUN -n 2 ./mpigauge --quiet --warmup 0 --iters 20 \
    -o "$d" --papi $events "$T/small.in" 2> "$T/papi-off.err"
check "PAPI component disabled: run exits 0" [ $? = 0 ]
counted "$d" "$(expect x 0)"

# events nobody counts: with PAPI's perf_event component disabled no
# machine counts PAPI_TOT_CYC, and NO_SUCH_EVENT exists nowhere
d="$T/papi-cyc"
MPIGAUGE_PAPI_DISABLE=perf_event $MPIRUN -n 2 ./mpigauge --quiet --iters 10 -o "$d" \
    --papi PAPI_TOT_CYC,perf::TASK-CLOCK,NO_SUCH_EVENT "$T/small.in" 2> "$T/cyc.err"
check "PAPI_TOT_CYC: the run completes" [ $? = 0 ]
check "one warning names both events it cannot count" [ "$(grep -c 'warning: neither PAPI nor the kernel can count PAPI_TOT_CYC, NO_SUCH_EVENT on this machine' "$T/cyc.err")" = 1 ]
check "no column for the one it cannot count" [ -z "$(colno "$d/01-allreduce-double-world-sum.dat" PAPI_TOT_CYC_avg)" ]
check "run.json names what was dropped" [ "$(jq -r .papi.unavailable "$d/run.json")" = "PAPI_TOT_CYC, NO_SUCH_EVENT" ]
if [ "$kernel_ok" = 1 ]; then
    check "the countable event still has its columns" [ -n "$(colno "$d/01-allreduce-double-world-sum.dat" perf::TASK-CLOCK_avg)" ]
fi

if [ -x tests/mpigauge-nopapi ]; then
    # a build without PAPI counts the software events through the kernel
    d="$T/nopapi"
    $MPIRUN -n 2 tests/mpigauge-nopapi --quiet --warmup 0 --iters 20 -o "$d" \
        --papi $events "$T/small.in" > /dev/null 2> "$T/nopapi.err"
    check "make PAPI=0: --papi runs" [ $? = 0 ]
    counted "$d" "$(expect x 0)"
    $MPIRUN -n 1 tests/mpigauge-nopapi --quiet --iters 5 -o "$T/nopapi2" "$T/small.in" > /dev/null 2>&1
    check "make PAPI=0: measures without --papi" [ $? = 0 ]
else
    bad "tests/mpigauge-nopapi was not built"
fi

# ---- statistics: median inside its interval, target recomputed, blocks
d="$T/stats"
$MPIRUN -n 2 ./mpigauge --quiet --iters 200 --target 0.2 --raw -o "$d" "$T/small.in"
check "stats run exits 0" [ $? = 0 ]
for f in "$d"/01-*-sum.dat "$d"/02-*-nop.dat "$d"/03-*-nop.dat; do
    lo=$(colno "$f" ci_lo_us); me=$(colno "$f" t_med_us); hi=$(colno "$f" ci_hi_us)
    bl=$(colno "$f" blocks); tm=$(colno "$f" target_met); it=$(colno "$f" iters)
    check "$f: ci_lo <= median <= ci_hi" all_rows "$f" "\$$lo <= \$$me && \$$me <= \$$hi && \$$lo > 0"
    check "$f: 10 blocks of 20 calls" all_rows "$f" "\$$bl == 10 && \$$it == 200"
    check "$f: target_met is the interval within 20% of the median" all_rows "$f" \
        "\$$tm == ((\$$me - \$$lo) <= 0.2 * \$$me + 1e-4 && (\$$hi - \$$me) <= 0.2 * \$$me + 1e-4)"
    raw=${f%.dat}.raw.dat
    check "$raw: one line per block" [ "$(grep -vc '^#' "$raw")" = "$(awk -v c=$bl '!/^#/ && NF { s += $c } END { print s }' "$f")" ]
    # sorted by size, then time: the middle of each size's run is its median
    # (to the 4 decimals both files print)
    grep -v '^#' "$raw" | sort -k1,1n -k6,6g |
        awk '{ n[$1]++; v[$1, n[$1]] = $6 } END { for (e in n) { k = n[e]
             printf "%s %.6f\n", e, k % 2 ? v[e, (k + 1) / 2] : (v[e, k / 2] + v[e, k / 2 + 1]) / 2 } }' > "$raw.med"
    check "$raw: the median of the raw times is t_med_us" awk -v c=$me '
        NR == FNR { m[$1] = $2; next } !/^#/ && NF { d = m[$1] - $c; if (!($1 in m) || d > 0.0002 || d < -0.0002) bad++; n++ }
        END { exit bad > 0 || n == 0 }' "$raw.med" "$f"
done
check "report: a median line per size" [ "$(grep -c '^    median .* over 10 blocks, 95% interval \[.*\] us (.*): target \(met\|NOT met\)' "$d/report.txt")" = 11 ]
check "report: timer resolution and cost" grep -q "^Timer: MPI_Wtime advances in steps of [0-9.e-]* s (MPI_Wtick says .*) and costs [0-9.e-]* s a read.$" "$d/report.txt"
check "run.json: timer" [ "$(jq '.timer.resolution_s > 0 and .timer.overhead_s > 0' "$d/run.json")" = true ]
check "report: targets met per record" grep -q "The confidence target was met at [0-9]* of 4 sizes" "$d/report.txt"

d="$T/few"
$MPIRUN -n 2 ./mpigauge --quiet --iters 3 -o "$d" "$T/small.in"
f="$d/01-allreduce-double-world-sum.dat"
check "--iters 3: three blocks, no interval, target not met" all_rows "$f" "\$$(colno "$f" blocks) == 3 && \$$(colno "$f" ci_lo_us) == \"nan\" && \$$(colno "$f" target_met) == 0"
check "--iters 3: the report says so" grep -q "no 95% interval (fewer than 6 blocks): target not met" "$d/report.txt"

d="$T/adaptive"
$MPIRUN -n 2 ./mpigauge --quiet --adaptive --budget 0.05 --target 0.000001 --iters 100 -o "$d" "$T/small.in"
check "adaptive with an unreachable target ends (budget)" [ $? = 0 ]
for f in "$d"/01-*.dat "$d"/02-*.dat; do
    check "$f: at least 6 blocks, target not met" all_rows "$f" "\$$(colno "$f" blocks) >= 6 && \$$(colno "$f" target_met) == 0"
done
d="$T/adaptive2"
$MPIRUN -n 2 ./mpigauge --quiet --adaptive --budget 5 --target 0.5 --iters 100 -o "$d" "$T/small.in"
f="$d/01-allreduce-double-world-sum.dat"
# met or not is the machine's business; that the flag is the interval's
# width against the target, from 6 blocks on, is the rule's
lo=$(colno "$f" ci_lo_us) me=$(colno "$f" t_med_us) hi=$(colno "$f" ci_hi_us)
check "adaptive with a wide target: 6 blocks or more, target_met the interval within 50%" all_rows "$f" \
    "\$$(colno "$f" blocks) >= 6 && \$$(colno "$f" target_met) == ((\$$me - \$$lo) <= 0.5 * \$$me + 1e-4 && (\$$hi - \$$me) <= 0.5 * \$$me + 1e-4)"

# adaptive is the default; a count given (--iters, --blocks, --time, a
# record's iters=) or --fixed keeps exactly --blocks blocks
printf 'SEND CHAR 1 64 MUL 8 WORLD NOP 0\nSEND CHAR 1 64 MUL 8 WORLD NOP 0 iters=200\n' > "$T/default.in"
d="$T/default"
$MPIRUN -n 2 ./mpigauge --quiet --budget 0.2 -o "$d" "$T/default.in"
check "default: adaptive in run.json and the header" [ "$(jq -r .options.adaptive "$d/run.json")/$(grep -c 'adaptive=on' "$d/01-send-char-world-nop.dat")" = true/1 ]
f="$d/01-send-char-world-nop.dat"
check "default: every size has an interval (6 blocks or more)" all_rows "$f" "\$$(colno "$f" blocks) >= 6 && \$$(colno "$f" ci_lo_us) != \"nan\""
f="$d/02-send-char-world-nop.dat"
check "default: a record's iters= fixes its 10 blocks" all_rows "$f" "\$$(colno "$f" blocks) == 10 && \$$(colno "$f" iters) == 200"
check "default: the header of the iters= record says it is fixed" grep -q "^# repetition: fixed, 10 blocks (this record's iters= is a count" "$f"
check "default: the other record's header does not" [ "$(grep -c '^# repetition' "$d/01-send-char-world-nop.dat")" = 0 ]
for opt in "--fixed" "--blocks 7" "--iters 70"; do
    d="$T/fixed-${opt// /}"
    $MPIRUN -n 2 ./mpigauge --quiet $opt -o "$d" "$T/default.in"
    n=$([ "$opt" = "--blocks 7" ] && echo 7 || echo 10)
    f="$d/01-send-char-world-nop.dat"
    check "$opt: not adaptive, exactly $n blocks at every size" [ "$(jq -r .options.adaptive "$d/run.json")/$(rows "$f" "v1 == $n" blocks && echo ok)" = false/ok ]
done
$MPIRUN -n 1 ./mpigauge --fixed --adaptive -o "$T/both" "$T/default.in" > /dev/null 2> "$T/both.err"
check "--fixed --adaptive: exit 2, named, no folder" [ "$?/$(grep -c 'choose one of --adaptive and --fixed' "$T/both.err")/$([ -e "$T/both" ] && echo yes || echo no)" = 2/1/no ]

# an option that would do nothing is refused as the others are: --budget
# with the counts fixed (and no --sync window), a run's options given to a
# front end that measures nothing (exit 2, named, nothing written)
for opt in "--fixed --budget 2" "--like osu --budget 2" "--iters 9 --budget 2"; do
    $MPIRUN -n 1 ./mpigauge $opt -o "$T/nobudget" "$T/default.in" > /dev/null 2> "$T/nobudget.err"
    check "$opt: exit 2, named, no folder" [ "$?/$(grep -c '^mpigauge: --budget is the time adaptive repetition' "$T/nobudget.err")/$([ -e "$T/nobudget" ] && echo yes || echo no)" = 2/1/no ]
done
./mpigauge --validate --fixed --sync window --budget 2 "$T/default.in" > /dev/null 2>&1
check "--fixed --sync window --budget: taken (the retries' budget)" [ $? = 0 ]
for opt in --iters\ 5 --check --raw --keep-going --max-memory\ 1G --budget\ 2; do
    ./mpigauge --predict "$T" LINEAR $opt > /dev/null 2> "$T/front.err"
    check "--predict $opt: exit 2, says it measures nothing" [ "$?/$(grep -c "^mpigauge: ${opt%% *} shapes a measuring run; --predict measures nothing" "$T/front.err")" = 2/1 ]
done
./mpigauge --compare "$T" "$T" --iters 5 > /dev/null 2> "$T/front.err"
check "--compare --iters: exit 2" [ "$?/$(grep -c '^mpigauge: --iters shapes a measuring run; --compare' "$T/front.err")" = 2/1 ]

d="$T/time"
$MPIRUN -n 2 ./mpigauge --quiet --time 0.02 -o "$d" "$T/small.in"
f="$d/03-bcast-int-world-nop.dat"
check "--time: iterations from the pilot, not the default 10000" all_rows "$f" "\$$(colno "$f" iters) != 10000 && \$$(colno "$f" iters) % 10 == 0"
# a record's iters= beats --time, as it beats --iters (issue 53: the code
# let --time win where docs/input.md said the record's count does): the
# same count with and without --time, and the header says why; --validate
# estimates it by its count, and the other record by --time
printf 'ALLREDUCE DOUBLE 1 4 MUL 2 WORLD SUM 0 iters=37\nBARRIER INT 0 0 ADD 1 WORLD MPI 0 iters=43\nALLREDUCE DOUBLE 1 4 MUL 2 WORLD SUM 0\n' > "$T/counted.in"
$MPIRUN -n 2 ./mpigauge --quiet --time 0.02 -o "$T/counted-time" "$T/counted.in"
$MPIRUN -n 2 ./mpigauge --quiet -o "$T/counted-plain" "$T/counted.in"
iters_of() { jq -c "$AT"'[at(1), at(2) | [.points[].iters]]' "$1/run.json"; }
check "--time with iters=: the records' counts as without --time ($(iters_of "$T/counted-time"))" \
    eval '[ -n "$(iters_of "$T/counted-time")" ] && [ "$(iters_of "$T/counted-time")" = "$(iters_of "$T/counted-plain")" ] && [ "$(iters_of "$T/counted-time")" = "[[40,40,40],[43]]" ]'
check "... each data file says iters= beats --time" \
    [ "$(grep -l "^# repetition: fixed, .* iterations a size (this record's iters= beats --time 0.02" "$T/counted-time"/0[12]-*.dat | wc -l)" = 2 ]
est() { ./mpigauge --validate "$@" "$T/counted.in" | awk '/^  estimate:/ { print $(NF - 3) }' | tr '\n' ' '; }
read -r a1 a2 a3 <<< "$(est --time 5)"
read -r b1 b2 b3 <<< "$(est)"
check "--validate --time 5: iters= records estimated by their count ($a1 $a2 = $b1 $b2 s), the other by --time ($a3 s: 3 sizes of 5 s)" \
    eval '[ "$a1/$a2" = "$b1/$b2" ] && awk -v t="$a3" "BEGIN { exit !(t >= 15 && t < 16) }"'

# ---- --sync window: every call in its own window; late calls are
# counted, left out and tried again until 60 are valid, --budget (1 s a
# size) is spent or 4 x 60 were tried: valid <= 60, valid + late is the
# iters column (the calls made), at most 240.  How many were late is the
# machine's business (on this 2-core machine shared with a 4-rank job,
# calls took 16 ms and 2 to 55 of 60 were valid in a second);
# tests/clock.sh counts them exactly in simulated time (60 valid, none
# late)
d="$T/window"
$MPIRUN -n 2 ./mpigauge --quiet --sync window --iters 60 -o "$d" "$T/small.in"
check "window run exits 0" [ $? = 0 ]
for f in "$d"/01-*.dat "$d"/03-*.dat; do
    b="\$$(colno "$f" blocks)" l="\$$(colno "$f" late)" i="\$$(colno "$f" iters)"
    check "$f: valid <= 60, valid + late = calls <= 240" all_rows "$f" "$b <= 60 && $b + $l <= 240 && $b + $l == $i"
done
$MPIRUN -n 2 ./mpigauge --quiet --sync window --window 1000 --iters 60 -o "$T/window1ms" "$T/small.in"
check "1 ms window run exits 0" [ $? = 0 ]
for f in "$T/window1ms"/01-*.dat "$T/window1ms"/03-*.dat; do
    b="\$$(colno "$f" blocks)" l="\$$(colno "$f" late)" i="\$$(colno "$f" iters)"
    check "$f: 1 ms windows: valid <= 60, valid + late = calls <= 240" all_rows "$f" "$b <= 60 && $b + $l <= 240 && $b + $l == $i"
done
check "window: report counts calls" grep -q "^    median .* over [0-9]* calls" "$d/report.txt"
check "window: report states the clock model" grep -q "clocks corrected to rank 0 by a model of each rank's offset and drift" "$d/report.txt"
check "window: report says the end check" grep -q "^Clock check at the end: .* within [0-9.e+-]* us of the model's prediction" "$d/report.txt"
check "window: run.json clock" [ "$(jq '.clock.max_rtt_us > 0 and (.clock.ranks | length) == 2 and .clock.end_check.max_error_us >= 0 and .options.sync == "window"' "$d/run.json")" = true ]
check "no clock model without --sync window" [ "$(jq 'has("clock") or has("clocks")' "$T/time/run.json")" = false ]
# BARRIER records under --sync window: every barrier alone from a common
# start (1 ms windows), predicted from a simultaneous start
printf 'BARRIER INT 0 0 ADD 1 WORLD LINEAR 0 iters=60\nBARRIER INT 0 0 ADD 1 WORLD MPI 0 iters=60\n' > "$T/alone.in"
d="$T/alone"
$MPIRUN -n 2 ./mpigauge --quiet --sync window --window 1000 -o "$d" "$T/alone.in"
check "barriers alone: run exits 0" [ $? = 0 ]
for f in "$d"/01-*.dat "$d"/02-*.dat; do
    b="\$$(colno "$f" blocks)" l="\$$(colno "$f" late)" i="\$$(colno "$f" iters)"
    check "$f: barriers alone: valid <= 60, valid + late = calls <= 240" all_rows "$f" "$b <= 60 && $b + $l <= 240 && $b + $l == $i"
done
check "barriers alone: the report says every barrier starts at a common time" grep -q "every barrier (BARRIER records) starts at a common time" "$d/report.txt"
pred=$(jq -r "$AT"'at(1).points[0].t_pred_us' "$d/run.json")
./mpigauge --predict "$d" LINEAR --sync window > "$T/alone.pred"
check "barriers alone: --predict --sync window says it predicts one barrier from a simultaneous start" grep -q "one barrier from a simultaneous start" "$T/alone.pred"
off=$(awk '/^  t_pred_us \(median/ { print $(NF - 1) }' "$T/alone.pred")
read_us=$(jq -r '.timer.overhead_s * 1e6' "$d/run.json")
check "barriers alone: the run's t_pred_us ($pred) is --predict --sync window's ($off) plus a timer read ($read_us)" \
    awk -v a="$pred" -v b="$off" -v r="$read_us" 'BEGIN { exit !(a - b - r < 0.01 && a - b - r > -0.01) }'

d="$T/span"
$MPIRUN -n 2 ./mpigauge --quiet --sync window --coll-time span --iters 60 -o "$d" "$T/small.in"
check "span run exits 0" [ $? = 0 ]
check "span: the report says last exit minus first entry" grep -q "last exit minus first entry" "$d/report.txt"
$MPIRUN -n 1 ./mpigauge --coll-time span -o "$T/nospan" "$T/small.in" 2> "$T/span.err"
check "--coll-time span without --sync window exits 2" [ $? = 2 ]
check "and says why" grep -q "needs --sync window" "$T/span.err"

# ---- --cache cold: the data still checks
d="$T/cold"
$MPIRUN -n 2 ./mpigauge --quiet --cache cold --check --iters 20 -o "$d" "$T/small.in"
check "cold cache with --check exits 0" [ $? = 0 ]
check "cold: run.json says so" [ "$(jq -r .options.cache "$d/run.json")" = cold ]
check "cold: every data-moving record says cold" [ "$(jq "$EVERY"'every(.records[] | select(.call != "BARRIER"); .cache == "cold")' "$d/run.json")" = true ]
# issue 26 class 7: BARRIER's payloads are not cycled, and it says so
printf 'BARRIER INT 1 8 MUL 8 WORLD LINEAR 0 iters=20\n' > "$T/cold-barrier.in"
$MPIRUN -n 2 ./mpigauge --quiet --cache cold --iters 20 -o "$T/cold-barrier" "$T/cold-barrier.in"
check "cold: a BARRIER record says warm (run.json)" [ "$(jq -r "$AT"'at(1).cache' "$T/cold-barrier/run.json")" = warm ]
check "... and in its header" grep -q '^# cache: warm for BARRIER' "$T/cold-barrier/01-barrier-int-world-linear.dat"
# issue 39 item 3: a pattern's payload (1 MiB a signal here) is bound into
# its persistent requests and runs warm: the record says so and why, in
# run.json, its header and the prose, where the run says cache=cold
printf 'BARRIER CHAR 1048576 1048576 ADD 1 WORLD LINEAR 0 iters=20\n' > "$T/cold-payload.in"
$MPIRUN -n 2 ./mpigauge --cache cold --iters 20 -o "$T/cold-payload" "$T/cold-payload.in" > "$T/cold-payload.out" 2>&1
check "cold: a BARRIER payload runs (exit $?), warm in run.json, with its reason" \
    [ "$(jq -r "$AT"'at(1) | [.status, .cache, (.cache_why | test("payload"))] | @tsv' "$T/cold-payload/run.json")" = "$(printf 'done\twarm\ttrue')" ]
check "... the header line gives the reason" grep -q '^# cache: warm for BARRIER: .*payload' "$T/cold-payload/01-barrier-char-world-linear.dat"
check "... and so does the prose" grep -q '^  Cache: warm, though the run is --cache cold: .*payload' "$T/cold-payload.out"
# issue 39 item 4: MPI_Barrier_init and MPI_Ibarrier have no buffers, so
# nothing to cycle: they run under --cache cold, warm and said why, while
# a persistent call with data stays skipped (its request is bound to one
# pair of buffers)
printf '%s\n' 'BARRIER_INIT INT 0 0 ADD 1 WORLD NOP 0' 'IBARRIER DOUBLE 1 1 ADD 1 WORLD NOP 0' \
    'ALLREDUCE_INIT DOUBLE 1 8 MUL 8 WORLD SUM 0' 'BARRIER INT 0 0 ADD 1 WORLD MPI 0' > "$T/cold-dataless.in"
$MPIRUN -n 2 ./mpigauge --cache cold --iters 20 -o "$T/cold-dataless" "$T/cold-dataless.in" > "$T/cold-dataless.out" 2>&1
check "cold: BARRIER_INIT runs, IBARRIER and BARRIER (MPI) too, warm for moving no data; ALLREDUCE_INIT skipped (exit $?)" \
    [ "$(jq -c '[.records[] | [.call, .status, .cache, ((.cache_why // "") | test("no data"))]]' "$T/cold-dataless/run.json")" = \
      '[["BARRIER_INIT","done","warm",true],["IBARRIER","done","warm",true],["ALLREDUCE_INIT","skipped","cold",false],["BARRIER","done","warm",true]]' ]
check "... BARRIER_INIT's header says warm" grep -q '^# cache: warm for BARRIER_INIT: .*no data' "$T/cold-dataless/01-barrier_init-int-world-nop.dat"
check "... ALLREDUCE_INIT's reason is its buffers" grep -q "skipped: ALLREDUCE_INIT's request is bound to one pair of buffers" "$T/cold-dataless.out"
# ... as the point-to-point persistent calls' are (before, SEND_INIT, BW_INIT,
# BIBW_INIT and PSEND ran and said cold, their requests bound to the first
# copy: warm data under a cold label)
printf '%s\n' 'SEND_INIT DOUBLE 1 8 MUL 8 WORLD NOP 0' 'BW_INIT DOUBLE 1 8 MUL 8 WORLD NOP 0' \
    'BIBW_INIT DOUBLE 1 8 MUL 8 WORLD NOP 0' > "$T/cold-persistent.in"
$MPIRUN -n 2 ./mpigauge --quiet --cache cold --iters 10 -o "$T/cold-persistent" "$T/cold-persistent.in" > /dev/null 2>&1
check "cold: SEND_INIT, BW_INIT, BIBW_INIT skipped, said why (exit $?)" \
    [ "$(jq "$EVERY"'every(.records[]; .status == "skipped" and (.skipped | test("bound to one pair of buffers")))' "$T/cold-persistent/run.json")" = true ]
# ready mode under --cache cold is skipped, said why, and leaves no stray
# message for the record after it
printf 'RSEND INT 1 64 MUL 8 WORLD NOP 0\nIRSEND INT 1 64 MUL 8 WORLD NOP 0\nSEND INT 1 64 MUL 8 WORLD NOP 0\n' > "$T/cold-ready.in"
$MPIRUN -n 2 ./mpigauge --quiet --cache cold --check --iters 20 -o "$T/cold-ready" "$T/cold-ready.in" > /dev/null 2>&1
check "cold: RSEND and IRSEND skipped, said why; SEND after them checked" [ "$?/$(jq -c '[.records[] | [.status, (.check // (.skipped | test("--cache cold")))]]' "$T/cold-ready/run.json")" = '0/[["skipped",true],["skipped",true],["done","passed"]]' ]
# the copies (twice the last-level cache) count against --max-memory
$MPIRUN -n 1 ./mpigauge --cache cold --max-memory 4M -o "$T/cold-mem" "$T/small.in" 2> "$T/cold.err"
if [ $? = 2 ] && [ ! -e "$T/cold-mem" ]; then ok_=1; else ok_=0; fi
check "cold: buffers beyond --max-memory are an input error" [ "$ok_" = 1 ]
$MPIRUN -n 1 ./mpigauge --max-memory 4M --quiet --iters 2 -o "$T/warm-mem" "$T/small.in"
check "the same --max-memory suffices without cold copies" [ $? = 0 ]

# ---- MPI I/O: every call runs and verifies; scratch folders go away
for n in 2 3; do
    d="$T/io$n"
    $MPIRUN -n $n ./mpigauge --quiet --check --iters 10 -o "$d" tests/inputs/io.in
    check "io on $n ranks exits 0" [ $? = 0 ]
    check "io on $n ranks: all 8 calls verified" [ "$(jq '[.records[] | select(.check == "passed")] | length' "$d/run.json")" = 8 ]
    check "io on $n ranks: the scratch folder is gone" [ -z "$(ls -d "$d"/mpigauge-scratch-* 2> /dev/null)" ]
done
mkdir -p "$T/scr"
$MPIRUN -n 2 ./mpigauge --quiet --check --iters 5 --scratch "$T/scr" -o "$T/io-scr" tests/inputs/io.in
check "--scratch DIR: runs" [ $? = 0 ]
check "--scratch DIR: left empty" [ -z "$(ls -A "$T/scr")" ]
$MPIRUN -n 1 ./mpigauge --scratch "$T/no/such/dir" -o "$T/io-bad" tests/inputs/io.in 2> "$T/scr.err"
check "--scratch to a missing folder exits 2" [ $? = 2 ]
check "and leaves no result folder" [ ! -e "$T/io-bad" ]
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
# ---- plots: a real result folder; every PNG valid and of its size
png_size() {   # prints WIDTHxHEIGHT of a PNG, or nothing
    local h
    h=$(od -An -tx1 -N24 "$1" | tr -d ' \n')
    [ "${h:0:16}" = 89504e470d0a1a0a ] && [ "${h:24:8}" = 49484452 ] || return 0
    echo "$((16#${h:32:8}))x$((16#${h:40:8}))"
}
qa="$T/quick"
d=$qa
$MPIRUN -n 2 ./mpigauge --quiet --iters 20 -o "$d" inputs/quick.in
bash scripts/plot.sh "$d" > "$T/plots.list" 2> "$T/plots.err"
check "plot.sh exits 0" [ $? = 0 ]
check "plot.sh is silent on stderr" [ ! -s "$T/plots.err" ]
expected=0
for f in $(jq -r '.records[] | select(.file != null) | .file' "$d/run.json"); do
    stem=${f%.dat}
    family=$(jq -r --arg f "$f" '.records[] | select(.file == $f) | .family' "$d/run.json")
    expected=$((expected + 1))
    check "$stem: time plot 900x600" [ "$(png_size "$d/plots/$stem-time.png")" = 900x600 ]
    check "$stem: distribution plot 900x600" [ "$(png_size "$d/plots/$stem-distribution.png")" = 900x600 ]
    expected=$((expected + 1))
    case $family/$stem in   # barriers (IBARRIER too) and MPI objects move no data
    synchronisation/*|objects/*|*barrier*) check "$stem: no bandwidth plot" [ ! -e "$d/plots/$stem-bandwidth.png" ] ;;
    *) check "$stem: bandwidth plot 900x600" [ "$(png_size "$d/plots/$stem-bandwidth.png")" = 900x600 ]
       expected=$((expected + 1)) ;;
    esac
    case $stem in     # SHIFT's bandwidth matrix, a heat map per size
    *-shift-*)
        for n in $(jq -r --arg f "$f" '.records[] | select(.file == $f) | .points[].elements' "$d/run.json"); do
            check "$stem: matrix heat map for $n elements 640x560" [ "$(png_size "$d/plots/$stem-matrix-$n.png")" = 640x560 ]
            expected=$((expected + 1))
        done ;;
    esac
    # a rate plot where the data file has a msg_rate column (MSGRATE, HALO)
    if [ -n "$(colno "$d/$f" msg_rate)" ]; then
        check "$stem: rate plot 900x600" [ "$(png_size "$d/plots/$stem-rate.png")" = 900x600 ]
        expected=$((expected + 1))
    else
        check "$stem: no rate plot" [ ! -e "$d/plots/$stem-rate.png" ]
    fi
done
# an overview per family that has a data file (the list from run.json, so
# that a new family is counted; I/O's name is I-O in a file name)
families=$(jq -r '[.records[] | select(.file != null) | .family | gsub("[/ ]"; "-")] | unique[]' "$d/run.json")
check "quick.in covers 10 families or more" [ "$(echo "$families" | wc -w)" -ge 10 ]
for fam in $families; do
    check "overview of $fam 1200x800" [ "$(png_size "$d/plots/overview-$fam.png")" = 1200x800 ]
    expected=$((expected + 1))
done
for n in 1 8 64 512 4096; do
    check "pair heat map for $n elements 640x560" [ "$(png_size "$d/plots/02-send-double-world-detail-pairs-$n.png")" = 640x560 ]
    expected=$((expected + 1))
done
if [ "$(sort -u "$T/plots.list" | wc -l)" = "$expected" ] && [ "$(ls "$d/plots" | wc -l)" = "$expected" ]; then ok_=1; else ok_=0; fi
check "plot.sh lists exactly the PNGs it wrote ($expected)" [ "$ok_" = 1 ]
for p in "$d"/plots/*.png; do
    [ -n "$(png_size "$p")" ] || bad "$p is not a PNG"
done
ok
# barrier patterns: predicted against measured
d="$T/pattern"
printf 'BARRIER DOUBLE 0 64 MUL 8 WORLD DISSEMINATION 0 iters=50\nBARRIER INT 0 0 ADD 1 WORLD LINEAR 0 iters=50\n' > "$T/pattern.in"
$MPIRUN -n 2 ./mpigauge --quiet -o "$d" "$T/pattern.in"
bash scripts/plot.sh "$d" > /dev/null 2>&1
check "predicted vs measured plot" [ "$(png_size "$d/plots/01-barrier-double-world-dissemination-predicted.png")" = 900x600 ]
check "predicted vs measured for a single size too" [ "$(png_size "$d/plots/02-barrier-int-world-linear-predicted.png")" = 900x600 ]
bash scripts/plot.sh "$T/no-such-run" > /dev/null 2>&1
check "plot.sh on a folder without run.json exits 2" [ $? = 2 ]

# ---- compare.sh: the ratio per record and size, and a plot of both runs
d2="$T/quick2"
$MPIRUN -n 2 ./mpigauge --quiet --iters 20 -o "$d2" inputs/quick.in
bash scripts/compare.sh "$qa" "$d2" > "$T/compare.txt" 2> "$T/compare.err"
check "compare.sh exits 0" [ $? = 0 ]
rows=$(jq '[.records[] | select(.file != null) | .points | length] | add' "$qa/run.json")
check "compare.sh prints a ratio, its interval and a verdict for every record and size ($rows)" [ "$(grep -cE '^[0-9a-z_.-]+\.dat +[0-9]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[-0-9.naif]+ +[-0-9.naif]+ +1 +1 (slower|faster|no-change|undecided)$' "$T/compare.txt")" = "$rows" ]
# (within the rounding of the printed times, 6 decimals: relative to the
# ratio, as a loaded machine makes ratios of thousands)
check "the ratio is B / A of the times printed" awk '/\.dat / && NF == 10 { n++; d = $5 - $4 / $3; if (d < 0) d = -d; if ($3 <= 0 || d > 0.001 + 1e-4 * $5) bad++ } END { exit bad > 0 || n == 0 }' "$T/compare.txt"
check "compare.sh: one plot per record, and the ratios" [ "$(ls "$d2"/compare-*/*.png | wc -l)" = "$(($(jq '[.records[] | select(.file != null)] | length' "$qa/run.json") + 1))" ]
check "compare.sh: a ratio summary plot" [ "$(png_size "$(ls "$d2"/compare-*/ratio.png)")" = 1200x800 ]

# ---- calls one by one: the tail, and the rank to blame (issue 23) ---------
# one record of each way of measuring: pairs in turn, a window, a
# collective, every pair at once, BARRIER (MPI and a pattern), one-sided
printf '%s\n' 'SEND CHAR 1 4096 MUL 64 WORLD NOP 0 iters=200' \
    'BW CHAR 1024 1024 MUL 2 WORLD NOP 0 iters=100' \
    'ALLREDUCE DOUBLE 1 512 MUL 8 WORLD SUM 0 iters=200' \
    'MSGRATE CHAR 8 8 MUL 2 WORLD NOP 0 iters=50' \
    'BARRIER INT 0 0 ADD 1 WORLD MPI 0 iters=200' \
    'BARRIER INT 0 0 ADD 1 WORLD LINEAR 0 iters=200' \
    'PUT DOUBLE 1 64 MUL 8 WORLD NOP 0 iters=100' > "$T/tail.in"
d="$T/tail"
$MPIRUN -n 3 ./mpigauge --quiet --check -o "$d" "$T/tail.in"
check "calls one by one: exit 0" [ $? = 0 ]
for f in "$d"/0*-*.dat; do
    case "$f" in *.raw.dat|*.pairs.dat|*.comms.dat) continue ;; esac
    n=$(basename "$f" .dat)
    check "$n: p50 <= p90 <= p99 <= pmax, sd >= 0, calls > 0" \
        rows "$f" 'v1 > 0 && v1 <= v2 && v2 <= v3 && v3 <= v4 && v5 >= 0 && v6 >= 10' \
        p50_us p90_us p99_us pmax_us sd_us calls
done
check "every data file has them (7)" [ "$(grep -l '^# p50_us p90_us p99_us pmax_us sd_us' "$d"/0*.dat | grep -vc 'raw\|pairs\|comms')" = 7 ]
check "the collectives and barriers name the slowest rank (0-2) and its share" \
    [ "$(for f in "$d"/03-*.dat "$d"/04-*.dat "$d"/05-*.dat "$d"/06-*.dat; do
           rows "$f" 'v1 >= 0 && v1 <= 2 && v2 > 0 && v2 <= 100' slowest_rank slowest_pct && echo ok
         done | grep -c ok)" = 4 ]
check "... pairs do not (their matrix blames a pair)" [ -z "$(colno "$d/01-send-char-world-nop.dat" slowest_rank)" ]
check "SEND: a tenth of its iterations a pair (20), pooled over 3 pairs" rows "$d/01-send-char-world-nop.dat" 'v1 == 60' calls
check "run.json: the same by name" [ "$(jq "$EVERY"'every(.records[].points[]; .p50_us <= .p90_us and .p90_us <= .p99_us and .p99_us <= .pmax_us)' "$d/run.json")" = true ]
check "the prose says who finished last" [ "$(grep -c 'was the last to finish in [0-9]*% of them' "$d/report.txt")" -ge 4 ]
check "--check passed everywhere" [ "$(jq "$EVERY"'every(.records[]; .check == "passed" or .check == "no data")' "$d/run.json")" = true ]

# ---- the calls timed one by one, in side files: --raw keeps every one,
# DETAIL's p99 per pair beside the mean's matrix
printf 'SEND DOUBLE 1 64 MUL 8 WORLD DETAIL 0\nALLREDUCE DOUBLE 1 64 MUL 8 WORLD SUM 0\n' > "$T/calls.in"
$MPIRUN -n 3 ./mpigauge --raw --iters 200 --quiet -o "$T/calls" "$T/calls.in" > /dev/null 2>&1
check "calls: exit 0" [ $? = 0 ]
s="$T/calls/01-send-double-world-detail"
for f in "$s.calls.dat" "$s.pairs_p99.dat" "$T/calls/02-allreduce-double-world-sum.calls.dat"; do
    check "calls: $(basename "$f") written" [ -s "$f" ]
done
ncalls() { awk '!/^#/ && NF { n += $NF } END { print n }' "$1"; }
check "--raw: one row per call timed one by one (the calls column's sum)" [ "$(grep -cv '^#' "$s.calls.dat")" = "$(ncalls "$s.dat")" ]
check "--raw: the pairs are named, b >= 0" awk '!/^#/ && NF { if ($3 < 0 || $2 == $3) bad++; n++ } END { exit !(n > 0 && !bad) }' "$s.calls.dat"
check "--raw: a collective's rows are its communicator's (b = -1)" awk '!/^#/ && NF { if ($3 != -1) bad++; n++ } END { exit !(n > 0 && !bad) }' "$T/calls/02-allreduce-double-world-sum.calls.dat"
check "DETAIL p99: measured exactly where the mean's matrix is" [ "$(grep -v '^#' "$s.pairs.dat" | sed 's/[0-9.]\+/x/g')" = "$(grep -v '^#' "$s.pairs_p99.dat" | sed 's/[0-9.]\+/x/g')" ]
check "DETAIL p99: 3 pairs a size, 3 sizes" [ "$(grep -v '^#' "$s.pairs_p99.dat" | grep -o '[0-9][0-9.]*' | wc -l)" = 9 ]
check "DETAIL p99: no pair's above the size's pmax" awk -v f="$s.dat" 'BEGIN { while ((getline l < f) > 0) if (l !~ /^#/ && l != "") { split(l, a, " "); max[++k] = a[20] + 0 } } /^# elements [0-9]+$/ { b++ } !/^#/ && NF { for (i = 1; i <= NF; i++) if ($i != "nan") { n++; if ($i + 0 > max[b] + 1e-9) bad++ } } END { exit !(n == 9 && !bad) }' "$s.pairs_p99.dat"

summary measure
