#!/usr/bin/env bash
# conformance.sh: every call `mpigauge --list` prints, one small size with
# --check, in one launch on 2 ranks and one on 3 (tests/inputs/conformance.in:
# a record per call on WORLD, the neighbourhood calls on BINARY-TREE, and
# every call again on HOLLOW-CUBE, where on 3 ranks --coords puts rank 1
# inside the grid, out of every communicator).  For every record: done
# with its check passed, `samples` the count of what measured, worked out
# here from the communicators' sizes (a pair, a rank with a partner, a
# rank in a communicator: never a rank that sat out), min <= avg <= max,
# mbps and msg_rate from t_avg_us with the streams counted here, and the
# data file agreeing with run.json.  Then every record that moves data
# again, with tests/corrupt.so flipping a bit of what each call delivers:
# --check must find it in every one.  A record the plan skipped (a call
# this build's MPI cannot run, a library defect) counts its checks as
# skipped, with the reason.  Fails when --list is empty or a listed call
# has no record.  Prints "N passed, N failed, N skipped".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/conformance
scratch "$T"
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# the mem=device records' GPU: a runtime backed by host memory (devices.sh)
export MPIGAUGE_GPU_RUNTIME="$PWD/tests/fakegpu.so"
IN=tests/inputs/conformance.in
PER_RECORD=5                  # the checks of one record
MATCHINGS=4                   # PERMUTATION's matchings a size (fabric.md)

./mpigauge --list | awk '/^Calls/ { f = 1; next } /^$/ { f = 0 } f { print $1 }' \
    | sort > "$T/listed"
check "--list names calls" [ "$(wc -l < "$T/listed")" -gt 0 ]

