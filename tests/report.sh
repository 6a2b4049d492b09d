#!/usr/bin/env bash
# report.sh: scripts/report.sh's page as a person looks at it, and
# compare.sh's "did it get slower?" (issue 27).
#
# The single-run rule (mpigauge --compare through compare.sh) on
# constructed result folders: the ratio's interval from both intervals,
# slower, faster, undecided (overlapping, touching, no interval), sizes
# matched by elements; --fail-above (exit 1 when an interval lies above
# it, 0 otherwise, 2 for a bad percentage).
#
# Two runs of one small input (every family the page draws: a DETAIL
# pair matrix, a reduction, EXSCAN, a LINEAR barrier with its prediction,
# HYBRID, a record skipped on a 1-rank Y-LINE, SCAN), both with --raw and
# with tests/corrupt.so preloaded; in the second, MPIGAUGE_SLOW_US=200
# makes every MPI_Exscan spin 2 ms (and MPIGAUGE_MPI_ERROR=2 stops SCAN
# with an MPI error, exit 3): each of compare.sh's verdicts must be the one
# the interval it reported allows, its exit status must say whether a
# record regressed, and a copy of a run compared with itself must have no
# size slower or faster, exit 0.  (How much slower the spun EXSCAN came out
# is the machine's business, not asserted.)
#
# The page, in headless chromium (no network: --host-resolver-rules maps
# every host to nothing):
# - statically: no <script>, <link>, <iframe>, url( or src/href other
#   than data: and #anchors; a section per record of run.json (id
#   line-N) with the plots of its kind (alt texts);
# - the page as it is, with --enable-logging=stderr: chromium prints every
#   console message of the page as "...:CONSOLE..." there; there must be
#   none;
# - a copy with tests/report/probe.html put first in <head>: it catches
#   every error event (capture phase: images that fail too), and after
#   load writes into the DOM the images, the broken ones, every resource
#   fetched other than a data: URL (Resource Timing) and each section's
#   loaded images; --dump-dom gives it back: no error, no fetch, nothing
#   broken, every section there and every record with data showing its
#   plots;
# - a screenshot, tests/tmp/report/report.png.
# Without chromium (or with CHROMIUM=none) the browser checks are counted
# as skipped.  A folder
# without run.json and an interrupted run (run.json edited the way an
# interrupted run writes it) still give a page that says so.
# Prints "report: N passed, N failed, N skipped".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/report
scratch "$T"
skipped=0
. scripts/plotlib.sh

# ---- plots of many lines: 40 line styles, no two alike
check "line_style: 40 lines, 40 styles" [ "$(for i in $(seq 0 39); do line_style "$i"; done | sort -u | wc -l)" = 40 ]
check "the overviews' legend goes below the plot" grep -q 'key_below' scripts/plot.sh

