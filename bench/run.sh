#!/usr/bin/env bash
# run.sh (make bench): the harness against bare loops written for the
# purpose, in the same session, alternating the two so drift hits both
# alike; prints median times and their ratios.  Then the wall time and
# peak memory of inputs/quick.in.  2 ranks throughout.
set -eu
cd "$(dirname "$0")/.."
. tests/lib.sh    # column: a data-file column by its name
MPIRUN=${MPIRUN:-mpirun}
ROUNDS=${ROUNDS:-7}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

compare() { # label, record, bare-loop mode, N, iters, warmup [rate]
    local label=$1 record=$2 mode=$3 n=$4 iters=$5 warmup=$6 rate=${7:-}
    printf '%s iters=%s warmup=%s\n' "$record" "$iters" "$warmup" > "$T/in"
    : > "$T/harness"
    : > "$T/bare"
    for i in $(seq "$ROUNDS"); do
        $MPIRUN -n 2 ./mpigauge --quiet -o "$T/r$i" "$T/in" > /dev/null
        column "$T/r$i"/01-*.dat t_avg_us >> "$T/harness"
        rm -rf "$T/r$i"
        $MPIRUN -n 2 ./bench/bare_loops "$mode" "$n" "$iters" "$warmup" >> "$T/bare"
    done
    local h b
    h=$(median < "$T/harness")
    b=$(median < "$T/bare")
    printf '%-26s mpigauge %10.4f us   bare loop %10.4f us   ratio %.3f' "$label" "$h" "$b" \
        "$(echo "$h $b" | awk '{ print $1 / $2 }')"
    # a rate: what mpigauge reaches of the bare loop's bandwidth or messages/s
    [ -n "$rate" ] && printf '   %s ratio %.3f' "$rate" "$(echo "$h $b" | awk '{ print $2 / $1 }')"
    printf '\n'
}

echo "mpigauge vs bare loops, 2 ranks, median of $ROUNDS alternating runs each"
echo "(ratio: mpigauge's time over the bare loop's; for rates, what mpigauge reaches of the bare loop's):"
compare "SEND 1 byte" "SEND CHAR 1 1 ADD 1 WORLD NOP 0" pingpong 1 20000 2000
compare "SEND 1 MiB" "SEND CHAR 1048576 1048576 ADD 1 WORLD NOP 0" pingpong 1048576 2000 200
compare "ALLREDUCE 1 double" "ALLREDUCE DOUBLE 1 1 ADD 1 WORLD SUM 0" allreduce 1 20000 2000
compare "ALLREDUCE 1024 doubles" "ALLREDUCE DOUBLE 1024 1024 ADD 1 WORLD SUM 0" allreduce 1024 10000 1000
compare "BARRIER (MPI)" "BARRIER INT 0 0 ADD 1 WORLD MPI 0" barrier 0 20000 2000
compare "BW 4 MiB" "BW CHAR 4194304 4194304 ADD 1 WORLD NOP 0" bw 4194304 20 2 bandwidth
compare "MSGRATE 8 B" "MSGRATE CHAR 8 8 ADD 1 WORLD NOP 0" msgrate 8 2000 200 "message-rate"

start=$(date +%s.%N)
$MPIRUN -n 2 ./mpigauge --quiet -o "$T/quick" inputs/quick.in > /dev/null
end=$(date +%s.%N)
printf 'inputs/quick.in on 2 ranks: wall time %.1f s, peak memory of the largest rank %d KiB\n' \
    "$(echo "$start $end" | awk '{ print $2 - $1 }')" "$(jq .peak_rss_kib "$T/quick/run.json")"

./bench/pattern_scale 4096
