#!/usr/bin/env bash
# platforms.sh: platforms a user brings, and platforms made from a run
# (docs/simulated.md).  On 32 simulated ranks of tests/platforms/: a plain
# cluster with only SimGrid's smpi/os, ois, or; two clusters in a zone
# (each its own mpigauge/ costs); a 2x2x2 torus: every record of
# tests/inputs/platforms32.in done, the costs in force said, LINEAR, TREE,
# DISSEMINATION and HYBRID predicted within 10% (isolated barriers, --sync
# window), HYBRID's groups the hosts (by O_ij where the costs tell hosts
# apart; by the small messages' L_ij where SimGrid's own give every
# pair the same O_ij); block and round-robin placement over every host in
# platform order; a broken platform and too many ranks: one line naming
# the file, exit 2, no backtrace.  scripts/platform.sh: its errors (exit 2,
# file named, nothing written); the two-cluster run made into a platform
# and simulated again (within 5%); and the round trip from a recorded
# real run on 2 hosts of ../shared/cluster (tests/data/round-trip: TCP,
# one rank each) made into a platform, every barrier pattern simulated on
# it within 5% of that run's own matrix model and within 15% of its
# median, R1_ij carried over; then a fresh real run through the same
# steps, checked only for working (skipped without the cluster).
# Without smpicc/smpirun (or with SMPI_TESTS=skip) every check is counted
# as skipped.
# Prints "platforms: N passed, N failed, N skipped".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/platforms
CHECKS=69
if ! need_smpi; then
    skip "$CHECKS" "platforms in simulated time: $SMPI_WHY"
    summary platforms
    exit 0
fi
scratch "$T"
make --no-print-directory smpi > "$T/build.log" 2>&1
check "make smpi builds mpigauge-smpi, platforms/costs.so and platforms/hosts" [ $? = 0 ] && [ -x platforms/hosts ]
in=tests/inputs/platforms32.in
# worst relative error of the pattern records' predictions in run.json $1
worst() { jq -r '[.records[] | select(.pattern != null) | .points[0] | ((.t_pred_us - .iter_max_mean_us) / .iter_max_mean_us | fabs)] | max' "$1" 2> /dev/null; }
within() { awk -v e="$1" -v b="$2" 'BEGIN { exit !(e != "" && e != "null" && e + 0 < b) }'; }
# HYBRID's groups, and the hosts' ranks (rank r on hosts[places[r].node])
groups() { jq -c '[.records[] | select(.hybrid != null) | .hybrid.groups[].world_ranks | sort] | sort' "$1" 2> /dev/null; }
by_host() { jq -c '[.places | group_by(.node)[] | [.[].rank] | sort] | sort' "$1" 2> /dev/null; }

for plat in plain-cluster two-clusters torus; do
    d=$T/$plat
    timeout 600 scripts/simulate.sh tests/platforms/$plat.xml 32 --sync window --quiet -o "$d" $in > "$d.out" 2>&1
    check "$plat, 32 ranks: exit 0, 5 records done" [ $? = 0 ] &&
        [ "$(jq '[.records[] | select(.status == "done")] | length' "$d/run.json" 2> /dev/null)" = 5 ]
    costs=$(jq -r .simulation.costs "$d/run.json" 2> /dev/null)
    if [ $plat = plain-cluster ]; then
        check "$plat: SimGrid's own costs in force, in run.json and the header ($costs)" [ "$costs" = simgrid ] &&
            grep -q "^Simulated: .*per message: SimGrid's own (no mpigauge/ properties): smpi/os:0:1e-6:1e-10 " "$d/report.txt"
    else
        check "$plat: mpigauge/ costs in force, in run.json and the header ($costs)" [ "$costs" = mpigauge ] &&
            grep -q "^Simulated: .*per message: mpigauge/ properties: send " "$d/report.txt"
    fi
    e=$(worst "$d/run.json")
    check "$plat: LINEAR, TREE, DISSEMINATION, HYBRID predicted within 10% (worst $e)" within "$e" 0.10
    check "$plat: 4 pattern records, each barrier valid (none late)" \
        [ "$(jq '[.records[] | select(.pattern != null) | .points[0] | select(.late == 0 and .t_pred_us > 0)] | length' "$d/run.json" 2> /dev/null)" = 4 ]
    check "$plat: the ALLREDUCE timed at its 3 sizes" \
        [ "$(jq '[.records[] | select(.call == "ALLREDUCE") | .points[] | select(.t_avg_us > 0)] | length' "$d/run.json" 2> /dev/null)" = 3 ]
    check "$plat: 8 hosts of 4 ranks (block placement)" \
        [ "$(by_host "$d/run.json")" = "$(jq -nc '[range(8) as $h | [range(4) | . + 4 * $h]]')" ]
    if [ $plat = plain-cluster ]; then
        # SimGrid's smpi/os is by size only: O_ij is alike on every pair, and
        # HYBRID groups by the small messages' latency, which tells the hosts apart
        check "$plat: HYBRID's groups are the 8 hosts, by L_ij (O_ij alike everywhere)" \
            [ "$(groups "$d/run.json")" = "$(by_host "$d/run.json")" ] &&
            grep -q "groups by measured L_ij (1 B - 1 KiB) (O_ij alike on every pair)" "$d/report.txt"
    else
        check "$plat: HYBRID's groups are the 8 hosts" [ "$(groups "$d/run.json")" = "$(by_host "$d/run.json")" ]
    fi
