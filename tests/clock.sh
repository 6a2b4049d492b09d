#!/usr/bin/env bash
# clock.sh: --sync window's clock model against clocks skewed on purpose
# (tests/skew.so: world rank r reads t (1 + d_r) + o_r).  The fitted
# drift comes within 5% of d_r at 2 and 3 ranks and the offset at the
# fit's centre within 5 us of o_r + d_r T; unskewed, the drift is 0 to
# the fit's noise; and a collective measured under --sync window 0.2 s
# or more after the fit, when an offset-only model would be 20 us off at 100 ppm,
# does not move with the skew.  Prints "N passed, N failed".
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
jqok() { jq -e "$1" "$2" > /dev/null; }
# jqa ARGS...: jq -e ARGS, quiet (for --arg and --argjson)
jqa() { jq -e "$@" > /dev/null; }
# a fit is judged when it met the model's own standard, every drift's
# standard error at most 1 ppm (CLOCK_DRIFT_SE); with fewer than 3 quick
# round trips clock_fit falls back to an offset alone, its standard error
# null
FITTED='[.clock.ranks[1:][] | .drift_se_ppm != null and .drift_se_ppm <= 1] | all'
# fitted DIR COMMAND...: COMMAND (which writes DIR) run again, up to three
# runs, while it exits 0 with a fit short of that standard: two 2-rank
# MPICH runs at once on this VM's 2 cores left rank 1 with the offset
# alone (drift 0) in one run of three; the last run stands
fitted() {
    fit_dir=$1
    tries 3 fit_met fresh "$@"
}
# fresh DIR COMMAND...: COMMAND, DIR removed before it
fresh() {
    rm -rf "$1"
    shift
    "$@"
}
fit_met() {
    jqok "$FITTED" "$fit_dir/run.json" 2> /dev/null && return 0
    echo "note: $fit_dir: no fit met 1 ppm ($(jq -c '[.clock.ranks[] | .drift_se_ppm]' "$fit_dir/run.json"))"
    return 1
}
# skewed DIR RANKS PPM OFFSET_US [OPTIONS...]: a --sync window run under
# the skew (PPM as MPIGAUGE_SKEW_PPM takes it), fitted
skewed() {
    local d=$1 n=$2 ppm=$3 off=$4
    shift 4
    fitted "$d" env MPIGAUGE_SKEW_PPM="$ppm" MPIGAUGE_SKEW_OFFSET_US="$off" LD_PRELOAD="$SKEW" \
        $MPIRUN -n "$n" ./mpigauge --quiet --sync window "$@" -o "$d" "$T/one.in"
}

# drift_within DIR RANK PPM: the fitted drift of RANK within 5% of PPM, or
# within 3 of the fit's own standard errors where those are wider (a fit
# judged at 0.98 ppm came 1.74 ppm, 5.2%, off 33.3 ppm under Open MPI here:
# 1.8 standard errors, the model right about itself)
drift_within() {
    jq -e --argjson r "$2" --argjson d "$3" \
        '.clock.ranks[$r] | .drift_ppm as $f | ($f - $d | fabs) <= ([0.05 * ($d | fabs), 3 * .drift_se_ppm] | max)' \
        "$1/run.json" > /dev/null
}
# offset_within DIR RANK PPM OFFSET_US: rank RANK's offset at the fit's
# centre (at_s on rank 0's clock, whose d and o are 0) within 5 us of
# o_r + d_r at_s
offset_within() {
    jq -e --argjson r "$2" --argjson d "$3" --argjson o "$4" \
        '.clock.ranks[$r] | (.offset_us - ($o + $d * .at_s) | fabs) <= 5' \
        "$1/run.json" > /dev/null
}
# says DIR RANK: the drift and offset seen, for the failure messages
says() { jq -r --argjson r "$2" '.clock.ranks[$r] | "drift \(.drift_ppm) ppm, offset \(.offset_us) us at \(.at_s) s"' "$1/run.json"; }

# ---- unskewed: one clock on one node, the drift 0 to the fit's noise
d="$T/plain"
fitted "$d" $MPIRUN -n 2 ./mpigauge --quiet --sync window --iters 60 -o "$d" "$T/one.in"
check "plain run exits 0" [ $? = 0 ]
check "plain: rank 1's drift is 0 within 2 ppm or 3 standard errors ($(says "$d" 1))" \
    jqok '.clock.ranks[1] | (.drift_ppm | fabs) <= ([2, 3 * .drift_se_ppm] | max)' "$d/run.json"
