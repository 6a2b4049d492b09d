#!/usr/bin/env bash
# store.sh: mpigauge --store and --trend on constructed launch sets (no
# MPI, nothing timed): twelve sets of six launches across two builds whose
# SEND slows 20% from the seventh set on while its second record stays
# flat; one system across the builds, the schema as documented (sqlite3
# shell), the same folders twice and a copy change nothing, a damaged
# run.json is refused by name with the store unchanged (byte for byte),
# the change point at the seventh set and only there, confirmed by the
# launch-set rule, --fail-new's exit 1 naming record, size and the point
# it changed from, -r and --system, the page (scripts/report.sh TREND_DIR:
# self-contained, the change marked), and bad input exits 2 with nothing
# written.  Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/store
scratch "$T"
G=./mpigauge

# set K (1..12): SEND at 10 us (K <= 6) or 12 us (K > 6), its launches
# +-0.4% apart; the second record flat at 2 us; dated 2026-01-K, built by
# "gcc A" (K <= 6) or "gcc B"
make_set() {
    local k=$1 base=10 build="gcc A"
    [ "$k" -gt 6 ] && base=12 && build="gcc B"
    awk -v b="$base" -v k="$k" 'BEGIN {
        split("-0.004 0.002 -0.001 0.004 0.001 -0.002", d, " ")
        printf "a.dat 1024"; for (i = 1; i <= 6; i++) printf " %.4f", b * (1 + d[(i + k) % 6 + 1]); printf "\n"
        printf "b.dat 8";    for (i = 1; i <= 6; i++) printf " %.4f", 2 * (1 + d[(i + 2 * k) % 6 + 1]); printf "\n"
    }' > "$T/t$k.txt"
    fake_set "$T/set$k" "$T/t$k.txt"
    for l in "$T/set$k"/launch-*; do
        jq --arg d "$(printf '2026-01-%02dT03:00:00+0000' "$k")" --arg b "$build" \
            '.date = $d | .fingerprint.build = $b' "$l/run.json" > "$l/x" && mv "$l/x" "$l/run.json"
    done
}
for k in $(seq 1 12); do make_set "$k"; done
dump() { sqlite3 "$1" .dump; }
jqe() { jq -e "$@" > /dev/null; }

$G --store "$T/db" "$T"/set{1..6} > "$T/s1.out" 2> "$T/s1.err"
check "--store six sets: exit 0" [ $? = 0 ]
check "... each said stored" [ "$(grep -c ': stored as set [0-9]* (6 launches, 0 left out)$' "$T/s1.out")" = 6 ]
$G --store "$T/db" "$T"/set{7..12} > "$T/s2.out" 2>&1
check "--store the six of the second build: exit 0" [ $? = 0 ]
q() { sqlite3 "$T/db" "$1"; }
check "the sqlite3 shell opens it: schema version 1, application id 'mpga'" \
    [ "$(q 'PRAGMA user_version; PRAGMA application_id' | tr '\n' ' ')" = "1 1836083041 " ]
check "one system across the two builds (build is not part of it)" [ "$(q 'SELECT count(*) FROM systems')" = 1 ]
check "twelve sets, 72 launches, 144 launch points, 24 set points" \
    [ "$(q 'SELECT (SELECT count(*) FROM sets), (SELECT count(*) FROM launches), (SELECT count(*) FROM launch_points), (SELECT count(*) FROM set_points)')" = "12|72|144|24" ]
check "each set's build and date as run.json has them" \
    [ "$(q "SELECT build || ' ' || date FROM sets WHERE folder LIKE '%/set7'")" = "gcc B 2026-01-07T03:00:00+0000" ]
check "the records keyed by identity, the second of the same call told apart" \
    [ "$(q 'SELECT group_concat(identity, ",") FROM (SELECT identity FROM records ORDER BY id)')" = "SEND,SEND #2" ]