done
# platform order: the hosts of both clusters, left then right, by radical;
# round-robin deals one rank a host in turn
printf 'BARRIER INT 0 0 ADD 1 WORLD MPI 0 iters=2\n' > "$T/one.in"
timeout 300 scripts/simulate.sh tests/platforms/two-clusters.xml 12 --placement round-robin --quiet \
    -o "$T/rr" "$T/one.in" > "$T/rr.out" 2>&1
names=$(jq -r '[.places | sort_by(.rank)[] | .node] as $n | .hosts as $h | [$n[] | $h[.]] | join(" ")' "$T/rr/run.json" 2> /dev/null)
check "round-robin over both clusters in platform order ($names)" \
    [ "$names" = "left-0 left-1 left-2 left-3 right-0 right-1 right-2 right-3 left-0 left-1 left-2 left-3" ]

# refusals: one line naming the file, exit 2, nothing of SimGrid's backtrace
refused() { # what expected-text platform np
    local what=$1 text=$2 plat=$3 np=$4
    scripts/simulate.sh "$plat" "$np" --quiet -o "$T/never" "$T/one.in" > "$T/ref.out" 2> "$T/ref.err"
    local rc=$?
    check "$what: exit 2 ($rc), one line naming $plat: $(head -c 160 "$T/ref.err")" \
        [ "$rc" = 2 ] && [ "$(wc -l < "$T/ref.err")" = 1 ] && grep -qF "$plat: $text" "$T/ref.err"
    check "$what: no backtrace, no result folder" \
        [ ! -e "$T/never" ] && ! grep -qi 'backtrace\|terminate called\|abort' "$T/ref.err" "$T/ref.out"
}
xml() { printf '<?xml version="1.0"?>\n<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">\n<platform version="4.1">\n%s\n</platform>\n' "$2" > "$T/$1.xml"; }
xml unclosed '<cluster id="c" prefix="n" suffix="" radical="0-3" speed="1Gf" bw="1GBps" lat="1us">'
refused "an unclosed <cluster>" "Parse error at $T/unclosed.xml:" "$T/unclosed.xml" 4
xml dragonfly '<cluster id="c" prefix="n" suffix="" radical="0-3" speed="1Gf" bw="1GBps" lat="1us" topology="DRAGONFLY" topo_parameters="3,4;4,3"/>'
refused "a dragonfly short of parameters (SimGrid aborts)" "SimGrid cannot load it: Dragonfly are defined by" "$T/dragonfly.xml" 4
xml halfcosts '<zone id="w" routing="Full"><host id="a" speed="1Gf"><prop id="mpigauge/send-intra" value="1e-6"/></host><host id="b" speed="1Gf"/></zone>'
refused "mpigauge/ costs on one host only" "host a has no property mpigauge/send-inter" "$T/halfcosts.xml" 2
refused "33 ranks on 32 cores" "8 hosts with 32 cores in all (as SimGrid loads it): at most 32 ranks, not 33" \
    tests/platforms/torus.xml 33