check "plain: the end check ran, within its round trip's half plus 1 us" \
    jqok '.clock.end_check | .max_error_us <= .rtt_us / 2 + 1' "$d/run.json"

# ---- 2 ranks, 100 ppm and 1 ms apart; the fitted model within 5%
d="$T/skew2"
skewed "$d" 2 100 1000 --iters 60
check "skew 2 ranks: exits 0" [ $? = 0 ]
check "skew 2 ranks: rank 1's drift within 5% of 100 ppm ($(says "$d" 1))" drift_within "$d" 1 100
check "skew 2 ranks: rank 1's offset matches 1000 us + 100 ppm x T ($(says "$d" 1))" \
    offset_within "$d" 1 100 1000
check "skew 2 ranks: the end check agrees with the model" \
    jqok '.clock.end_check | .max_error_us <= .rtt_us / 2 + 1' "$d/run.json"
check "skew 2 ranks: run.json's largest drift is rank 1's" \
    jqok '.clock.max_drift_ppm == (.clock.ranks[1].drift_ppm | fabs)' "$d/run.json"

# ---- 3 ranks: 50 and 100 ppm
d="$T/skew3"
skewed "$d" 3 100 1000 --iters 60
check "skew 3 ranks: exits 0" [ $? = 0 ]
check "skew 3 ranks: rank 1's drift within 5% of 50 ppm ($(says "$d" 1))" drift_within "$d" 1 50
check "skew 3 ranks: rank 2's drift within 5% of 100 ppm ($(says "$d" 2))" drift_within "$d" 2 100
check "skew 3 ranks: rank 2's offset matches 2000 us + 100 ppm x T ($(says "$d" 2))" \
    offset_within "$d" 2 100 2000

# ---- one node: --clocks two-level (the default) is the flat scheme,
# every rank against rank 0, P - 1 bursts a round
check "skew 3 ranks: one node, so the flat scheme, 2 bursts a round" \
    jqok '.clock | .scheme == "flat" and .nodes == 1 and .sequential_per_round == 2 and .sequential_bursts == .bursts' "$d/run.json"

./mpigauge --clocks flat "$T/one.in" > /dev/null 2> "$T/flat.err"
check "--clocks flat without --sync window: exit 2, said" \
    [ "$?/$(grep -c 'clocks flat needs --sync window' "$T/flat.err")" = 2/1 ]

# ---- a list, and a slow clock
d="$T/slow"
skewed "$d" 2 0,-80 0 --iters 60
check "skew list 0,-80: rank 1's drift within 5% of -80 ppm ($(says "$d" 1))" drift_within "$d" 1 -80

