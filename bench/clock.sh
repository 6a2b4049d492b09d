#!/usr/bin/env bash
# clock.sh (make bench-live): how close --sync window's clock model comes
# to clocks skewed on purpose on this machine (tests/skew.so: rank r reads
# t (1 + d_r) + o_r), ROUNDS runs each of 2 and 3 ranks at 100 ppm and 1 ms
# apart: per rank the fitted drift against the skew (its error in percent,
# and in its own standard errors), the offset's error at the fit's centre,
# the end check's error against half its round trip.  What tests/clock.sh
# asserts exactly in simulated time, measured here on the real clocks;
# nothing is asserted (a loaded machine fits worse, and says so in the
# standard errors).
set -eu
cd "$(dirname "$0")/.."
MPIRUN=${MPIRUN:-mpirun}
ROUNDS=${ROUNDS:-5}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
printf 'ALLREDUCE DOUBLE 1 1 ADD 1 WORLD SUM 0\n' > "$T/one.in"
echo "clock model against skewed clocks: $(hostname), $(date -u +%Y-%m-%dT%H:%MZ), $($MPIRUN --version 2>&1 | head -1), load $(cut -d' ' -f1-3 /proc/loadavg)"
for n in 2 3; do
    for i in $(seq "$ROUNDS"); do
        MPIGAUGE_SKEW_PPM=100 MPIGAUGE_SKEW_OFFSET_US=1000 LD_PRELOAD="$PWD/tests/skew.so" \
            $MPIRUN -n "$n" ./mpigauge --quiet --sync window --iters 60 -o "$T/r" "$T/one.in" > /dev/null 2>&1 || true
        jq -r --argjson n "$n" --argjson i "$i" '.clock as $c | [range(1; $n) as $r | $c.ranks[$r] |
            (100 * $r / ($n - 1)) as $d | (1000 * $r) as $o |
            "rank \($r): drift \(.drift_ppm * 100 | round / 100) ppm of \($d) (\((.drift_ppm - $d) / $d * 10000 | round / 100)%, \(if .drift_se_ppm then ((.drift_ppm - $d) / .drift_se_ppm * 10 | round / 10 | tostring) + " se" else "no se: offset alone" end)), offset off by \((.offset_us - ($o + $d * .at_s)) * 100 | round / 100) us"]
            | "  \($n) ranks, run \($i): " + join("; ") + "; end check \($c.end_check.max_error_us * 100 | round / 100) us against rtt/2 \($c.end_check.rtt_us / 2 * 100 | round / 100) us"' "$T/r/run.json" 2> /dev/null || echo "  $n ranks, run $i: no run.json"
        rm -rf "$T/r"
    done
done
