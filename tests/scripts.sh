#!/usr/bin/env bash
# scripts.sh: the scripts in scripts/ (plot.sh, compare.sh, pairs_heatmap.sh,
# sweep.sh; the others' arguments, classes_vs_full.sh's among them) at their edges (issue 26): paths with a quote and spaces, bad
# arguments (exit 2, a message naming the argument, nothing written), input
# that gives nothing to write (non-zero, no empty folder left), and a sweep
# in which one rank count's run stops with an MPI error (exit 3) but keeps
# its completed records.  SCRIPTS=DIR runs another copy of the scripts
# (the old ones fail here).  Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
S=${SCRIPTS:-scripts}
T=tests/tmp/scripts
scratch "$T"
Q="$T/it's a \"dir\""            # both quotes and spaces
mkdir -p "$Q"
A="$Q/run A"
printf 'SEND INT 1 64 MUL 8 WORLD DETAIL 0 iters=20\nALLREDUCE DOUBLE 1 64 MUL 8 WORLD SUM 0 iters=20\nBARRIER INT 0 0 ADD 1 WORLD LINEAR 0 iters=20\n' > "$T/q.in"
$MPIRUN -n 2 ./mpigauge --quiet -o "$A" "$T/q.in" > /dev/null 2> "$T/err"
check "a result folder under a quoted path" [ -f "$A/run.json" ]