# ---- what is measured does not move with the skew.  The ALLREDUCE of
# line 2 runs after 0.2 s or more of ping-pongs (point-to-point, unchanged
# by --sync: no window used, so no refit comes before it; 0.5-5 s here),
# when rank 1's clock at 100 ppm has moved 20 us or more from where an
# offset-only model would put it, past the windows of a few us here
# (tests/unit/test_clock.c).  Its median is compared with the same run
# unskewed: within a quarter of it plus 0.5 us (launch to launch the
# median moved by up to 0.04 us of 0.27 here) plus three times the
# model's own error by then, the drift's standard error times the time
# since the fit (0.1 ppm x 5 s is 0.5 us; an ASan build on this shared
# machine once took 5 s over the ping-pongs).  20 us off would make a
# rank wait 20 us into every call.
printf 'SEND DOUBLE 131072 131072 ADD 1 WORLD NOP 0 iters=2000\nALLREDUCE DOUBLE 1 1 ADD 1 WORLD SUM 0\n' > "$T/later.in"
# later_pair: the plain run and the skewed one; 0 when both exit 0
later_pair() {
    rm -rf "$T/later-plain" "$T/later-skew"
    $MPIRUN -n 2 ./mpigauge --quiet --sync window --iters 200 -o "$T/later-plain" "$T/later.in" || return 1
    MPIGAUGE_SKEW_PPM=100 MPIGAUGE_SKEW_OFFSET_US=1000 LD_PRELOAD="$SKEW" \
        $MPIRUN -n 2 ./mpigauge --quiet --sync window --iters 200 -o "$T/later-skew" "$T/later.in" || return 2
}
med() { local f=("$1"/02-*.dat); column "${f[0]}" t_med_us; }
# later_near: the skewed median within the bound of the plain one
later_near() {
    a=$(med "$T/later-plain") b=$(med "$T/later-skew")
    own=$(jq "$AT"'3 * .clock.ranks[1].drift_se_ppm * at(1).elapsed_s' "$T/later-skew/run.json")
    awk -v a="$a" -v b="$b" -v own="$own" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(a > 0 && own != "" && d <= 0.25 * a + 0.5 + own) }' && return 0
    echo "note: later: ALLREDUCE's median skewed $b us, unskewed $a us"
    return 1
}
# Either run can land on a busy stretch of this shared VM: a CI run
# (Open MPI, ASan) on 2026-11-27 measured the plain run's median at
# 2.40 us and the skewed one at 0.44, the plain one being the slow one.
# So a pair that disagrees is run again, up to three pairs in all: a
# clock model 20 us off makes every pair disagree, by 20 us a call.
tries 3 later_near later_pair
later_rc=$?
check "later, plain and skewed: exit 0 ($later_rc)" [ "$later_rc" = 0 ]
gap=$(jq "$AT"'at(1).elapsed_s' "$T/later-skew/run.json")
check "later: the ping-pongs before took 0.2 s or more ($gap s)" \
    awk -v g="$gap" 'BEGIN { exit !(g >= 0.2) }'
check "later: the model of the first fit measured it (no refit)" \
    jqok '.clock.refits == 0' "$T/later-skew/run.json"
later_near > /dev/null
check "later: ALLREDUCE's median skewed ($b us) within 25% + 0.5 us + $own us of unskewed ($a us), pair $TRIED" [ $? = 0 ]
check "later: the model still held at the end" \
    jqok '.clock.end_check | .max_error_us <= .rtt_us / 2 + 1' "$T/later-skew/run.json"