check "the set's median of its launch medians, its interval and launches" \
    [ "$(q "SELECT n, round(median_us, 4), lo_us <= median_us AND median_us <= hi_us FROM set_points p JOIN sets s ON s.id = p.set_id WHERE s.folder LIKE '%/set1' AND elements = 1024")" = "6|10.0|1" ]

before=$(dump "$T/db")
$G --store "$T/db" "$T/set3" "$T/set9" > "$T/again.out" 2>&1
check "the same folders again: exit 0" [ $? = 0 ]
check "... said stored already, nothing added" [ "$(grep -c 'stored already as set [0-9]*; nothing added$' "$T/again.out")" = 2 ]
check "... the store unchanged" [ "$(dump "$T/db")" = "$before" ]
cp -r "$T/set4" "$T/copy4"
$G --store "$T/db" "$T/copy4" > /dev/null 2>&1
check "a copy of a stored set elsewhere adds nothing" [ "$(dump "$T/db")" = "$before" ]

make_set 13
cp -r "$T/set13" "$T/bad13"
printf '{"status": "complete", "records": [' > "$T/bad13/launch-3/run.json"
touch "$T/bad13/launch-3/.fixture"
$G --store "$T/db" "$T/set13" "$T/bad13" > "$T/bad.out" 2> "$T/bad.err"
check "a set with a damaged run.json: exit 2" [ $? = 2 ]
check "... named: the folder and the file, line and column" grep -q "bad13/launch-3/run.json:1:[0-9]*: not JSON" "$T/bad.err"
check "... nothing on stdout, the store unchanged (set13 before it not kept)" \
    [ ! -s "$T/bad.out" -a "$(dump "$T/db")" = "$before" ]
mkdir -p "$T/one"
printf 'not json\n' > "$T/one/run.json"
touch "$T/one/.fixture"   # made by hand: tests/validate_runs.py leaves it out
$G --store "$T/new.db" "$T/set1" "$T/one" > /dev/null 2> "$T/one.err"
check "a damaged result folder into a new store: exit 2, no store file left" \
    [ $? = 2 -a ! -e "$T/new.db" ]
check "... named" grep -q "one/run.json:1:[0-9]*: not JSON" "$T/one.err"
jq 'del(.fingerprint)' "$T/set1/launch-1/run.json" > "$T/nofp.json"
mkdir -p "$T/nofp" && cp "$T/nofp.json" "$T/nofp/run.json" && touch "$T/nofp/.fixture"
$G --store "$T/db" "$T/nofp" > /dev/null 2> "$T/nofp.err"
check "a run without a fingerprint: exit 2" [ $? = 2 ]
check "... said" grep -q 'has no "fingerprint"' "$T/nofp.err"
sqlite3 "$T/other.db" 'CREATE TABLE t (x)'
$G --store "$T/other.db" "$T/set1" > /dev/null 2> "$T/other.err"
check "an SQLite file that is no store: exit 2" [ $? = 2 ]
check "... named" grep -q "other.db': an SQLite database, but not an mpigauge store" "$T/other.err"
cp "$T/db" "$T/newer.db" && sqlite3 "$T/newer.db" 'PRAGMA user_version = 99'
$G --store "$T/newer.db" "$T/set13" > /dev/null 2> "$T/newer.err"
check "a store of a newer schema: exit 2" [ $? = 2 ]
check "... said" grep -q "schema version 99 is newer" "$T/newer.err"
printf 'text\n' > "$T/text.db"
$G --store "$T/text.db" "$T/set1" > /dev/null 2> "$T/text.err"
check "a file that is no database: exit 2" [ $? = 2 ]
check "... named" grep -q "text.db': file is not a database" "$T/text.err"

# --trend: the SEND's change at the seventh set, and only there
$G --trend "$T/db" -o "$T/tr" > "$T/tr.out" 2> "$T/tr.err"
check "--trend: exit 0" [ $? = 0 ]
check "... trend.txt, trend.json and a data file per series (two)" \
    [ -s "$T/tr/trend.txt" -a -s "$T/tr/trend.json" -a -s "$T/tr/series-1.dat" -a -s "$T/tr/series-2.dat" -a ! -e "$T/tr/series-3.dat" ]