# expected FAMILY CALL THREADS SIZES...: the samples of one size, from
# the communicators' sizes: a sample per measured pair (per thread of a
# threaded pair), per rank with a partner (multi-pair: r < P/2 with
# r + P/2; PERMUTATION: a perfect matching a phase), per rank and shift
# (SHIFT), one a communicator where only rank 0 acts (PUT_ONE_TO_ALL),
# else per rank (per thread of a rank: threads= on a collective) of a
# communicator.  Ranks outside every
# communicator are not in SIZES.
expected() {
    local family=$1 call=$2 threads=$3 n=0 c
    shift 3
    for c in "$@"; do
        case "$family/$call" in
            point-to-point/* | one-sided/*) n=$((n + c * (c - 1) / 2)) ;;
            threaded/*) n=$((n + threads * c * (c - 1) / 2)) ;;
            multi-pair/*) n=$((n + c - c % 2)) ;;
            fabric/PERMUTATION) n=$((n + MATCHINGS * (c - c % 2))) ;;
            fabric/SHIFT) n=$((n + c * (c - 1))) ;;
            "one-sided patterns/PUT_ONE_TO_ALL") n=$((n + 1)) ;;   # the targets sit out
            *) n=$((n + threads * c)) ;;   # threads= on a collective: one a thread
        esac
    done
    echo "$n"
}

# streams FAMILY CALL LARGEST: the messages in flight at once on the
# largest communicator, which mbps and msg_rate count
streams() {
    case "$1/$2" in
        multi-pair/*) echo $(($3 / 2)) ;;
        fabric/FAN_IN | fabric/FAN_OUT) echo $(($3 - 1)) ;;
        fabric/PERMUTATION) echo $(($3 - $3 % 2)) ;;
        fabric/SHIFT) echo "$3" ;;
        chain/SENDRECV_CHAIN) echo 2 ;;   # IMB's Sendrecv: both directions
        chain/EXCHANGE) echo 4 ;;         # IMB's Exchange: two neighbours, both ways
        halo/HALO) echo "$3" ;;           # IMB-P2P's aggregate: every rank's messages
        "one-sided patterns/PUT_ONE_TO_ALL") echo $(($3 - 1)) ;;
        "one-sided patterns/PUT_ALL_TO_ALL") echo $(($3 * ($3 - 1))) ;;
        *) echo 1 ;;
    esac
}

# near A B: within a millionth of each other
near() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; exit !(d * d <= 1e-12 * (a * a + b * b) + 1e-30) }'; }

# rates_ok FAMILY CALL STREAMS BYTES AVG MBPS RATE INV: mbps = bytes x
# streams / t_avg_us and msg_rate = streams / t_avg_us (threaded: the
# sums of the threads' rates, INV = the sum of 1 / each thread's t_us,
# as for threads= on a collective: THREADS);
# no mbps where nothing moves
rates_ok() {
    local family=$1 s=$3 bytes=$4 avg=$5 mbps=$6 rate=$7 inv=$8 threads=$9
    case "$family" in
        objects | synchronisation) [ "$mbps" = null ] && [ "$rate" = null ]; return ;;
    esac
    [ "$mbps" != null ] || return 1
    if [ "$family" = threaded ] || [ "$threads" -gt 1 ]; then
        near "$mbps" "$(awk -v b="$bytes" -v i="$inv" 'BEGIN { printf "%.17g", b * i }')" || return 1
        [ "$rate" = null ] || near "$rate" "$(awk -v i="$inv" 'BEGIN { printf "%.17g", i * 1e6 }')"
        return
    fi
    near "$mbps" "$(awk -v b="$bytes" -v s="$s" -v a="$avg" 'BEGIN { printf "%.17g", b * s / a }')" || return 1
    [ "$rate" = null ] || near "$rate" "$(awk -v s="$s" -v a="$avg" 'BEGIN { printf "%.17g", s / a * 1e6 }')"
}

# datafile_ok FILE SAMPLES AVG: the data file's row says the same
datafile_ok() {
    [ -f "$1" ] || return 1
    [ "$(column "$1" samples)" = "$2" ] || return 1
    awk -v a="$(column "$1" t_avg_us)" -v b="$3" 'BEGIN { d = a - b; exit !(d * d <= (0.002 + 1e-3 * b) ^ 2) }'
}

# covers LISTED RAN: LISTED is not empty and every call in it is in RAN
covers() { [ -s "$1" ] && [ -z "$(comm -23 "$1" "$2")" ]; }

# the calls that carry no data to check (--check: "no data")
dataless() { case "$1" in BARRIER | IBARRIER | BARRIER_INIT) return 0 ;; esac; return 1; }

# corrupted P OUT ARGS: the fault injector (tests/corrupt.c: every receive
# flips the lowest bit of the last element it delivered, every one-sided
# origin its last element) on every record of OUT whose --check passed and
# that moves data (not the objects family, whose calls carry none: a
# flipped handle breaks the library, not the data), in one launch of their
# input lines: each must report the flipped bit, check "failed".  A call
# added to the input is covered with no edit here
corrupted() {
    local p=$1 out=$2
    shift 2
    jq -r '.records[] | select(.check == "passed" and .family != "objects") | .text' "$out/run.json" \
        2> /dev/null > "$out.moving.in"
    local n
    n=$(grep -c . "$out.moving.in")
    mpirun_logged "$out.corrupt.log" "$out.corrupt" -n "$p" env MPIGAUGE_CORRUPT=1 \
        LD_PRELOAD="$PWD/tests/corrupt.so" ./mpigauge "$@" --check --iters 4 --warmup 1 --quiet \
        -o "$out.corrupt" "$out.moving.in"
    local rc=$?
    check "$p ranks, every bit flipped: exit 1 ($rc), a record per call that moves data ($n)" \
        [ "$rc/$(jq '.records | length' "$out.corrupt/run.json" 2> /dev/null)" = "1/$n" ] && [ "$n" -gt 0 ]
    local line call topo chk
    while IFS=$'\t' read -r line call topo chk; do
        check "$p ranks, every bit flipped, line $line $call on $topo: the flipped bit found (check $chk)" [ "$chk" = failed ]
    done < <(jq -r '.records[] | [.line, .call, .topology, .check] | @tsv' "$out.corrupt/run.json" 2> /dev/null)
}

# one launch of every record on P ranks (ARGS: more options), then every
# record's checks
launch() {
    local p=$1 out="$T/n$1"
    shift
    mpirun_logged "$out.log" "$out" -n "$p" ./mpigauge "$@" --check --iters 4 --warmup 1 \
        --quiet -o "$out" "$IN"
    local rc=$?
    check_launch "$p ranks: exit 0 (rc $rc, $out.log)" "$rc" "$out.log"
    check "$p ranks: run.json complete" \
        [ "$(jq -r .status "$out/run.json" 2>/dev/null)" = complete ]
    check "$p ranks: a record per input line" [ "$(jq '.records | length' "$out/run.json" 2>/dev/null)" = \
        "$(grep -cvE '^\s*(#|$)' "$IN")" ]
    jq -r '.records[] | select(.topology != "HOLLOW-CUBE") | .call' "$out/run.json" 2>/dev/null \
        | sort > "$out.calls"
    check "$p ranks: every call of --list has a record (missing: $(comm -23 "$T/listed" "$out.calls" | tr '\n' ' '))" \
        covers "$T/listed" "$out.calls"
    check "$p ranks: some call measured" \
        [ "$(jq '[.records[] | select(.status == "done")] | length' "$out/run.json" 2>/dev/null)" -gt 0 ]
    corrupted "$p" "$out" "$@"
    local line call family topo status reason chk sizes threads samples tmin tavg tmax mbps rate bytes file inv
    while IFS=$'\x1f' read -r line call family topo status reason chk sizes threads samples tmin tavg tmax \
        mbps rate bytes file inv; do
        local what="$p ranks, line $line $call on $topo"
        if [ "$status" = skipped ]; then
            skip "$PER_RECORD" "$what: $reason"
            continue
        fi
        # shellcheck disable=SC2086
        local want largest
        want=$(expected "$family" "$call" "$threads" ${sizes//,/ })
        largest=$(echo "${sizes//,/ }" | tr ' ' '\n' | sort -n | tail -1)
        if dataless "$call"; then
            check "$what: done, no data to check" [ "$status/$chk" = "done/no data" ]
        else
            check "$what: done, check passed" [ "$status/$chk" = done/passed ]
        fi
        check "$what: samples $samples, of the ranks that measured $want" [ "$samples" = "$want" ]
        check "$what: 0 < min $tmin <= avg $tavg <= max $tmax" \
            awk -v a="$tmin" -v b="$tavg" -v c="$tmax" 'BEGIN { exit !(a > 0 && a <= b && b <= c) }'
        check "$what: mbps $mbps, msg_rate $rate over $(streams "$family" "$call" "$largest") streams" \
            rates_ok "$family" "$call" "$(streams "$family" "$call" "$largest")" "$bytes" "$tavg" \
            "$mbps" "$rate" "$inv" "$threads"
        check "$what: the data file agrees" datafile_ok "$out/$file" "$samples" "$tavg"
    done < <(jq -r '.records[] | [.line, .call, .family, .topology, .status, (.skipped // ""),
                      .check, (.communicators | map(tostring) | join(",")),
                      (.threads.threads // 1), (.points[0].samples // 0),
                      (.points[0].t_min_us // 0), (.points[0].t_avg_us // 0),
                      (.points[0].t_max_us // 0), (.points[0].mbps // "null"),
                      (.points[0].msg_rate // "null"), (.points[0].bytes // 0), .file,
                      ([.threads.per_thread[0].threads[]? | 1 / .t_us] | add // 0)]
                    | map(tostring) | join("\u001f")' "$out/run.json" 2>/dev/null)
}

launch 2
# CONFORMANCE_RANKS=2 (make check-quick) stops here
if [ "${CONFORMANCE_RANKS:-}" = 2 ]; then
    summary conformance
    exit
fi
# 3 ranks on a 3x3x3 grid, rank 1 in its middle: HOLLOW-CUBE is ranks 0
# and 2, and rank 1 sits out; WORLD's pairwise calls have an odd rank
printf '0 0 0 0\n1 1 1 1\n2 2 2 2\n' > "$T/middle.coords"
launch 3 --coords "$T/middle.coords"
check "3 ranks: rank 1 sits out of HOLLOW-CUBE (communicators [2])" \
    jq -e "$EVERY"'every(.records[] | select(.topology == "HOLLOW-CUBE"); .communicators == [2])' \
    "$T/n3/run.json" > /dev/null

summary conformance