# ---- a clock that stops or jumps (issue 53): every wait that reads
# MPI_Wtime is bounded on CLOCK_MONOTONIC (src/measure/clock_guard.h), so
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
# does not depend on the machine's speed) past the timer probe's 100000
# and the first record's (10000-20000 here): the records before it stand
# (done), the one in progress stops with the reason, the later ones are
# not measured; a jump back would have a window's start wait for as long
# as it went back (1000 s), a jump ahead end waits early
printf 'ALLREDUCE DOUBLE 1 1 ADD 1 WORLD SUM 0 iters=50\nALLREDUCE DOUBLE 1 1 ADD 1 WORLD SUM 0 iters=5000\nBARRIER INT 0 0 ADD 1 WORLD MPI 0 iters=50\n' > "$T/mid.in"
for how in FREEZE=0#130000 FREEZE=1#130000 JUMP=0#130000:-1000 JUMP=1#130000:-1000 JUMP=1#130000:1000; do
    r=${how#*=}; r=${r%%#*}
    d="$T/mid-$(echo "$how" | tr '=#:' '___')"
    env "MPIGAUGE_SKEW_$how" LD_PRELOAD="$SKEW" timeout -k 10 120 \
        $MPIRUN -n 2 ./mpigauge --quiet --sync window -o "$d" "$T/mid.in" > "$d.err" 2>&1
    rc=$?
    check "mid-run, MPIGAUGE_SKEW_$how: ended on its own, exit 3 ($rc)" [ "$rc" = 3 ]
    check "mid-run, MPIGAUGE_SKEW_$how: rank $r named broken, in run.json and on stderr" \
        eval 'jqok ".timer.broken.rank == $r" "$d/run.json" && grep -q "^mpigauge: the clock of rank $r is broken" "$d.err"'
    check "mid-run, MPIGAUGE_SKEW_$how: records done before it, then one stopped by it (or none), the rest not measured" \
        jqa --arg w "the clock of rank $r " '[.records[] | if .status == "done" then "d" elif .status == "error" and (.error | startswith($w)) then (if (.error | endswith("not measured")) then "n" else "s" end) else "?" end] | join("") | test("^d*s?n+$")' "$d/run.json"
done

# ---- two levels on two simulated hosts of two ranks (ranks 0, 1 on
# one, 2, 3 on the other; ../shared/cluster): rank 0 fits rank 2 (the
# other node's leader) and rank 1, rank 2 fits rank 3, and rank 3's line
# against rank 0 is the composition.  Skewed 100 ppm and 1 ms apart,
# every rank's drift within 5% and offset within 5 us, the bounds of the
# flat runs above, both ways.  At 4 ranks the rounds gain nothing (1 + 1
# + 1 bursts one after another, as flat's 3), but rank 0 runs 2 a round,
# not 3; tests/smpi.sh counts them at 64 ranks
# (FITTED, above: a CI run under Open MPI once judged an offset alone's
# assumed drift 0 against 66.7 ppm)
if cluster_launcher 120; then
    # the preload and the skew to every rank (Open MPI passes only what -x names)
    pass_env=()
    if $MPIRUN --version 2>&1 | grep -qE 'Open MPI|OpenRTE'; then
        pass_env=(-x LD_PRELOAD -x MPIGAUGE_SKEW_PPM -x MPIGAUGE_SKEW_OFFSET_US)
    fi
    for s in two-level flat; do
        # a fit is judged when it met the model's own standard, every
        # drift's standard error at most 1 ppm (CLOCK_DRIFT_SE); 4 ranks
        # on this VM's 2 cores with other suites running (load 8 to 11)
        # gave fits whose quickest round trips were 90-105 us, not 8-10,
        # and standard errors of 3.6-15.9 ppm, flat and two-level alike:
        # up to three runs, else the run's checks count as skipped
        d="$T/hosts-$s"
        for try in 1 2 3; do
            rm -rf "$d"
            MPIGAUGE_SKEW_PPM=100 MPIGAUGE_SKEW_OFFSET_US=1000 LD_PRELOAD="$SKEW" \
                "${CLUSTER[@]}" "${pass_env[@]}" \
                ./mpigauge --quiet --sync window --clocks $s --iters 60 -o "$d" "$T/one.in" \
                > "$d.out" 2>&1
            jqok "$FITTED" "$d/run.json" 2> /dev/null && break
        done
        check "2 hosts, $s: exits 0 and says its scheme over 2 nodes" \
            [ "$(jq -r '.clock | "\(.scheme) \(.nodes)"' "$d/run.json")" = "$s 2" ]
        if ! jqok "$FITTED" "$d/run.json" 2> /dev/null; then
            skip 7 "2 hosts, $s: no fit of three met 1 ppm ($(jq -c '[.clock.ranks[] | .drift_se_ppm]' "$d/run.json" 2> /dev/null)), the machine too loaded to judge"
            continue
        fi
        for r in 1 2 3; do
            ppm=$(awk -v r=$r 'BEGIN { print 100 * r / 3 }')
            check "2 hosts, $s: rank $r's drift within 5% of $ppm ppm ($(says "$d" $r))" \
                drift_within "$d" $r "$ppm"
            check "2 hosts, $s: rank $r's offset matches $((1000 * r)) us + $ppm ppm x T ($(says "$d" $r))" \
                offset_within "$d" $r "$ppm" $((1000 * r))
        done
        check "2 hosts, $s: the end check agrees with the model" \
            jqok '.clock.end_check | .max_error_us <= .rtt_us / 2 + 1' "$d/run.json"
    done
    check "2 hosts: at most 3 bursts one after another a round either way (1 + 1 + 1 in two levels)" \
        [ "$(jq '.clock.sequential_per_round' "$T/hosts-two-level/run.json" "$T/hosts-flat/run.json" | tr '\n' ' ')" = "3 3 " ]
    check "2 hosts: two-level's rank 0 ran 2 bursts a round at most (rank 1, leader 2), not every one" \
        jqok '.clock | .sequential_bursts <= 2 * .rounds_run and .sequential_bursts < .bursts' "$T/hosts-two-level/run.json"
    check "2 hosts: flat's rank 0 ran every burst, 3 a round" \
        jqok '.clock | .sequential_bursts == .bursts and .bursts >= 3 * .rounds' "$T/hosts-flat/run.json"
else
    skip 19 "../shared/cluster or unshare not available: clocks in two levels over 2 hosts"
fi

summary clock
