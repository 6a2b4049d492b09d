#!/usr/bin/env bash
# round_trip.sh (make bench-live): the platform round trip with fresh real
# runs, ROUNDS of them: a run of the five barrier patterns on two hosts of
# ../shared/cluster (one rank each, TCP), how far its medians lie from its
# own matrix model, then made into a platform (scripts/platform.sh),
# simulated, and how far the simulation lies from that model and from the
# real medians.  tests/platforms.sh checks the same steps exactly on a
# recorded run (tests/data/round-trip); what fresh runs on this machine
# give is printed here with the machine and date, never asserted.
set -eu
cd "$(dirname "$0")/.."
MPIRUN=${MPIRUN:-mpirun.mpich}
ROUNDS=${ROUNDS:-5}
L=$(realpath ../shared/cluster/fake-ssh)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
in=tests/data/round-trip/trip.in
make --no-print-directory smpi > /dev/null
echo "round trip, $ROUNDS real runs on 2 hosts: $(hostname), $(date -u +%Y-%m-%dT%H:%MZ), load $(cut -d' ' -f1-3 /proc/loadavg)"
for i in $(seq "$ROUNDS"); do
    rm -rf "$T/real" "$T/sim"
    SEPARATE_HOSTS=1 timeout -k 5 120 $MPIRUN -launcher ssh -launcher-exec "$L" -hosts nodeA:1,nodeB:1 -n 2 \
        ./mpigauge --quiet -o "$T/real" "$in" > /dev/null 2>&1 || { echo "  run $i: the real run failed"; continue; }
    for op in $(jq -r '.records[].op' "$T/real/run.json"); do
        ./mpigauge --predict "$T/real" "$op" 2> /dev/null | awk '/^  matrix model/ { print $(NF - 1) }'
    done > "$T/model"
    scripts/platform.sh "$T/real" -o "$T/real.xml" 2> /dev/null
    timeout 300 scripts/simulate.sh "$T/real.xml" 2 --placement round-robin --quiet -o "$T/sim" "$in" > /dev/null 2>&1 || true
    paste <(jq -r '.records[] | "\(.op) \(.points[0].iter_max_median_us)"' "$T/real/run.json") "$T/model" \
          <(jq -r '.records[].points[0].iter_max_median_us' "$T/sim/run.json" 2> /dev/null) |
        awk -v i="$i" '{ printf "%s%s: real %.2f us, model %+.1f%%, simulated %+.1f%% of the model, %+.1f%% of real", (NR == 1 ? "  run " i ": " : "; "),
                         $1, $2, 100 * ($3 / $2 - 1), 100 * ($4 / $3 - 1), 100 * ($4 / $2 - 1) } END { print "" }'
done