check "... stdout is trend.txt" cmp -s "$T/tr.out" "$T/tr/trend.txt"
J="$T/tr/trend.json"
check "the SEND's series: 12 points, in date order" \
    [ "$(jq -r '.series[] | select(.record == "SEND") | [.points[].date[8:10]] | join(" ")' "$J")" = "01 02 03 04 05 06 07 08 09 10 11 12" ]
check "one change point, at the seventh set (the first of build B)" \
    [ "$(jq -c '[.series[] | select(.record == "SEND") | .changes[] | [.at, .set, .build]]' "$J")" = '[[6,7,"gcc B"]]' ]
check "... confirmed slower by the launch-set rule, about 20% [interval above 1]" \
    jqe '.series[] | select(.record == "SEND") | .changes[0] | .confirmed and .verdict == "slower" and (.ratio > 1.19 and .ratio < 1.21) and .lo > 1 and .hi >= .ratio' "$J"
check "... said: from DATE (build X) the 1 KiB SEND is 20.0% slower [lo, hi]" \
    grep -q '^  change at point 7 (p = 0\.[0-9]*): from 2026-01-07T03:00:00+0000 (build gcc B) the 1 KiB SEND is 20\.0% slower \[+1[0-9]\.[0-9]%, +2[0-9]\.[0-9]%\]$' "$T/tr/trend.txt"
check "the flat record: no change point" \
    jqe '[.series[] | select(.record == "SEND #2")] | length == 1 and (.[0].changes | length) == 0 and (.[0].points | length) == 12' "$J"
check "the data file marks the change at row 7 only (column 5)" \
    [ "$(awk '!/^#/ && $5 != 0 { print $1 ":" $5 }' "$T/tr/series-1.dat")" = "7:1" ]

$G --trend "$T/db" -o "$T/fail" --fail-new 5% > /dev/null 2> "$T/fail.err"
check "--fail-new 5%: exit 1 (the newest level 20% slower)" [ $? = 1 ]
check "... naming record, size and the point it changed from" \
    grep -q "^mpigauge --trend: --fail-new 5%: system [0-9a-f]*: from 2026-01-07T03:00:00+0000 (build gcc B) the 1 KiB SEND is 20.0% slower .*; it changed from set 6 (2026-01-06T03:00:00+0000, $T/set6)$" "$T/fail.err"
check "... once (the flat record does not fail)" [ "$(grep -c fail-new "$T/fail.err")" = 1 ]
$G --trend "$T/db" -o "$T/pass" --fail-new 25% > /dev/null 2>&1
check "--fail-new 25%: exit 0 (20% is within it)" [ $? = 0 ]
$G --trend "$T/db" -o "$T/js" --json > "$T/js.out" 2>&1
check "--json: the series as JSON on stdout, as trend.json" cmp -s "$T/js.out" "$T/js/trend.json"

$G --trend "$T/db" -o "$T/r2" -r '#2' > /dev/null 2>&1
check "-r '#2': only the second record's series" \
    jqe '[.series[].record] == ["SEND #2"]' "$T/r2/trend.json"
$G --trend "$T/db" -o "$T/r0" -r 'ALLTOALL' > /dev/null 2> "$T/r0.err"
check "-r naming no record: exit 2" [ $? = 2 ]
check "... said, nothing written" [ ! -e "$T/r0" ]
check "... said" grep -q "has no record with every word of -r 'ALLTOALL'" "$T/r0.err"
key=$(sqlite3 "$T/db" 'SELECT key FROM systems')
$G --trend "$T/db" -o "$T/sys" --system "${key:0:6}" > /dev/null 2>&1
check "--system by a prefix of its key: exit 0, its two series" \
    jqe --arg k "$key" '[.series[].system] == [$k, $k]' "$T/sys/trend.json"