# scripts/platform.sh
r=$T/two-clusters
refuses() { # what expected-text args...
    local what=$1 text=$2
    shift 2
    scripts/platform.sh "$@" -o "$T/made.xml" > /dev/null 2> "$T/pl.err"
    local rc=$?
    check "platform.sh, $what: exit 2 ($rc), one line: $(head -c 160 "$T/pl.err")" \
        [ "$rc" = 2 ] && [ "$(wc -l < "$T/pl.err")" = 1 ] && grep -qF "$text" "$T/pl.err"
    check "platform.sh, $what: nothing written" [ -z "$(ls "$T" | grep '^made\.xml')" ]
}
refuses "no such folder" "$T/nothere: no such result folder" "$T/nothere"
mkdir -p "$T/empty"
refuses "no run.json" "$T/empty/run.json: missing" "$T/empty"
cp -r "$r" "$T/broken"
echo '{"ranks": 32,' > "$T/broken/run.json"
refuses "run.json cut short" "$T/broken/run.json: not valid JSON" "$T/broken"
# JSON of another shape: one line, not jq's four (issue 53)
for shape in '[1, 2, 3]' '"a run"' '{"ranks": "two"}'; do
    echo "$shape" > "$T/broken/run.json"
    refuses "run.json $shape" "$T/broken/run.json: " "$T/broken"
done
cp "$r/run.json" "$T/broken/run.json"
rm "$T/broken/params-world-Oij.dat"
refuses "no parameters" "$T/broken/params-world-Oij.dat: missing: the run measured no pairwise parameters" "$T/broken"
cp "$r/params-world-Oij.dat" "$T/broken/"
sed -i '5s/^\([^ ]*\) [^ ]*/\1 fast/' "$T/broken/params-world-Rij.dat"
refuses "a word in R_ij" "$T/broken/params-world-Rij.dat:5: field 2 (2 -> 1): \"fast\"" "$T/broken"
cp "$r/params-world-Rij.dat" "$T/broken/"
sed -i '7s/ [^ ]*$//' "$T/broken/params-world-Bij.dat"
refuses "a row short in B_ij" "$T/broken/params-world-Bij.dat:7: 31 fields, expected 32" "$T/broken"
cp "$r/params-world-Bij.dat" "$T/broken/"
sed -i '$d' "$T/broken/params-world-R1ij.dat"
refuses "R1_ij a rank short" "$T/broken/params-world-R1ij.dat: 31 rows, expected 32" "$T/broken"

scripts/platform.sh "$r" -o "$T/made.xml" 2> "$T/made.err"
check "platform.sh makes a platform of the two-cluster run: 8 hosts of 4 cores, as SimGrid loads it" \
    [ "$(platforms/hosts "$T/made.xml" 2> /dev/null | grep -c ' 4$')" = 8 ]
