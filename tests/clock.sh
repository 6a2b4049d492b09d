#!/usr/bin/env bash
# clock.sh: --sync window's clock model against clocks skewed on purpose
# (tests/skew.c: world rank r reads t (1 + d_r) + o_r).
#
# In simulated time (SimGrid's SMPI: tests/mpigauge-smpi-skew, the SMPI
# build with the skew linked in, so that t is the simulated clock), where
# nothing but the skew moves the clocks and every run is the same: the
# fitted drift within 0.01 ppm of d_r and the offset at the fit's centre
# within 0.01 us of o_r + d_r T at 2 and 3 ranks, a list of drifts, a
# slow clock, and both schemes over two hosts (two levels: rank 3's line
# composed through the other host's leader); a collective measured 0.1 s
# and more after the fit has the same median skewed as unskewed.
#
# On the real machine, only what does not depend on how fast it was:
# the model is fitted and reported, its numbers agree with each other
# (the largest drift is the largest rank's, rank 0 keeps time), and the
# options' rules.  How close a real fit comes to a real skew is measured
# by bench/clock.sh (make bench), never asserted here.
# Prints "clock: N passed, N failed, N skipped".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# under `make asan`: the preload comes before ASan's runtime
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
T=tests/tmp/clock
scratch "$T"
SKEW="$PWD/tests/skew.so"
printf 'ALLREDUCE DOUBLE 1 1 ADD 1 WORLD SUM 0\n' > "$T/one.in"
# jqok FILTER FILE: FILTER is true of FILE
jqok() { jq -e "$1" "$2" > /dev/null 2>&1; }
# jqa ARGS...: jq -e ARGS, quiet (for --arg and --argjson)
jqa() { jq -e "$@" > /dev/null 2>&1; }
# the model's numbers agree with each other: rank 0 keeps time, the
# largest drift is the largest of the ranks', every rank has a line
CONSISTENT='.clock as $c | ($c.ranks | length) == .ranks and $c.ranks[0].drift_ppm == 0 and $c.ranks[0].offset_us == 0
    and $c.max_drift_ppm == ([$c.ranks[].drift_ppm | fabs] | max) and ($c.end_check.max_error_us >= 0) and ($c.end_check.rtt_us > 0)'

# ---- the real machine: fitted and reported, skewed or not
d="$T/plain"
$MPIRUN -n 2 ./mpigauge --quiet --sync window --iters 60 -o "$d" "$T/one.in" > "$d.out" 2>&1
check_launch "plain run exits 0" $? "$d.out"
check "plain: the model reported, its numbers agree" jqok "$CONSISTENT" "$d/run.json"
check "plain: one node, so the flat scheme, 1 burst a round" \
    jqok '.clock | .scheme == "flat" and .nodes == 1 and .sequential_per_round == 1' "$d/run.json"
check "plain: the report states the clock model" grep -q "clocks corrected to rank 0 by a model of each rank's offset and drift" "$d/report.txt"
d="$T/skew3"
MPIGAUGE_SKEW_PPM=100 MPIGAUGE_SKEW_OFFSET_US=1000 LD_PRELOAD="$SKEW" \
    $MPIRUN -n 3 ./mpigauge --quiet --sync window --iters 60 -o "$d" "$T/one.in" > "$d.out" 2>&1
check_launch "skew 3 ranks (real): exits 0" $? "$d.out"
check "skew 3 ranks (real): the model reported, its numbers agree" jqok "$CONSISTENT" "$d/run.json"
check "skew 3 ranks (real): one node, the flat scheme, 2 bursts a round" \
    jqok '.clock | .scheme == "flat" and .nodes == 1 and .sequential_per_round == 2 and .sequential_bursts == .bursts' "$d/run.json"
./mpigauge --clocks flat "$T/one.in" > /dev/null 2> "$T/flat.err"
check "--clocks flat without --sync window: exit 2, said" \
    [ "$?/$(grep -c 'clocks flat needs --sync window' "$T/flat.err")" = 2/1 ]