$G --trend "$T/db" -o "$T/sys2" --system ffffffffffffffff > /dev/null 2> "$T/sys2.err"
check "--system of no stored system: exit 2" [ $? = 2 ]
check "... said" grep -q "no such system" "$T/sys2.err"
$G --trend "$T/db" -o "$T/sys3" --system XYZ > /dev/null 2> "$T/sys3.err"
check "--system that is no key: exit 2" [ $? = 2 ]
mkdir -p "$T/full" && touch "$T/full/x"
$G --trend "$T/db" -o "$T/full" > /dev/null 2> "$T/full.err"
check "-o a folder that is not empty: exit 2, left as it was" [ $? = 2 -a "$(ls "$T/full")" = x ]

# a series without any change: the first six sets alone
$G --store "$T/flat.db" "$T"/set{1..6} > /dev/null 2>&1
$G --trend "$T/flat.db" -o "$T/flat" > /dev/null 2>&1
check "six sets of one build: two series, no change point" \
    jqe '(.series | length) == 2 and ([.series[].changes[]] | length) == 0' "$T/flat/trend.json"

# sets of three launches: the detector sees the step, the launch-set rule
# cannot confirm it (1/20 > 2.5% a side: no 95% interval), as --compare
for k in $(seq 1 12); do
    mkdir -p "$T/small$k"
    cp -r "$T/set$k"/launch-{1,2,3} "$T/small$k/"
done
$G --store "$T/small.db" "$T"/small{1..12} > /dev/null 2>&1
$G --trend "$T/small.db" -o "$T/small" --fail-new 5% > /dev/null 2>&1
check "three launches a set: --fail-new passes (exit 0)" [ $? = 0 ]
check "... the change found at the seventh set, not confirmed (undecided)" \
    jqe '[.series[] | select(.record == "SEND") | .changes[] | [.at, .confirmed, .verdict]] == [[6, false, "undecided"]]' "$T/small/trend.json"
check "... said not confirmed" grep -q "SEND is 20.0% slower? .*(not confirmed by the launch-set rule)" "$T/small/trend.txt"

# single runs (each set's launch-1 as a result folder of its own): the
# change confirmed by the single-run rule (B's interval against A's)
runs=()
for k in $(seq 1 12); do runs+=("$T/set$k/launch-1"); done
$G --store "$T/runs.db" "${runs[@]}" > "$T/runs.out" 2>&1
check "twelve single runs stored as sets of one launch" \
    [ "$(sqlite3 "$T/runs.db" 'SELECT count(*), sum(is_set), sum(launches) FROM sets')" = "12|0|12" ]
$G --trend "$T/runs.db" -o "$T/runs" -r 'SEND' > /dev/null 2>&1
check "... the SEND's change at the seventh run, confirmed by each run's interval" \
    jqe '[.series[] | select(.record == "SEND") | .changes[] | [.at, .confirmed, .verdict]] == [[6, true, "slower"]]' "$T/runs/trend.json"
check "... its interval: B's lower end over A's upper, B's upper over A's lower" \
    jqe '.series[] | select(.record == "SEND") | .changes[0] as $c | .points[5] as $a | .points[6] as $b | ($c.lo - $b.lo_us / $a.hi_us | fabs) < 1e-9 and ($c.hi - $b.hi_us / $a.lo_us | fabs) < 1e-9' "$T/runs/trend.json"