check "platform.sh: each value's origin said beside it" \
    [ "$(grep -c '<prop id="mpigauge/send:.*<!-- O_ij ' "$T/made.xml")" = 56 ] &&
    [ "$(grep -c '<link .*<!-- L_ij .* - O_ij .* - R_ij ' "$T/made.xml")" = 64 ]
timeout 600 scripts/simulate.sh "$T/made.xml" 32 --sync window --quiet -o "$T/again" $in > "$T/again.out" 2>&1
err=$(jq -r --slurpfile a "$T/again/run.json" '[.records[] | select(.pattern != null) | . as $x |
    ($a[0].records[] | select(.line == $x.line) | .points[0].iter_max_mean_us) / $x.points[0].iter_max_mean_us - 1 | fabs] | max' \
    "$r/run.json" 2> /dev/null)
check "the two-cluster run made a platform and simulated again: every pattern within 5% (worst $err)" within "$err" 0.05
scripts/platform.sh "$r" --hosts 100 -o "$T/hundred.xml" 2> /dev/null
check "platform.sh --hosts 100: one cluster of 100 hosts of 4 cores" \
    [ "$(platforms/hosts "$T/hundred.xml" 2> /dev/null | grep -c '^host-[0-9]* 4$')" = 100 ]

# matrix DIR: each record's pattern as DIR's own matrices predict it
# without the signals' tails (--predict's "matrix model"), one a line:
# what SimGrid reproduces, its platform carrying no noise
matrix() {
    local op
    for op in $(jq -r '.records[].op' "$1/run.json" 2> /dev/null); do
        ./mpigauge --predict "$1" "$op" 2> /dev/null | awk '/^  matrix model/ { print $(NF - 1) }'
    done
}
# worst DIR FILE: the worst relative distance of FILE's values (one a
# record, in order) from DIR's medians
worst() {
    jq -r '.records[].points[0].iter_max_median_us' "$1/run.json" 2> /dev/null |
        paste - "$2" | awk 'NF == 2 && $1 > 0 { e = ($2 - $1) / $1; if (e < 0) e = -e; if (e > w) w = e; n++ }
                            END { if (n == 5) print w }'
}

# the round trip, from a recorded real run on 2 hosts of ../shared/cluster
# (tests/data/round-trip: one rank each over TCP, its matrices with it):
# made into a platform, simulated, and checked against that run's own
# model and medians.  A fixture, so the outcome is the code's alone; how
# far fresh real runs come is bench/round_trip.sh's (make bench-live)
R=tests/data/round-trip
matrix "$R" > "$T/real.matrix"
check "round trip: the recorded run's matrix model predicts its 5 patterns" [ "$(grep -c . "$T/real.matrix")" = 5 ]
scripts/platform.sh "$R" -o "$T/real.xml" 2> /dev/null
check "round trip: platform.sh makes its platform (2 hosts)" [ "$(platforms/hosts "$T/real.xml" 2> /dev/null | grep -vc '^#')" = 2 ]
# the platform carries where the run put each rank, and simulate.sh puts
# them there without being told (issue 53: placed block, both ranks went
# to the first host and every barrier came out at 0.013 us against 13-17
# us measured); told otherwise, it warns
placed() { jq -c '[.places | sort_by(.rank)[] | .node] as $n | [$n[] as $i | .hosts[$i]]' "$1/run.json" 2> /dev/null; }
check "round trip: the platform carries the run's placement, a host's ranks each (mpigauge-run/ranks)" \
    [ "$(platforms/hosts "$T/real.xml" 2> /dev/null | awk '$2 == "ranks:" { for (i = 4; i <= NF; i++) h[$i] = $3 } END { printf "["; for (r = 0; r in h; r++) printf "%s\"%s\"", r ? "," : "", h[r]; print "]" }')" = "$(placed "$R")" ]
timeout 300 scripts/simulate.sh "$T/real.xml" 2 --quiet -o "$T/trip" "$R/trip.in" > "$T/trip.out" 2>&1
check "round trip: simulated without --placement, each rank on the host the real run put it on ($(placed "$T/trip"))" \
    [ "$(placed "$T/trip")" = "$(placed "$R")" ]
check "... and said so" grep -q "^simulate.sh: 2 ranks placed as the measured run placed its 2 (rank 0 on .*, rank 1 on .*: round-robin" "$T/trip.out"
timeout 300 scripts/simulate.sh "$T/real.xml" 2 --placement block --quiet --iters 5 -o "$T/trip-block" "$R/trip.in" > "$T/trip-block.out" 2>&1
check "round trip: --placement block, which the run was not, is warned of" \
    grep -q "^simulate.sh: warning: $T/real.xml was measured with its ranks placed otherwise .*--placement block places them as that run did not" "$T/trip-block.out"
timeout 300 scripts/simulate.sh "$T/real.xml" 2 --placement round-robin --quiet --iters 5 -o "$T/trip-rr" "$R/trip.in" > "$T/trip-rr.out" 2>&1
rc=$?
check "... --placement round-robin, which it was, is not ($rc)" eval '[ $rc = 0 ] && ! grep -q warning "$T/trip-rr.out"'
# the lone receive carried over: the simulated run measures R1_ij back as
# the real one's, at most L_ij - O_ij (row = receiver i, signal j -> i)
lone_back() {
    local p=$R/params-world s=$T/trip/params-world
    awk 'FNR == 1 { f++; r = 0 } /^#/ || !NF { next } { r++; for (c = 1; c <= NF; c++) v[f, r, c] = $c; n = NF }
        END { if (f != 4 || n < 2) exit 1
              for (i = 1; i <= n; i++) for (j = 1; j <= n; j++) if (i != j) {
                  cap = v[2, j, i] - v[3, j, i]; want = v[1, i, j] < cap ? v[1, i, j] : cap; if (want < 0) want = 0
                  d = v[4, i, j] - want; if (d < 0) d = -d
                  if (d > 0.05 && d > 0.05 * want) exit 1 } }' \
        "$p-R1ij.dat" "$p-Lij-small.dat" "$p-Oij.dat" "$s-R1ij.dat" 2> /dev/null
}
check "round trip: the platform carries R1_ij (the simulation measures it back within 5%, at most L_ij - O_ij)" lone_back
e=$(worst "$T/trip" "$T/real.matrix")
check "round trip: every pattern simulated within 5% of the recorded run's matrix model (worst ${e:-?})" within "$e" 0.05
for line in 1 2 3 4 5; do
    read -r op real sim < <(jq -r --slurpfile s "$T/trip/run.json" "$AT"'at('$line') as $r |
        "\($r.op) \($r.points[0].iter_max_median_us) \($s[0] | at('$line').points[0].iter_max_median_us)"' \
        "$R/run.json" 2> /dev/null)
    e=$(awk -v a="${real:-0}" -v b="${sim:-0}" 'BEGIN { if (a > 0 && b > 0) printf "%.3f", (b - a) / a }')
    e=${e#-}
    check "round trip: ${op:-record $line} simulated within 15% of the recorded median (${e:-?})" within "$e" 0.15
done

# and live: a fresh real run on the 2 hosts goes through the same steps
# (what it measures is the machine's: only that each step works)
L=$(realpath ../shared/cluster/fake-ssh 2> /dev/null)
if [ -z "$L" ] || ! unshare --uts --mount true 2> /dev/null; then
    skip 3 "../shared/cluster/fake-ssh or unshare not available: a live real run on 2 hosts"
    summary platforms
    exit
fi
MPIRUN=${MPIRUN:-mpirun.mpich}
if $MPIRUN --version 2>&1 | grep -qE 'Open MPI|OpenRTE'; then
    # unbound: each simulated host binds its rank to its core 0, the same
    # core of this machine (4 ms a message: docs/measuring.md, Binding)
    timeout -k 5 120 $MPIRUN --mca plm_rsh_agent "$L" --host nodeA:1,nodeB:1 -n 2 --mca pml ob1 \
        --mca btl self,vader,tcp --bind-to none ./mpigauge --quiet -o "$T/real" "$R/trip.in" > "$T/real.out" 2>&1
else
    SEPARATE_HOSTS=1 timeout -k 5 120 $MPIRUN -launcher ssh -launcher-exec "$L" -hosts nodeA:1,nodeB:1 -n 2 \
        ./mpigauge --quiet -o "$T/real" "$R/trip.in" > "$T/real.out" 2>&1
fi
check "live: the real run on 2 hosts completes, on 2 nodes" [ "$(jq -r '"\(.status) \(.nodes)"' "$T/real/run.json" 2> /dev/null)" = "complete 2" ]
scripts/platform.sh "$T/real" -o "$T/live.xml" 2> /dev/null
check "live: platform.sh makes its platform (2 hosts)" [ "$(platforms/hosts "$T/live.xml" 2> /dev/null | grep -vc '^#')" = 2 ]
timeout 300 scripts/simulate.sh "$T/live.xml" 2 --quiet -o "$T/live" "$R/trip.in" > "$T/live.out" 2>&1
check "live: the platform simulated, every pattern done" [ "$(jq '[.records[] | select(.status == "done")] | length' "$T/live/run.json" 2> /dev/null)" = 5 ]
summary platforms