# ---- a clock that stops or jumps (issue 53): every wait that reads
# MPI_Wtime is bounded on CLOCK_MONOTONIC (src/clock/clock_guard.h), so
# a run ends on its own, names the rank whose clock broke in run.json
# (timer.broken), the prose and on stderr, measures nothing after, and
# exits 3.  Before, a 2-rank --sync window run with rank 1's clock
# stopped never ended in about one launch in three.  20 launches, ranks 0
# and 1 stopped in turn from their first read; each is given 120 s (they
# take about a second here): a launch that has not ended by then is
# stopped and counted as a hang, and the launches after it are not made
printf 'ALLREDUCE DOUBLE 1 4 MUL 2 WORLD SUM 0\nBARRIER INT 0 0 ADD 1 WORLD MPI 0\n' > "$T/tiny.in"
# broken_said DIR ERR RANK: run.json, report.txt and stderr name RANK's
# clock broken, every record is an error naming it, the run exited 3
broken_said() {
    jqa --argjson r "$3" '.status == "complete-with-errors" and .timer.broken.rank == $r' "$1/run.json" &&
        jqa --arg w "the clock of rank $3 " "$EVERY"'every(.records[]; .status == "error" and (.error | startswith($w)))' "$1/run.json" &&
        grep -q "^The clock of rank $3 is broken: MPI_Wtime" "$1/report.txt" &&
        grep -q "^mpigauge: the clock of rank $3 is broken (MPI_Wtime" "$2"
}
ended=0 named=0 hung=""
for i in $(seq 20); do
    r=$((i % 2)) d="$T/stopped-$i"
    MPIGAUGE_SKEW_FREEZE=$r LD_PRELOAD="$SKEW" timeout -k 10 120 \
        $MPIRUN -n 2 ./mpigauge --quiet --sync window -o "$d" "$T/tiny.in" > "$d.err" 2>&1
    rc=$?
    if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
        hung="launch $i (rank $r stopped)"
        break
    fi
    [ "$rc" = 3 ] && ended=$((ended + 1))
    broken_said "$d" "$d.err" $r && named=$((named + 1))
    [ "$rc" = 3 ] || show_log "$d.err"
done
check "a stopped clock: 20 of 20 launches ended on their own, exit 3 ($ended${hung:+; hung: $hung})" [ "$ended" = 20 ]
check "a stopped clock: 20 of 20 named the stopped rank broken in run.json, report.txt and on stderr ($named)" [ "$named" = 20 ]
# the same input, no clock stopped: not broken (the judge's false alarm)
d="$T/unstopped"
LD_PRELOAD="$SKEW" $MPIRUN -n 2 ./mpigauge --quiet --sync window -o "$d" "$T/tiny.in" > "$d.err" 2>&1
check "a clock that keeps time: exit 0, timer.broken null" \
    jqok '.status == "complete" and .timer.broken == null' "$d/run.json"