# the page: scripts/report.sh on the trend folder (report_trend.sh)
bash scripts/report.sh "$T/tr" > "$T/page.out" 2> "$T/page.err"
check "report.sh TREND_DIR: exit 0, trend.html" [ $? = 0 -a -s "$T/tr/trend.html" ]
P="$T/tr/trend.html"
check "... self-contained: no script, link or url(" [ "$(grep -ciE '<script|<link|url\(' "$P")" = 0 ]
check "... every src a data: image, one per series (2)" \
    [ "$(grep -o 'src="[^"]*' "$P" | grep -vc '^src="data:image/svg+xml;base64,')/$(grep -o 'src="data:' "$P" | wc -l)" = 0/2 ]
check "the SEND's plot marks the change, confirmed, between sets 6 and 7" \
    grep -q '>+20%<' "$T/tr/plots/series-1.svg"
check "... the flat record's plot marks nothing" [ "$(grep -c '%<' "$T/tr/plots/series-2.svg")" = 0 ]
check "... the table says the change and its verdict" \
    grep -q '<span class="state slower">from 2026-01-07T03:00:00+0000 (build gcc B) the 1 KiB SEND is 20.0% slower' "$P"
bash scripts/report.sh "$T/small" > /dev/null 2>&1
check "an unconfirmed change: marked '? +20%' in grey" grep -q '>? +20%<' "$T/small/plots/series-1.svg"
check "... and undecided in the table" grep -q '<span class="state inconclusive">from 2026-01-07' "$T/small/trend.html"
CHROMIUM=${CHROMIUM:-chromium}
if command -v "$CHROMIUM" > /dev/null; then
    timeout -k 5 60 "$CHROMIUM" --headless=new --no-sandbox --disable-gpu --host-resolver-rules="MAP * ~NOTFOUND" \
        --virtual-time-budget=10000 --enable-logging=stderr --v=0 --dump-dom "file://$(realpath "$P")" > "$T/dom.html" 2> "$T/chromium.err"
    check "chromium loads the page, both plots" [ "$(grep -c '<img class="wide"' "$T/dom.html")" = 2 ]
    check "... no console message" [ "$(grep -c ':CONSOLE' "$T/chromium.err")" = 0 ]
else
    skip 2 "no chromium"
fi
mkdir -p "$T/badtrend" && printf '{"series": 3}' > "$T/badtrend/trend.json"
bash scripts/report.sh "$T/badtrend" > /dev/null 2> "$T/badtrend.err"
check "a damaged trend.json: exit 2, named, nothing written" \
    [ "$?/$(grep -c "badtrend/trend.json is not mpigauge --trend's" "$T/badtrend.err")/$(ls "$T/badtrend")" = "2/1/trend.json" ]

# options
$G --store "$T/db" > /dev/null 2> "$T/o1.err"
check "--store without folders: exit 2" [ $? = 2 ]
$G --trend "$T/db" > /dev/null 2> "$T/o2.err"
check "--trend without -o: exit 2, said" [ $? = 2 ] 
check "... said" grep -q "give -o" "$T/o2.err"
$G --trend "$T/db" -o "$T/o3" --fail-new lots > /dev/null 2> "$T/o3.err"
check "--fail-new lots: exit 2, nothing written" [ $? = 2 -a ! -e "$T/o3" ]
$G --store "$T/db" "$T/set1" --system abc > /dev/null 2>&1
check "--system without --trend: exit 2" [ $? = 2 ]
$G --trend "$T/missing.db" -o "$T/o4" > /dev/null 2> "$T/o4.err"
check "--trend of a missing store: exit 2, named, not created" [ $? = 2 -a ! -e "$T/missing.db" ]
$G --trend "$T/db" -o "$T/o5" --iters 5 > /dev/null 2>&1
check "--trend with a measuring run's option: exit 2" [ $? = 2 ]

# a failed write of the standard output: exit 5, said once (the files and
# the store as written: tests/writes.sh's rule for every printing mode)
$G --trend "$T/db" -o "$T/full5" > /dev/full 2> "$T/full5.err"
check "--trend > /dev/full: exit 5, said once" \
    [ "$?/$(grep -c '^mpigauge --trend: cannot write the standard output: No space left on device (exit 5)$' "$T/full5.err")" = 5/1 ]
$G --store "$T/db" "$T/set1" > /dev/full 2> "$T/full6.err"
check "--store > /dev/full: exit 5, said once" \
    [ "$?/$(grep -c '^mpigauge --store: cannot write the standard output: No space left on device (exit 5)$' "$T/full6.err")" = 5/1 ]

summary store
