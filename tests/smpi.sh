#!/usr/bin/env bash
# smpi.sh: mpigauge on 64 simulated ranks (SimGrid SMPI, thesis-8x2x4:
# 8 hosts of 8 cores) with tests/inputs/smpi64.in, twice: the runs are
# identical, LINEAR, TREE, DISSEMINATION and HYBRID are predicted within
# 10%, HYBRID's groups are the 8 hosts, DETAIL:ROUNDS fills every pair of
# its 64 x 64 matrix and its same-host pairs are faster than its
# cross-host ones, and the neighbourhood record is skipped with its
# reason; on 32 ranks round-robin, isolated barriers (--sync window) are
# predicted within 10%; the clock model in two levels against flat on 64
# ranks; on 2 ranks, --time scales BARRIER's count, and a collective's
# algorithm chosen by --cfg is named in run.json.  Without
# smpicc/smpirun (or with SMPI_TESTS=skip) every check is counted as
# skipped.  Prints "smpi: N passed, N failed, N skipped".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/smpi
CHECKS=25
if ! need_smpi; then
    skip "$CHECKS" "mpigauge in simulated time: $SMPI_WHY"
    summary smpi
    exit 0
fi
scratch "$T"
make --no-print-directory smpi > "$T/build.log" 2>&1
check "make smpi builds mpigauge-smpi and platforms/costs.so" [ $? = 0 ]
run() { # folder
    timeout 900 scripts/simulate.sh platforms/thesis-8x2x4.xml 64 --quiet -o "$1" \
        tests/inputs/smpi64.in > "$1.out" 2> "$1.err"
}
run "$T/a"
check "64 ranks: exit 0" [ $? = 0 ]
run "$T/b"
j=$T/a/run.json
# every data file the same in both runs but for the date line
same=1
for f in "$T"/a/*.dat; do
    cmp -s <(grep -v '^# date\|^# mpigauge' "$f") <(grep -v '^# date\|^# mpigauge' "$T/b/$(basename "$f")") || same=0
done
check "two runs give identical times" [ "$same" = 1 ] && [ -n "$(ls "$T"/a/*.dat 2> /dev/null)" ]
check "run.json says the run is simulated, on which platform" \
    [ "$(jq -r '.simulation.simgrid_version != null and (.simulation.platform | endswith("thesis-8x2x4.xml"))' "$j")" = true ]
err=$(jq -r '[.records[] | select(.pattern != null) | .points[0] | ((.t_pred_us - .iter_max_mean_us) / .iter_max_mean_us | fabs)] | max' "$j")
check "LINEAR, TREE, DISSEMINATION, HYBRID predicted within 10% (worst $err)" \
    awk -v e="$err" 'BEGIN { exit !(e != "" && e != "null" && e < 0.10) }'
check "four pattern records measured and predicted" \
    [ "$(jq '[.records[] | select(.pattern != null) | .points[0] | select(.t_pred_us > 0 and .iter_max_mean_us > 0)] | length' "$j")" = 4 ]
groups=$(jq -c '[.records[] | select(.hybrid != null) | .hybrid.groups[].world_ranks | sort] | sort' "$j")
nodes=$(jq -nc '[range(8) as $n | [range(8) | . + 8 * $n]]')
check "HYBRID's groups are the 8 simulated hosts" [ "$groups" = "$nodes" ]
pairs=$(ls "$T"/a/*detail*.pairs.dat 2> /dev/null | head -1)
# the first size's block: each unordered pair once (row = the rank that
# sent first), so m[i][j] or m[j][i] holds a time for every i < j
filled=$(awk '/^# elements [0-9]+$/ { b++ } !/^#/ && NF && b == 1 { r++; for (c = 1; c <= NF; c++) m[r, c] = $c }
    END { for (i = 1; i <= r; i++) for (j = i + 1; j <= r; j++) if (m[i, j] + 0 > 0 || m[j, i] + 0 > 0) n++
          print r + 0, n + 0 }' "$pairs" 2> /dev/null)
check "DETAIL:ROUNDS fills every pair of its 64 x 64 matrix (rows, pairs: $filled)" [ "$filled" = "64 2016" ]
# block placement: host = rank / 8; at every size every pair on one host
# is faster than every pair between hosts (in simulated time, exact)
split=$(awk '/^# elements [0-9]+$/ { if (b++) v(); delete m; r = 0; next } /^#/ || !NF { next }
    { for (c = 1; c <= NF; c++) m[r, c - 1] = $c; r++ }
    function v(   i, j, x, on, off) { on = -1; off = -1
        for (i = 0; i < r; i++) for (j = 0; j < r; j++) if (m[i, j] != "nan" && m[i, j] != "") {
            x = m[i, j] + 0
            if (int(i / 8) == int(j / 8)) { if (x > on) on = x } else if (off < 0 || x < off) off = x }
        if (!(on > 0 && off > 0 && on < off)) bad++; n++ }
    END { v(); print n + 0, bad + 0 }' "$pairs" 2> /dev/null)
check "DETAIL:ROUNDS: every same-host pair faster than every cross-host pair, at every size (sizes, bad: $split)" \
    [ "${split% *}" -ge 2 ] && [ "${split#* }" = 0 ]
check "the neighbourhood record is skipped with SMPI's reason" \
    [ "$(jq -r '.records[] | select(.call == "NEIGHBOR_ALLGATHER") | .skipped' "$j" | grep -c 'SMPI 3.32 does not implement the neighbourhood')" = 1 ]
check "the pairwise parameters went in rounds, with the check of pairs alone" \
    grep -q "Pairwise parameters on WORLD: measured in 63 rounds .* 4 pairs measured again alone" "$T/a/report.txt"
# SMPI charges a receive the same whether its signal waited or not, and
# its MPI_Ssend sends no acknowledgement: R1_ij is R_ij (so the eager
# barriers' model is the one the simulated sweeps were checked with) and
# S_ij is 0, on every pair of the 64 ranks
same=$(paste <(grep -v '^#' "$T/a/params-world-Rij.dat" | tr ' ' '\n') \
             <(grep -v '^#' "$T/a/params-world-R1ij.dat" | tr ' ' '\n') \
             <(grep -v '^#' "$T/a/params-world-Sij.dat" | tr ' ' '\n') |
       awk '$1 != "nan" { n++; d = $1 - $2; if (d < 0) d = -d; if (d > 0.001 || $3 != 0) bad++ } END { print n + 0, bad + 0 }')
check "under SMPI R1_ij = R_ij and S_ij = 0 (pairs, bad: $same)" [ "$same" = "4032 0" ]
# isolated barriers (--sync window, the thesis's way): on 32 ranks dealt
# round-robin over the 8 hosts, where PAIRWISE back to back keeps skew
# the model cannot place (docs/thesis-at-scale.md), every pattern from a
# common start is predicted within 10%, LINEAR's root queue (R_ij) in
printf 'BARRIER INT 0 0 ADD 1 WORLD %s 0 iters=10 warmup=2\n' LINEAR TREE DISSEMINATION PAIRWISE > "$T/alone.in"
timeout 600 scripts/simulate.sh platforms/thesis-8x2x4.xml 32 --placement round-robin --sync window \
    --quiet -o "$T/alone" "$T/alone.in" > "$T/alone.out" 2>&1
check "isolated barriers, 32 ranks round-robin: 4 records, each barrier valid (none late)" \
    [ "$(jq '[.records[] | select(.pattern != null) | .points[0] | select(.blocks == 10 and .late == 0)] | length' "$T/alone/run.json" 2> /dev/null)" = 4 ]
err=$(jq -r '[.records[] | select(.pattern != null) | .points[0] | ((.t_pred_us - .iter_max_mean_us) / .iter_max_mean_us | fabs)] | max' "$T/alone/run.json" 2> /dev/null)
check "isolated LINEAR, TREE, DISSEMINATION, PAIRWISE predicted within 10% (worst $err)" \
    awk -v e="$err" 'BEGIN { exit !(e != "" && e != "null" && e < 0.10) }'
# the clock model in two levels against flat (--clocks), on 64 ranks of
# 8 hosts: a round is 7 + 7 + 7 bursts one after another (rank 0's node,
# the 7 other leaders, a leader's node), not 63; rank 0 runs 14 a round,
# not 63; the fit costs under a third of flat's simulated time (0.213 s
# against 1.616 s here); and the simulated clocks, which agree, come out
# agreeing through the composition
printf 'ALLREDUCE DOUBLE 1 1 ADD 1 WORLD SUM 0\n' > "$T/clock.in"
for s in two-level flat; do
    timeout 300 scripts/simulate.sh platforms/thesis-8x2x4.xml 64 --sync window --clocks $s \
        --iters 10 --quiet -o "$T/clock-$s" "$T/clock.in" > "$T/clock-$s.out" 2>&1
done
c2=$T/clock-two-level/run.json c1=$T/clock-flat/run.json
check "clocks, 64 ranks: two-level over 8 nodes, 21 bursts a round one after another; flat 63" \
    [ "$(jq -r '.clock | "\(.scheme) \(.nodes) \(.sequential_per_round)"' "$c2" "$c1" 2> /dev/null | tr '\n' ' ')" = "two-level 8 21 flat 8 63 " ]
check "clocks, 64 ranks: rank 0 ran 14 bursts a round in two levels, 63 flat" \
    [ "$(jq '.clock | .sequential_bursts / .rounds_run' "$c2" "$c1" 2> /dev/null | tr '\n' ' ')" = "14 63 " ]
f2=$(jq '.clock.fit_s' "$c2" 2> /dev/null) f1=$(jq '.clock.fit_s' "$c1" 2> /dev/null)
check "clocks, 64 ranks: two-level's fit under a third of flat's ($f2 s against $f1 s simulated)" \
    awk -v a="${f2:-0}" -v b="${f1:-0}" 'BEGIN { exit !(a > 0 && 3 * a < b) }'
check "clocks, 64 ranks: every composed offset within 0.01 us and drift within 0.01 ppm of the simulated clocks' 0" \
    [ "$(jq '.clock | .max_offset_us < 0.01 and .max_drift_ppm < 0.01 and (.ranks | length) == 64' "$c2" 2> /dev/null)" = true ]
# --params classes (docs/models.md): on the same 64 ranks the four
# patterns of run a (parameters in full) predicted from a sample of each
# class of pairs, within 1 percentage point of full's, HYBRID on the hosts;
# on tests/platforms/slow-node.xml, where one host's link is slower but
# every route is as long, the spot-check finds the host and its pairs
# become a class of their own
grep -E 'BARRIER .* (LINEAR|TREE|DISSEMINATION|HYBRID) ' tests/inputs/smpi64.in > "$T/classes.in"
timeout 600 scripts/simulate.sh platforms/thesis-8x2x4.xml 64 --params classes --quiet \
    -o "$T/classes" "$T/classes.in" > "$T/classes.out" 2>&1
k=$T/classes/run.json
errs() { jq -c '[.records[] | select(.pattern != null) | {(.pattern.name): (.points[0] | (.t_pred_us - .iter_max_mean_us) / .iter_max_mean_us * 100)}] | add' "$1" 2> /dev/null; }
apart=$(jq -n --argjson f "$(errs "$j")" --argjson c "$(errs "$k")" \
    '[$f | keys[] as $p | ($f[$p] - $c[$p]) | fabs] | if length == 4 then max else null end' 2> /dev/null)
check "--params classes: 4 patterns predicted within 1 point of full's errors (largest difference $apart points)" \
    awk -v e="$apart" 'BEGIN { exit !(e != "" && e != "null" && e < 1) }'
check "--params classes: 2 classes, under a fifth of the pairs measured, none beyond the bound" \
    [ "$(jq -r '.params.WORLD | [.mode, (.classes.table | length), (.pairs_measured < .pairs / 5), ([.classes.spot_checks[] | select(.beyond_bound)] | length)] | @tsv' "$k" 2> /dev/null)" = "$(printf 'classes\t2\ttrue\t0')" ]
groups=$(jq -c '[.records[] | select(.hybrid != null) | .hybrid.groups[].world_ranks | sort] | sort' "$k" 2> /dev/null)
check "--params classes: HYBRID's groups are the 8 simulated hosts" [ "$groups" = "$nodes" ]
printf 'BARRIER INT 0 0 ADD 1 WORLD LINEAR 0 iters=3 warmup=1\n' > "$T/slow.in"
timeout 600 scripts/simulate.sh tests/platforms/slow-node.xml 64 --params classes --quiet \
    -o "$T/slow" "$T/slow.in" > "$T/slow.out" 2>&1
split=$(jq -r '.params.WORLD.classes | [([.spot_checks[] | select(.beyond_bound)] | length > 0),
    ([.table[] | select(.how == "split-into-others")] | length),
    ([.table[] | select(.how == "split") | .label] | sort | join(";"))] | @tsv' "$T/slow/run.json" 2> /dev/null)
check "slow-node.xml: the spot-check finds node 3 and the class across hosts is split by it ($split)" \
    [ "$split" = "$(printf 'true\t1\tother node, 2 links, 21 node pairs;other node, 2 links, with node 3')" ]
# a pair with a rank on node 3 (ranks 24-31) holds the slow class's value
lat=$(awk '!/^#/ { r++; if (r == 1) print $9, $25 }' "$T/slow/params-world-Lij-small.dat" 2> /dev/null)
check "slow-node.xml: L_ij (1 B - 1 KiB) to node 3 about twice that to another host ($lat)" \
    awk -v a="${lat% *}" -v b="${lat#* }" 'BEGIN { exit !(a > 0 && b > 1.6 * a && b < 2.4 * a) }'
# --time in simulated time, where a barrier always takes as long: ten
# times the time gives ten times the barriers (the pilot's S/2 per loop)
printf 'BARRIER INT 0 0 ADD 1 WORLD MPI 0\n' > "$T/time.in"
for t in 0.01 0.1; do
    timeout 300 scripts/simulate.sh platforms/thesis-8x2x4.xml 2 --quiet --time $t -o "$T/time$t" \
        "$T/time.in" > "$T/time$t.out" 2>&1
done
a=$(jq "$AT"'at(1).points[0].iters' "$T/time0.01/run.json" 2> /dev/null)
b=$(jq "$AT"'at(1).points[0].iters' "$T/time0.1/run.json" 2> /dev/null)
check "--time 0.1 gives 9 to 11 times the barriers of --time 0.01 ($a, $b)" \
    awk -v a="${a:-0}" -v b="${b:-0}" 'BEGIN { exit !(a >= 10 && b >= 9 * a && b <= 11 * a) }'
# a collective's algorithm chosen by --cfg is named in the run's
# simulation settings (it changes what such records measure); none is
# named without one
timeout 300 scripts/simulate.sh platforms/thesis-8x2x4.xml 2 --cfg=smpi/barrier:ompi_tree \
    --quiet -o "$T/cfg" "$T/time.in" > "$T/cfg.out" 2>&1
chosen=$(jq -r '.simulation.settings' "$T/cfg/run.json" 2> /dev/null | grep -o 'smpi/barrier:[a-z_]*')
plain=$(jq -r '.simulation.settings' "$T/time0.01/run.json" 2> /dev/null | grep -c 'smpi/barrier:')
check "--cfg=smpi/barrier:ompi_tree is named in run.json's simulation settings, and no barrier setting without it ($chosen; $plain)" \
    [ "$chosen" = smpi/barrier:ompi_tree ] && [ "$plain" = 0 ]
summary smpi