# ---- stopped or jumping mid-run, at a read (not a time: where it lands
# does not depend on the machine's speed) 15000 past the timer probe's
# 100000, which the fit's pings and the first two records' 5050 windows
# (each at least three reads: its start, the call's two) pass whatever
# the machine's speed (the first record alone read 10000-20000 here): the
# records before it stand
# (done), the one in progress stops with the reason, the later ones are
# not measured; a jump back would have a window's start wait for as long
# as it went back (1000 s), a jump ahead end waits early
printf 'ALLREDUCE DOUBLE 1 1 ADD 1 WORLD SUM 0 iters=50\nALLREDUCE DOUBLE 1 1 ADD 1 WORLD SUM 0 iters=5000\nBARRIER INT 0 0 ADD 1 WORLD MPI 0 iters=50\n' > "$T/mid.in"
for how in FREEZE=0#115000 FREEZE=1#115000 JUMP=0#115000:-1000 JUMP=1#115000:-1000 JUMP=1#115000:1000; do
    r=${how#*=}; r=${r%%#*}
    d="$T/mid-$(echo "$how" | tr '=#:' '___')"
    env "MPIGAUGE_SKEW_$how" LD_PRELOAD="$SKEW" timeout -k 10 120 \
        $MPIRUN -n 2 ./mpigauge --quiet --sync window -o "$d" "$T/mid.in" > "$d.err" 2>&1
    rc=$?
    check "mid-run, MPIGAUGE_SKEW_$how: ended on its own, exit 3 ($rc)" [ "$rc" = 3 ]
    check "mid-run, MPIGAUGE_SKEW_$how: rank $r named broken, in run.json and on stderr" \
        eval 'jqok ".timer.broken.rank == $r" "$d/run.json" && grep -q "^mpigauge: the clock of rank $r is broken" "$d.err"'
    check "mid-run, MPIGAUGE_SKEW_$how: records done before it, then one stopped by it (or none), the rest not measured" \
        jqa --arg w "the clock of rank $r " '[.records[] | if .status == "done" then "d" elif .status == "error" and (.error | startswith($w)) then (if (.error | endswith("not measured")) then "n" else "s" end) else "?" end] | join("") | test("^d*s?n*$") and test("d$") == false' "$d/run.json"
done

# ---- simulated time: the skew and nothing else
CHECKS=29
if ! need_smpi; then
    skip "$CHECKS" "the clocks in simulated time: $SMPI_WHY"
    summary clock
    exit
fi
make --no-print-directory smpi > "$T/build.log" 2>&1
check "make smpi builds tests/mpigauge-smpi-skew" [ $? = 0 ] && [ -x tests/mpigauge-smpi-skew ]
# simulated DIR PLATFORM NP PPM OFFSET_US [OPTIONS...]: a --sync window run
# on PLATFORM with the skew
simulated() {
    local d=$1 platform=$2 np=$3 ppm=$4 off=$5
    shift 5
    rm -rf "$d"
    MPIGAUGE_SKEW_PPM=$ppm MPIGAUGE_SKEW_OFFSET_US=$off timeout 300 \
        scripts/simulate.sh "$platform" "$np" tests/mpigauge-smpi-skew --sync window --quiet "$@" -o "$d" \
        "${ONE:-$T/one.in}" > "$d.out" 2>&1
}
# exact DIR RANK PPM OFFSET_US: rank RANK's drift within 0.01 ppm of PPM and
# its offset at the fit's centre (at_s on rank 0's clock) within 0.01 us
# of OFFSET + PPM at_s
exact() {
    jq -e --argjson r "$2" --argjson d "$3" --argjson o "$4" \
        '.clock.ranks[$r] | ((.drift_ppm - $d | fabs) < 0.01) and ((.offset_us - ($o + $d * .at_s) | fabs) < 0.01)' \
        "$1/run.json" > /dev/null 2>&1
}
says() { jq -r --argjson r "$2" '.clock.ranks[$r] | "drift \(.drift_ppm) ppm, offset \(.offset_us) us at \(.at_s) s"' "$1/run.json" 2> /dev/null; }
P8=platforms/thesis-8x2x4.xml
d="$T/sim-plain"
simulated "$d" "$P8" 2 0 0 --iters 60
check "simulated, unskewed: exit 0" [ $? = 0 ]
check "simulated, unskewed: rank 1's drift 0 and offset 0 within 0.01 ($(says "$d" 1))" exact "$d" 1 0 0
check "simulated, unskewed: the end check's error 0 within 0.01 us" jqok '.clock.end_check.max_error_us < 0.01' "$d/run.json"
d="$T/sim-skew2"
simulated "$d" "$P8" 2 100 1000 --iters 60
check "simulated, 2 ranks 100 ppm 1 ms apart: exit 0" [ $? = 0 ]
check "simulated, 2 ranks: rank 1's drift 100 ppm, offset 1000 us + 100 ppm x T ($(says "$d" 1))" exact "$d" 1 100 1000
check "simulated, 2 ranks: the model reported, its numbers agree" jqok "$CONSISTENT" "$d/run.json"
check "simulated, 2 ranks: the end check agrees with the model within 0.01 us" jqok '.clock.end_check.max_error_us < 0.01' "$d/run.json"
d="$T/sim-skew3"
simulated "$d" "$P8" 3 100 1000 --iters 60
check "simulated, 3 ranks: exit 0" [ $? = 0 ]
check "simulated, 3 ranks: rank 1 at 50 ppm ($(says "$d" 1))" exact "$d" 1 50 1000
check "simulated, 3 ranks: rank 2 at 100 ppm, 2 ms ($(says "$d" 2))" exact "$d" 2 100 2000
check "simulated, 3 ranks: the largest drift is rank 2's" jqok '.clock.max_drift_ppm == (.clock.ranks[2].drift_ppm | fabs)' "$d/run.json"
d="$T/sim-slow"
simulated "$d" "$P8" 2 0,-80 0 --iters 60
check "simulated, a list 0,-80: rank 1's clock slow by 80 ppm ($(says "$d" 1))" exact "$d" 1 -80 0

# a collective measured after point-to-point records (0.1 s and more of
# simulated time after the fit, when an offset-only model of a 100 ppm
# clock would be 10 us off, past the windows): its median skewed is its
# median unskewed, as nothing else moves in simulated time
printf 'SEND DOUBLE 131072 131072 ADD 1 WORLD NOP 0 iters=2000\nALLREDUCE DOUBLE 1 1 ADD 1 WORLD SUM 0\n' > "$T/later.in"
ONE="$T/later.in" simulated "$T/later-plain" "$P8" 2 0 0 --iters 200
ONE="$T/later.in" simulated "$T/later-skew" "$P8" 2 100 1000 --iters 200
check "later, plain and skewed: exit 0" [ -f "$T/later-plain/run.json" ] && [ -f "$T/later-skew/run.json" ]
gap=$(jq "$AT"'at(1).elapsed_s' "$T/later-skew/run.json" 2> /dev/null)
check "later: the ping-pongs before took 0.1 s or more of simulated time ($gap s)" \
    awk -v g="$gap" 'BEGIN { exit !(g + 0 >= 0.1) }'
check "later: the model of the first fit measured it (no refit)" jqok '.clock.refits == 0' "$T/later-skew/run.json"
med() { local f=("$1"/02-*.dat); column "${f[0]}" t_med_us; }
a=$(med "$T/later-plain") b=$(med "$T/later-skew")
check "later: ALLREDUCE's median skewed ($b us) is unskewed's ($a us) within 0.1%" \
    awk -v a="$a" -v b="$b" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(a > 0 && d <= 0.001 * a) }'