# ---- --fail-above on constructed result folders (single runs: the ratio's
# interval is B's interval's ends over A's, lower over upper)
hdr='# elements bytes t_min_us t_avg_us t_max_us t_med_us ci_lo_us ci_hi_us'
printf '%s\n1 8 1 1 1 10 9 11\n2 16 1 1 1 10 9 11\n4 32 1 1 1 10 9 11\n8 64 1 1 1 10 9 11\n16 128 1 1 1 10 nan nan\n32 256 1 1 1 10 9 11\n' "$hdr" > "$T/a.dat"
printf '%s\n1 8 1 1 1 12 11.8 13\n2 16 1 1 1 8 7 8.5\n4 32 1 1 1 10.5 10 12\n8 64 1 1 1 12 11 12\n16 128 1 1 1 20 19 21\n64 512 1 1 1 10 9 11\n' "$hdr" > "$T/b.dat"
mkfolder() { # DIR DATA: a result folder of one record, its points in run.json too
    mkdir -p "$1"
    local pts
    pts=$(awk '!/^#/ && NF { printf "%s{\"elements\":%s,\"bytes\":%s,\"t_med_us\":%s,\"ci_lo_us\":%s,\"ci_hi_us\":%s,\"target_met\":true}", n++ ? "," : "", $1, $2, $6, ($7 == "nan" ? "null" : $7), ($8 == "nan" ? "null" : $8) }' "$2")
    echo '{"mpigauge":"0.1.0","status":"complete","mpi_library":"x","ranks":2,"fingerprint":{"ranks":2},"records":[{"line":1,"call":"SEND","family":"point-to-point","datatype":"INT","topology":"WORLD","op":"NOP","file":"01-send-int-world-nop.dat","status":"done","skipped":null,"points":['"$pts"']}]}' > "$1/run.json"
    cp "$2" "$1/01-send-int-world-nop.dat"
    touch "$1/.fixture"          # made up here: not checked against the schema
}
mkfolder "$T/ca" "$T/a.dat"
mkfolder "$T/cb" "$T/b.dat"
bash scripts/compare.sh --fail-above 5% "$T/ca" "$T/cb" "$T/cmp1" > "$T/cmp1.out" 2> "$T/cmp1.err"
check "--fail-above 5%: [11.8/11, 13/9] at 1 element lies above 1.05, a regression: exit 1" [ $? = 1 ]
check "--fail-above 5%: the record and its worst size in the summary" grep -q '^summary 01-send-int-world-nop.dat: 1 slower, 1 faster, 0 no-change, 3 undecided; worst +20.0% \[+7.3%, +44.4%\] at 1 elements (8 bytes): REGRESSED beyond 5%' "$T/cmp1.out"
check "--fail-above 5%: the record named on stderr" grep -q '^  01-send-int-world-nop.dat: worst +20.0% \[+7.3%, +44.4%\] at 1 elements' "$T/cmp1.err"
v() { awk -v e="$1" '$2 == e { print $NF }' "$T/cmp1.out"; }
check "rule: [7/11, 8.5/9] is faster; touching at 1 ([11/11, 12/9]) and overlapping are undecided; no interval undecided; only sizes both measured" [ "$(v 2) $(v 8) $(v 4) $(v 16) $(grep -c '^01-send' "$T/cmp1.out")" = "faster undecided undecided undecided 5" ]
check "single runs: the output says the verdict covers one launch only" grep -q '^# single runs: each verdict covers the noise within one launch only' "$T/cmp1.out"
bash scripts/compare.sh --fail-above 25% "$T/ca" "$T/cb" "$T/cmp2" > "$T/cmp2.out" 2> "$T/cmp2.err"
check "--fail-above 25%: [1.073, 1.444] does not lie wholly above it: exit 0" [ $? = 0 ]
bash scripts/compare.sh "$T/ca" "$T/cb" "$T/cmp3" > "$T/cmp3.out" 2>&1
check "no --fail-above: exit 0 whatever the verdicts" [ $? = 0 ]
check "the verdict is the last column, after the ratio, its interval and the launches" grep -qE "^01-send-int-world-nop.dat +1 +10\.0+ +12\.0+ +1.2000 +1.0727 +1.4444 +1 +1 slower$" "$T/cmp3.out"
for bad in 5x -3% "" abc; do
    bash scripts/compare.sh --fail-above "$bad" "$T/ca" "$T/cb" "$T/cmp-bad" > /dev/null 2> "$T/err"
    check "--fail-above '$bad': exit 2, named, nothing made" [ "$?/$(grep -c -- "--fail-above '$bad': expected" "$T/err")/$([ -e "$T/cmp-bad" ]; echo $?)" = 2/1/1 ]
done

# ---- two runs, the second with EXSCAN slowed on purpose
if $MPIRUN --version 2>&1 | grep -qE 'Open MPI|OpenRTE'; then
    cv=coll_tuned_allreduce_algorithm:recursive_doubling
else
    cv=MPIR_CVAR_ALLREDUCE_INTRA_ALGORITHM:recursive_doubling
