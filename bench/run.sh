#!/usr/bin/env bash
# run.sh (make bench): mpigauge's SEND against a bare MPI_Send/MPI_Recv
# ping-pong, in the same session, alternating the two so drift hits both
# alike.  Prints the median one-way time of each and their ratio.
set -eu
cd "$(dirname "$0")/.."
MPIRUN=${MPIRUN:-mpirun}
ROUNDS=${ROUNDS:-7}
ITERS=${ITERS:-20000}
WARMUP=${WARMUP:-2000}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

compare() { # bytes
    local bytes=$1
    printf 'SEND CHAR %s %s ADD 1 WORLD NOP 0 iters=%s warmup=%s\n' "$bytes" "$bytes" \
        "$ITERS" "$WARMUP" > "$T/send.in"
    : > "$T/harness"
    : > "$T/bare"
    for i in $(seq "$ROUNDS"); do
        $MPIRUN -n 2 ./mpigauge --quiet -o "$T/r$bytes-$i" "$T/send.in" > /dev/null
        grep -v '^#' "$T/r$bytes-$i/01-send-char-world-nop.dat" | awk '{ print $4 }' >> "$T/harness"
        $MPIRUN -n 2 ./bench/bare_pingpong "$bytes" "$ITERS" "$WARMUP" >> "$T/bare"
    done
    local h b
    h=$(median < "$T/harness")
    b=$(median < "$T/bare")
    printf '%9s bytes  mpigauge %9.4f us  bare loop %9.4f us  ratio %.3f  (median of %d runs, %d iterations)\n' \
        "$bytes" "$h" "$b" "$(echo "$h $b" | awk '{ print $1 / $2 }')" "$ROUNDS" "$ITERS"
}

echo "SEND one-way time, mpigauge vs a bare ping-pong, 2 ranks:"
compare 1
ITERS=2000 WARMUP=200 compare 1048576