# two hosts of two ranks (block: 0, 1 on host-0, 2, 3 on host-1): rank 0
# fits rank 2 (the other host's leader) and rank 1, rank 2 fits rank 3, and
# rank 3's line against rank 0 is the composition; flat fits every rank
# against rank 0.  Both come out exact
for s in two-level flat; do
    d="$T/hosts-$s"
    simulated "$d" tests/platforms/two-hosts.xml 4 100 1000 --clocks "$s" --iters 60
    check "2 hosts, $s: exit 0, its scheme over 2 nodes" [ "$(jq -r '.clock | "\(.scheme) \(.nodes)"' "$d/run.json" 2> /dev/null)" = "$s 2" ]
    for r in 1 2 3; do
        ppm=$(awk -v r=$r 'BEGIN { print 100 * r / 3 }')
        check "2 hosts, $s: rank $r at $ppm ppm, $((1000 * r)) us ($(says "$d" $r))" exact "$d" $r "$ppm" $((1000 * r))
    done
done
check "2 hosts: 3 bursts one after another a round either way (1 + 1 + 1 in two levels)" \
    [ "$(jq '.clock.sequential_per_round' "$T/hosts-two-level/run.json" "$T/hosts-flat/run.json" 2> /dev/null | tr '\n' ' ')" = "3 3 " ]
check "2 hosts: two-level's rank 0 ran 2 bursts a round (rank 1, leader 2), not every one" \
    jqok '.clock | .sequential_bursts == 2 * .rounds_run and .sequential_bursts < .bursts' "$T/hosts-two-level/run.json"
check "2 hosts: flat's rank 0 ran every burst, 3 a round" \
    jqok '.clock | .sequential_bursts == .bursts and .bursts == 3 * .rounds_run' "$T/hosts-flat/run.json"
# --sync window's counts in simulated time: every call in its own window
# and none late (no rank is ever descheduled there), 60 valid of 60
d="$T/sim-window"
printf 'ALLREDUCE DOUBLE 1 64 MUL 8 WORLD SUM 0\n' > "$T/window.in"
ONE="$T/window.in" simulated "$d" "$P8" 2 100 1000 --iters 60
check "simulated --sync window: 60 calls, 60 valid, none late, at every size" \
    all_rows "$d/01-allreduce-double-world-sum.dat" "\$$(colno "$d/01-allreduce-double-world-sum.dat" blocks) == 60 && \$$(colno "$d/01-allreduce-double-world-sum.dat" late) == 0 && \$$(colno "$d/01-allreduce-double-world-sum.dat" iters) == 60"
summary clock