fi
printf '%s\n' 'SEND DOUBLE 1 512 MUL 8 WORLD DETAIL 0 iters=20' \
    "ALLREDUCE DOUBLE 1 4096 MUL 8 WORLD SUM 0 iters=50 cvar=$cv" \
    'EXSCAN INT 1 512 MUL 8 WORLD SUM 0' \
    'BARRIER INT 0 0 ADD 1 WORLD LINEAR 0 iters=20' \
    'BARRIER INT 0 0 ADD 1 WORLD HYBRID 0 iters=20' \
    'SEND INT 1 8 MUL 8 Y-LINE NOP 0 iters=20' \
    'SCAN INT 1 8 MUL 8 WORLD SUM 0 iters=20' > "$T/r.in"
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
A="$T/run A"
B="$T/run B"
$MPIRUN -n 2 env LD_PRELOAD="$PWD/tests/corrupt.so" MPIR_CVAR_NOT_READ_HERE=7 ./mpigauge --quiet --raw --budget 0.3 -o "$A" "$T/r.in" > /dev/null 2> "$T/a.err"
check "run A: exit 0" [ $? = 0 ]
$MPIRUN -n 2 env LD_PRELOAD="$PWD/tests/corrupt.so" MPIR_CVAR_NOT_READ_HERE=7 MPIGAUGE_SLOW_US=200 MPIGAUGE_MPI_ERROR=2 \
    ./mpigauge --quiet --raw --budget 0.3 -o "$B" "$T/r.in" > /dev/null 2> "$T/b.err"
check "run B (EXSCAN slowed, SCAN stopped by an MPI error): exit 3" [ $? = 3 ]
# (how much slower the spun EXSCAN came out is the machine's business: the
# verdicts are checked against the intervals the comparison reported, and
# the rule itself on the constructed folders above and in launches.sh)
bash scripts/compare.sh --fail-above 5% --json "$A" "$B" > "$T/ab.json" 2> "$T/ab.err"
rc=$?
check "compare.sh A B --fail-above 5%: exit 0 or 1 ($rc), every record compared" [ "$((rc <= 1))/$(jq '.records | length' "$T/ab.json")" = "1/5" ]
check "... every verdict the one its own interval allows, regressed where it lies above 1.05" [ "$(jq "$EVERY"'every(.records[].sizes[]; (if .ratio_lo == null or (.why // "" | test("missed its target")) then "undecided" elif .ratio_lo > 1 then "slower" elif .ratio_hi < 1 then "faster" elif .ratio_lo >= 1 / 1.05 and .ratio_hi <= 1.05 then "no-change" else "undecided" end) as $v | .verdict == $v and .regressed == (.ratio_lo != null and .ratio_lo > 1.05 and .verdict == "slower"))' "$T/ab.json")" = true ]
check "... the exit status says whether a record regressed" [ "$rc" = "$(jq '[.records[] | select(.regressed)] | length | if . > 0 then 1 else 0 end' "$T/ab.json")" ]
cp -r "$A" "$T/run A2"
bash scripts/compare.sh --fail-above 5% "$A" "$T/run A2" > "$T/aa.out" 2> "$T/aa.err"
check "a run against its copy: exit 0" [ $? = 0 ]
check "... no size slower or faster: every interval holds 1" [ "$(grep -cE '\.dat .* (no-change|undecided)$' "$T/aa.out")" = "$(grep -c '\.dat ' "$T/aa.out")" ]