# failed, but not for its arguments: 1 (or any status but 0 and 2)
failed_not_usage() { [ "$1" != 0 ] && [ "$1" != 2 ]; }
absent() { [ ! -e "$1" ] && [ ! -e "$2" ]; }
is_png() { [ "$(head -c 8 "$1" 2> /dev/null | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; }
# every line of FILE names a PNG that exists, and there are at least N
all_png() {
    local n=0 f
    while IFS= read -r f; do
        is_png "$f" || { echo "  not a PNG: $f" >&2; return 1; }
        n=$((n + 1))
    done < "$1"
    [ "$n" -ge "$2" ]
}

# ---- plot.sh
bash $S/plot.sh "$A" > "$T/plot.out" 2> "$T/plot.err"
check "plot.sh, quoted path: exit 0" [ $? = 0 ]
check "plot.sh, quoted path: every name printed is a PNG written (12)" all_png "$T/plot.out" 12
check "plot.sh, quoted path: it lists every file of plots/" [ "$(wc -l < "$T/plot.out")" = "$(ls "$A/plots" | wc -l)" ]
check "plot.sh, quoted path: nothing on stderr" [ ! -s "$T/plot.err" ]
# the distributions (issue 23 item 5): one plot a record with its four
# series, and the barrier pattern's predicted against measured; the SVG
# names each series in its key
for stem in 01-send-int-world-detail 02-allreduce-double-world-sum 03-barrier-int-world-linear; do
    check "plot.sh: $stem-distribution.png written, non-empty" [ -s "$A/plots/$stem-distribution.png" ]
done
mkdir -p "$T/svg"
bash $S/plot.sh -f svg -o "$T/svg" "$A" > /dev/null 2>&1
check "plot.sh: the distribution's four series (p50, p90, p99, largest)" [ "$(grep -oE '>(median \(p50_us\)|90th percentile \(p90_us\)|99th percentile \(p99_us\)|largest \(pmax_us\))<' "$T/svg/01-send-int-world-detail-distribution.svg" | sort -u | wc -l)" = 4 ]
# its x axis as powers of two, rendered (enhanced text: a superscript), not
# the format's braces written out
check "plot.sh: the distribution's x axis has no literal 2^{...}" [ "$(grep -c '2^{' "$T/svg/01-send-int-world-detail-distribution.svg")" = 0 ]
check "plot.sh: the barrier's predicted against measured (two series)" [ "$(grep -cE '>(measured \(per-iteration maximum\)|predicted \(signals drawn from their tails\))<' "$T/svg/03-barrier-int-world-linear-predicted.svg")" = 2 ]
check "plot.sh: no predicted plot for a collective" [ ! -e "$T/svg/02-allreduce-double-world-sum-predicted.svg" ]
# report.sh on the same folder: its page embeds the plots (a '"' in the
# path once left the page without them)
bash $S/report.sh "$A" > "$T/report.out" 2> "$T/report.err"
check "report.sh, quoted path: exit 0" [ $? = 0 ]
check "report.sh, quoted path: the page embeds the plots (at least 6)" \
    [ "$(grep -c '<img' "$A/report.html" 2> /dev/null || echo 0)" -ge 6 ]
# gnuplot failing on every plot (a stand-in that refuses): no name printed,
# non-zero, and no plots/ left behind
mkdir -p "$T/bin"
printf '#!/bin/sh\ncat > /dev/null\necho "gnuplot: refused" >&2\nexit 1\n' > "$T/bin/gnuplot"
chmod +x "$T/bin/gnuplot"
F="$Q/run F"
cp -r "$A" "$F"
rm -rf "$F/plots"
PATH="$PWD/$T/bin:$PATH" bash $S/plot.sh "$F" > "$T/out" 2> "$T/err"
rc=$?
check "plot.sh, gnuplot fails: non-zero ($rc)" failed_not_usage "$rc"
check "plot.sh, gnuplot fails: no name printed" [ ! -s "$T/out" ]
check "plot.sh, gnuplot fails: said on stderr" grep -q "gnuplot did not write" "$T/err"
check "plot.sh, gnuplot fails: no PNG and no plots/ left" [ ! -e "$F/plots" ]
mkdir -p "$T/plain"
bash $S/plot.sh "$T/plain" > "$T/out" 2> "$T/err"
check "plot.sh, a folder without run.json: exit 2" [ $? = 2 ]
check "plot.sh, a folder without run.json: names it" grep -q "RESULT_DIR '$T/plain' is not an mpigauge result folder" "$T/err"
check "plot.sh, a folder without run.json: no plots/ left" [ ! -e "$T/plain/plots" ]
mkdir -p "$T/foreign"
echo '{"name": "not mpigauge"}' > "$T/foreign/run.json"
touch "$T/foreign/.fixture"      # not mpigauge's: not checked against the schema
bash $S/plot.sh "$T/foreign" > "$T/out" 2> "$T/err"
check "plot.sh, someone else's run.json: exit 2" [ $? = 2 ]
check "plot.sh, someone else's run.json: says so" grep -q "its run.json is not mpigauge's" "$T/err"
check "plot.sh, someone else's run.json: no plots/ left" [ ! -e "$T/foreign/plots" ]
bash $S/plot.sh "$A" extra > /dev/null 2>&1
check "plot.sh, two arguments: exit 2" [ $? = 2 ]
# a result folder whose records have no data: nothing to plot, no plots/
E="$T/empty run"
mkdir -p "$E"
cp "$A/run.json" "$E/"
bash $S/plot.sh "$E" > "$T/out" 2> "$T/err"
rc=$?
check "plot.sh, no record with data: non-zero ($rc)" failed_not_usage "$rc"
check "plot.sh, no record with data: no plots/ left" [ ! -e "$E/plots" ]
check "plot.sh, no record with data: no names printed" [ ! -s "$T/out" ]

# ---- pairs_heatmap.sh
pairs=$(ls "$A"/*.pairs.dat)
bash $S/pairs_heatmap.sh "$pairs" "$Q/map" > "$T/maps.out" 2> "$T/err"
check "pairs_heatmap.sh, quoted path: exit 0" [ $? = 0 ]
check "pairs_heatmap.sh, quoted path: a PNG per size (3)" all_png "$T/maps.out" 3
bash $S/pairs_heatmap.sh "$A/run.json" "$T/nomap" > "$T/out" 2> "$T/err"
check "pairs_heatmap.sh, not a pair file: exit 2" [ $? = 2 ]
check "pairs_heatmap.sh, not a pair file: nothing written" [ -z "$(ls "$T"/nomap* 2> /dev/null)" ]

# ---- compare.sh
B="$Q/run 'B'"
cp -r "$A" "$B"
rm -rf "$B/plots"
bash $S/compare.sh "$A" "$B" > "$T/cmp.out" 2> "$T/cmp.err"
check "compare.sh, quoted paths: exit 0" [ $? = 0 ]
check "compare.sh, quoted paths: a ratio of 1, no-change or undecided, per record and size (7)" [ "$(grep -cE '\.dat +[0-9]+ +[0-9.]+ +[0-9.]+ +1\.0000 +[-0-9.naif]+ +[-0-9.naif]+ +1 +1 (no-change|undecided)$' "$T/cmp.out")" = 7 ]
check "compare.sh, quoted paths: a plot per record and the ratios" [ "$(ls "$B/compare-run A"/*.png 2> /dev/null | wc -l)" = 4 ]
ok_=1
for f in "$B/compare-run A"/*.png; do is_png "$f" || ok_=0; done
check "compare.sh, quoted paths: every plot is a PNG" [ "$ok_" = 1 ]
bash $S/compare.sh "$A" "$B" "$Q/out 'C'" > /dev/null 2>&1
check "compare.sh, quoted OUT_DIR: plots in it" is_png "$Q/out 'C'/ratio.png"
bash $S/compare.sh "$A" "$T/plain" > /dev/null 2> "$T/err"
check "compare.sh, RUN_B not a result folder: exit 2" [ $? = 2 ]
check "compare.sh, RUN_B not a result folder: names RUN_B" grep -q "RUN_B '$T/plain' is not an mpigauge result folder" "$T/err"
check "compare.sh, RUN_B not a result folder: no folder made" [ -z "$(ls "$T/plain")" ]
# compare.sh reads run.json's points: a run whose records have none
mkdir -p "$T/no points"
jq '.records[].points = []' "$A/run.json" > "$T/no points/run.json"
bash $S/compare.sh "$A" "$T/no points" > /dev/null 2> "$T/err"
rc=$?
check "compare.sh, nothing in common: non-zero ($rc)" failed_not_usage "$rc"
check "compare.sh, nothing in common: no folder left" [ ! -e "$T/no points/compare-run A" ]

# ---- sweep.sh
printf 'BARRIER INT 0 0 ADD 1 WORLD LINEAR 0 iters=20\nSCAN INT 1 64 MUL 8 WORLD SUM 0 iters=20\n' > "$T/sweep.in"
for bad in x 0 -2 2.5 "3 3"; do
    # shellcheck disable=SC2086
    bash $S/sweep.sh -b ./mpigauge -l "$MPIRUN -n %P" -o "$T/sw-bad" "$T/sweep.in" 2 $bad > "$T/out" 2> "$T/err"
    check "sweep.sh, rank count '$bad': exit 2" [ $? = 2 ]
    check "sweep.sh, rank count '$bad': no OUT made" [ ! -e "$T/sw-bad" ]
done
check "sweep.sh, a rank count given twice: named" grep -q "rank count 3 given twice" "$T/err"
bash $S/sweep.sh -b ./mpigauge -l "$MPIRUN -n %P" -o "$T/sw-bad" "$T/sweep.in" 2 2.5 > /dev/null 2> "$T/err"
check "sweep.sh, a rank count that is not a number: named" grep -q "rank count '2.5' is not a whole number" "$T/err"
bash $S/sweep.sh -b ./mpigauge -l "$MPIRUN -n %P" -o "$T/sw-bad" "$T/none.in" 2 > /dev/null 2> "$T/err"
check "sweep.sh, a missing INPUT: exit 2, named, no OUT" [ "$?/$(grep -c "INPUT '$T/none.in'" "$T/err")/$([ -e "$T/sw-bad" ]; echo $?)" = 2/1/1 ]
bash $S/sweep.sh -b ./mpigauge -l "$MPIRUN -n 2" -o "$T/sw-bad" "$T/sweep.in" 2 > /dev/null 2> "$T/err"
check "sweep.sh, LAUNCH without %P: exit 2, no OUT" [ "$?/$([ -e "$T/sw-bad" ]; echo $?)" = 2/1 ]
# the run at 3 ranks stops its SCAN record with an MPI error (exit 3); its
# BARRIER record is complete and must be in the sweep
W="$Q/sweep 'x'"
# under asan the preloaded layer comes before the sanitizer's runtime
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
bash $S/sweep.sh -b ./mpigauge -o "$W" \
    -l "$MPIRUN -n %P env LD_PRELOAD=$PWD/tests/corrupt.so MPIGAUGE_MPI_ERROR=3" \
    "$T/sweep.in" 2 3 > "$T/sw.out" 2> "$T/sw.err"
rc=$?
check "sweep.sh, a run exits 3: the sweep exits 3 ($rc)" [ "$rc" = 3 ]
check "sweep.sh, a run exits 3: that run did exit 3" grep -q "P=3: mpigauge exited 3" "$T/sw.err"
check "sweep.sh, a run exits 3: a row per P, its completed record included" [ "$(awk '!/^#/ { print $1 }' "$W/sweep.dat" 2> /dev/null | tr '\n' ' ')" = "2 3 " ]
check "sweep.sh, a run exits 3: measured in every row" awk '!/^#/ { if (!($5 > 0)) exit 1 }' "$W/sweep.dat"
check "sweep.sh, a run exits 3: the plot under a quoted path" is_png "$W/sweep.png"
check "sweep.sh, a run exits 3: it names what it wrote" [ "$(cat "$T/sw.out")" = "$W/sweep.dat
$W/sweep.png" ]
# --keep-going skips a record with a bad pattern file (an edge twice in a
# stage): the run exits 4, its other pattern record is in the sweep, and
# the skipped one is named with the checker's reason
printf 'ranks 2\nstage\n0 1\n0 1\nstage\n1 0\n' > "$T/dup.pat"
printf 'BARRIER INT 0 0 ADD 1 WORLD LINEAR 0 iters=20\nBARRIER INT 0 0 ADD 1 WORLD FILE:%s 0\n' "$T/dup.pat" > "$T/kg.in"
bash $S/sweep.sh -b ./mpigauge -a --keep-going -l "$MPIRUN -n %P" -o "$T/sw-kg" "$T/kg.in" 2 > /dev/null 2> "$T/err"
rc=$?
check "sweep.sh, a run exits 4 (--keep-going): the sweep exits 3 ($rc)" [ "$rc" = 3 ]
check "sweep.sh, a run exits 4: its done record is the row" [ "$(awk '!/^#/ { print $1, $2 }' "$T/sw-kg/sweep.dat" 2> /dev/null)" = "2 LINEAR" ]
check "sweep.sh, a run exits 4: the skipped record named with its reason" grep -q "P=2: the record on line 2 (BARRIER INT 0 0 ADD 1 WORLD FILE:.*) is skipped: .*dup.pat:4:1: the signal 0 -> 1 is already in this stage" "$T/err"
# no pattern record at all: nothing to sweep, nothing written
printf 'SCAN INT 1 8 MUL 8 WORLD SUM 0 iters=5\n' > "$T/nopattern.in"
bash $S/sweep.sh -b ./mpigauge -l "$MPIRUN -n %P" -o "$T/sw-none" "$T/nopattern.in" 2 > "$T/out" 2> "$T/err"
rc=$?
check "sweep.sh, no rows: non-zero ($rc)" failed_not_usage "$rc"
check "sweep.sh, no rows: no sweep.dat or sweep.png" absent "$T/sw-none/sweep.dat" "$T/sw-none/sweep.png"
check "sweep.sh, no rows: says why" grep -q "no BARRIER pattern record completed" "$T/err"

# ---- the generators and valgrind.sh take what they say, no more
for g in full_matrix seed_table; do
    bash $S/$g.sh extra > "$T/out" 2> "$T/err"
    check "$g.sh with an argument: exit 2, nothing printed, named" [ "$?/$(wc -c < "$T/out")/$(grep -c "'extra'" "$T/err")" = 2/0/1 ]
done
check "full_matrix.sh still writes inputs/full-matrix.in" cmp -s <(bash $S/full_matrix.sh) inputs/full-matrix.in
bash $S/valgrind.sh "$T/none.in" > "$T/out" 2> "$T/err"
check "valgrind.sh, a missing INPUT: exit 2, named" [ "$?/$(grep -c "INPUT '$T/none.in' is not a file" "$T/err")" = 2/1 ]

# ---- classes_vs_full.sh: bad arguments are named, exit 2, no OUT
for bad in "thesis-8x2x4:64" "thesis-8x2x4:6x:block" "thesis-8x2x4:64:diagonal" \
           "no-such-platform:64:block" "thesis-8x2x4:64:block:extra"; do
    bash $S/classes_vs_full.sh -o "$T/cvf-bad" "$bad" > /dev/null 2> "$T/err"
    check "classes_vs_full.sh, '$bad': exit 2, named, no OUT" \
        [ "$?/$(grep -c "'$bad'" "$T/err")/$([ -e "$T/cvf-bad" ]; echo $?)" = 2/1/1 ]
done
bash $S/classes_vs_full.sh -o "$T/cvf-bad" -j 0 > /dev/null 2> "$T/err"
check "classes_vs_full.sh, -j 0: exit 2, named, no OUT" \
    [ "$?/$(grep -c -- "-j takes a positive whole number, not '0'" "$T/err")/$([ -e "$T/cvf-bad" ]; echo $?)" = 2/1/1 ]
summary scripts