# ---- the page
bash scripts/report.sh "$B" "$A" > "$T/rep.out" 2> "$T/rep.err"
check "report.sh B A: exit 0" [ $? = 0 ]
P="$B/report.html"
check "report.sh prints the page's name" [ "$(cat "$T/rep.out")" = "$P" ]
check "report.sh: nothing on stderr" [ ! -s "$T/rep.err" ]
check "no temporary left" [ -z "$(ls -A "$B" | grep '\.tmp$')" ]
check "the page has no script, link, iframe or url(" [ "$(grep -ciE '<script|<link|<iframe|url\(' "$P")" = 0 ]
check "every src and href is data: or #anchor" [ "$(grep -oE '(src|href)="[^"]{0,5}' "$P" | grep -vE '"(data:|#)' | wc -l)" = 0 ]
check "the facts: library, ranks, grid" [ "$(grep -c '<tr><th>MPI library</th><td>.\+</td></tr>\|<tr><th>ranks</th><td>2</td></tr>\|<tr><th>grid</th><td>2x1x1' "$P")" = 3 ]
check "the facts: the environment's library settings" grep -q '<tr><th>environment (library settings)</th><td>.*<code>MPIR_CVAR_NOT_READ_HERE=7</code>' "$P"
check "the facts: the MPI_T control variables at start, counted as run.json ($(jq '.settings.cvars | length' "$B/run.json"))" \
    grep -q "<tr><th>MPI_T control variables at start</th><td>$(jq '.settings.cvars | length' "$B/run.json") <details>" "$P"
check "... each with its value" [ "$(grep -o '<tr><td><code>[^<]*</code></td><td>' "$P" | wc -l)" = "$(jq '.settings.cvars | length' "$B/run.json")" ]
check "line 2: the control variable its cvar= set" grep -q "<p class=\"cvars\">MPI_T control variables set for this record: <code>${cv%%:*}=recursive_doubling</code> (MPI_T value [0-9]*, it was [0-9]*; restored" "$P"
check "the records table: a row per record (7)" [ "$(grep -c '<tr><td class=n><a href="#line-' "$P")" = 7 ]
marked=$(grep -oE '<tr class="(regressed|slower)"><td><a href="#line-[0-9]+"' "$P" | grep -oE '[0-9]+' | sort -n | tr '\n' ' ')
check "the comparison: a row per record compared, red where compare.sh found a record slower ($marked)" [ "$(grep -c '<td><a href="#line-[0-9]*">0[0-9]-' "$P")/$marked" = "5/$(jq -r '[.records[] | select(.slower > 0) | .line] | map(tostring + " ") | join("")' "$T/ab.json")" ]
# per record of run.json: its section, and the plots of its kind
while IFS=$'\t' read -r line status file; do
    check "line $line: a section" grep -q "<section class=\"record\" id=\"line-$line\" data-status=\"$status\">" "$P"
    stem=${file%.dat}
    [ -n "$file" ] || continue
    for kind in time distribution; do
        check "line $line: its $kind plot" grep -q "alt=\"$stem $kind\"" "$P"
    done
done < <(jq -r '.records[] | [.line, .status, if (.points // []) | length > 0 then .file else "" end] | @tsv' "$B/run.json")
check "DETAIL: a heat map per size (4)" [ "$(grep -o 'alt="01-send-double-world-detail pairs-[0-9]*"' "$P" | wc -l)" = 4 ]
check "ALLREDUCE: bandwidth" grep -q 'alt="02-allreduce-double-world-sum bandwidth"' "$P"
check "LINEAR: predicted against measured" grep -q 'alt="04-barrier-int-world-linear predicted"' "$P"
check "HYBRID: its groups and candidates" grep -q '<p>HYBRID: groups {0 1}' "$P"
check "the skipped record says why" grep -q 'Skipped: Y-LINE communicators of 1 rank' "$P"
check "the record an MPI error stopped says so" grep -q '<p class="warn">An MPI error stopped this record: ' "$P"
check "the overviews" [ "$(grep -c '<img class="wide"' "$P")" = 3 ]

CHROMIUM=${CHROMIUM:-chromium}   # CHROMIUM=none: as on a machine without it
browser() { # chromium, no network, whatever it says
    timeout -k 5 60 "$CHROMIUM" --headless=new --no-sandbox --disable-gpu --hide-scrollbars \
        --host-resolver-rules="MAP * ~NOTFOUND" --virtual-time-budget=10000 "$@"
}
if command -v "$CHROMIUM" > /dev/null; then
    browser --enable-logging=stderr --v=0 --dump-dom "file://$(realpath "$P")" > "$T/dom.html" 2> "$T/chromium.err"
    check "chromium loads the page" grep -q '</html>' "$T/dom.html"
    check "no console message: $(grep ':CONSOLE' "$T/chromium.err" | head -3)" [ "$(grep -c ':CONSOLE' "$T/chromium.err")" = 0 ]
    awk '!done && /<head>/ { print; while ((getline l < "tests/report/probe.html") > 0) print l; done = 1; next } 1' \
        "$P" > "$B/probe.html"
    browser --dump-dom "file://$(realpath "$B/probe.html")" 2> /dev/null |
        sed -n '/<pre id="probe">/,/<\/pre>/p' > "$T/probe.txt"
    value() { awk -v k="$1" '$1 == k { print $2 }' "$T/probe.txt"; }
    check "the probe ran" [ -n "$(value images)" ]
    check "no error event: $(grep '^error' "$T/probe.txt" | head -3)" [ "$(value errors)" = 0 ]
    check "nothing fetched but data: URLs: $(grep '^fetch' "$T/probe.txt" | head -3)" [ "$(value fetched)" = 0 ]
    check "every image decodes ($(value images) images, $(value broken) broken)" [ "$(value broken)" = 0 ] && [ "$(value images)" -gt 20 ]
    check "a section per record in the browser (7)" [ "$(grep -c '^section line-' "$T/probe.txt")" = 7 ]
    check "every record with data shows its plots" \
        awk '$1 == "section" && $3 == "done" && $4 < 2 { bad++ } END { exit bad > 0 }' "$T/probe.txt"
    browser --window-size=1300,1800 --screenshot="$PWD/$T/report.png" "file://$(realpath "$P")" > /dev/null 2>&1
    check "a screenshot ($T/report.png)" [ "$(head -c 4 "$T/report.png" 2> /dev/null | od -An -tx1 | tr -d ' \n')" = 89504e47 ]
else
    echo "report: no chromium; its 9 checks are skipped" >&2
    skipped=$((skipped + 9))
fi

# ---- a run that stopped: interrupted, pending, no run.json
I="$T/interrupted"
cp -r "$A" "$I"
rm -f "$I/report.html" "$I"/03-* "$I"/04-* "$I"/05-* "$I"/06-*
jq '.status = "interrupted" | .records |= map(if .line == 2 then .status = "interrupted" elif .line > 2 then .status = "pending" | .file = null | .points = [] | .fit = null | .hybrid = null else . end)' \
    "$A/run.json" > "$I/run.json"
bash scripts/report.sh "$I" > /dev/null 2> "$T/err"
check "an interrupted run: a page" [ $? = 0 ] && [ -f "$I/report.html" ]
check "... the run says interrupted" grep -q 'class="state interrupted">interrupted</span> &mdash; stopped by a signal' "$I/report.html"
check "... the record stopped says so" grep -q 'Interrupted by a signal: the sizes it finished are below' "$I/report.html"
check "... the pending ones say so (5)" [ "$(grep -c 'Pending: not measured' "$I/report.html")" = 5 ]
N="$T/no run.json"
cp -r "$A" "$N"
rm -f "$N/run.json" "$N/report.html"
bash scripts/report.sh "$N" > /dev/null 2> "$T/err"
check "no run.json: a page" [ $? = 0 ] && [ -f "$N/report.html" ]
check "... saying so" grep -q 'no run.json: the records below are read from the data files' "$N/report.html"
check "... a section with plots per data file (6: 01-05, 07)" [ "$(grep -o 'alt="0[1-7]-[a-z_-]* time"' "$N/report.html" | wc -l)" = 6 ]

# ---- bad arguments: exit 2, named, nothing written
bash scripts/plot.sh -f gif "$A" > /dev/null 2> "$T/err"
check "plot.sh -f gif: exit 2, named" [ "$?/$(grep -c "\-f 'gif': the format is png or svg" "$T/err")" = 2/1 ]
bash scripts/plot.sh -o "$T/none" "$A" > /dev/null 2> "$T/err"
check "plot.sh -o a missing folder: exit 2, named, no plots/" [ "$?/$(grep -c "OUT_DIR '$T/none' is not a folder" "$T/err")/$([ -e "$A/plots" ]; echo $?)" = 2/1/1 ]
mkdir -p "$T/plain"
bash scripts/report.sh "$T/plain" > /dev/null 2> "$T/err"
check "a folder with no run and no data: exit 2, named, nothing written" [ "$?/$(grep -c "RESULT_DIR '$T/plain'" "$T/err")/$(ls -A "$T/plain" | wc -l)" = 2/1/0 ]
bash scripts/report.sh "$T/none" > /dev/null 2> "$T/err"
check "a missing folder: exit 2, named" [ "$?/$(grep -c "RESULT_DIR '$T/none' is not a folder" "$T/err")" = 2/1 ]
bash scripts/report.sh "$A" "$T/plain" > /dev/null 2> "$T/err"
check "a baseline that is not a result folder: exit 2, named" [ "$?/$(grep -c "BASELINE_DIR '$T/plain'" "$T/err")" = 2/1 ]
bash scripts/report.sh "$A" "$B" extra > /dev/null 2>&1
check "three arguments: exit 2" [ $? = 2 ]

echo "report: $pass passed, $fail failed, $skipped skipped"
[ "$fail" = 0 ]
