#!/usr/bin/env bash
# cmdline.sh: records on the command line (-r RECORD, --run NAME): they run
# alone or after an input file's records, whose lines, texts and files stay
# what the file alone gives; the writers name them (-r 1, --run NAME); their
# errors read "-r N:COLUMN", exit 2, no folder; --run's every name plans;
# the thread scan sees them.  Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/cmdline
scratch "$T"
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
R1='SEND CHAR 1 4194304 MUL 2 WORLD NOP 0'
printf '# two records\nALLREDUCE DOUBLE 1 64 MUL 8 WORLD SUM 0\n\nBCAST INT 1 64 MUL 8 WORLD NOP 0' > "$T/f.in"

# the issue's run: one record on the command line, checked
$MPIRUN -n 2 ./mpigauge --quiet --check --iters 20 -o "$T/one" -r "$R1" > "$T/one.log" 2>&1
check_launch "mpirun -n 2 mpigauge -r '$R1'" $? "$T/one.log"
j="$T/one/run.json"
check "run.json: one record, done, --check passed" [ "$(jq -c '[.records | length, .[0].status, .[0].check]' "$j")" = '[1,"done","passed"]' ]
check "... its text, its source -r 1, line 1" [ "$(jq -c '.records[0] | [.text, .source, .line]' "$j")" = "[\"$R1\",\"-r 1\",1]" ]
check "... every size of the record (1 to 4 MiB: 23)" [ "$(jq '.records[0].points | length' "$j")" = 23 ]
check "... input says -r" [ "$(jq -r .input "$j")" = -r ]
check "the data file's header names it" grep -qx "# record: -r 1: $R1" "$T/one/01-send-char-world-nop.dat"
check "report.txt: Record 1 (-r 1), from the command line" \
    sh -c "grep -q '^Record 1 (-r 1): SEND of CHAR' '$T/one/report.txt' && grep -q '1 record from the command line' '$T/one/report.txt'"

# a file and -r twice and --run: the file's records as the file alone gives them
$MPIRUN -n 2 ./mpigauge --quiet --iters 20 -o "$T/file" "$T/f.in" > "$T/file.log" 2>&1
check_launch "the file alone" $? "$T/file.log"
$MPIRUN -n 2 ./mpigauge --quiet --iters 20 -o "$T/both" -r 'GATHER CHAR 1 8 MUL 2 WORLD NOP 0' \
    "$T/f.in" --run osu_barrier -r 'SCATTER CHAR 1 8 MUL 2 WORLD NOP 0' > "$T/both.log" 2>&1
check_launch "the file with -r, --run, -r" $? "$T/both.log"
j="$T/both/run.json"
file_recs='[.records[] | select(.source == null) | [.line, .text, .file, .status]] | sort'
check "the file's records: the same lines, texts, files as alone" [ "$(jq -c "$file_recs" "$j")" = "$(jq -c "$file_recs" "$T/file/run.json")" ]
check "... lines 2 and 4 (the last line had no newline)" [ "$(jq -c '[.records[] | select(.source == null) | .line] | sort' "$j")" = '[2,4]' ]
check "the command line's: after them, in order, named" [ "$(jq -c '[.records[] | select(.source) | [.line, .source, .status]] | sort' "$j")" = '[[5,"-r 1","done"],[6,"--run osu_barrier","done"],[7,"-r 2","done"]]' ]
barrier=$(./mpigauge --list | awk '$1 == "osu_barrier" { $1 = ""; sub(/^ +/, ""); print }')
check "--run osu_barrier ran --list's record ($barrier)" [ "$(jq -r '.records[] | select(.source == "--run osu_barrier") | .text' "$j")" = "$barrier" ]
check "run.json's input is the file" [ "$(jq -r .input "$j")" = "$T/f.in" ]
check "report.txt: 5 records from the file and the command line" grep -q "5 records from $T/f.in and the command line" "$T/both/report.txt"
check "the fingerprints' input hashes differ (the records are part of the input)" [ "$(jq -r .fingerprint.input_fnv1a64 "$j")" != "$(jq -r .fingerprint.input_fnv1a64 "$T/file/run.json")" ]

# errors: named -r N:COLUMN (the Nth -r), exit 2, nothing written
refused() { # WHAT EXPECTED-STDERR-LINE ARGS...
    local what=$1 want=$2
    shift 2
    $MPIRUN -n 2 ./mpigauge --quiet -o "$T/bad" "$@" > "$T/bad.out" 2> "$T/bad.err"
    local rc=$?
    check "$what: exit 2 ($rc)" [ $rc = 2 ]
    check "... says: $want" grep -qF -- "$want" "$T/bad.err"
    check "... no folder" [ ! -e "$T/bad" ]
}
refused "a bad op in -r" "-r 1:33: unknown point-to-point op 'NOOP'" -r 'SEND CHAR 1 4194304 MUL 2 WORLD NOOP 0'
refused "a bad size in the second -r" "-r 2:14: max 'x' is not a number" -r "$R1" -r 'BCAST CHAR 1 x MUL 2 WORLD NOP 0'
refused "... and beside a file" "-r 1:14: max 'x' is not a number" "$T/f.in" -r 'BCAST CHAR 1 x MUL 2 WORLD NOP 0'
printf 'BCAST INT 1 64 MUL 8 WORLD NOOP 0\n' > "$T/f2.in"
refused "a file's error keeps its FILE:LINE:COLUMN" "$T/f2.in:1:28: " "$T/f2.in" -r "$R1"
refused "a record with a newline" "-r 1: a record on the command line is one line" -r "$R1
BCAST CHAR 1 8 MUL 2 WORLD NOP 0"
refused "an empty -r" "-r 2: no record: blank or only a comment" -r "$R1" -r ' '
refused "a comment as -r" "-r 1: no record" -r '# nothing'
refused "an unknown --run" "--run 'osu_latenc': expected a peer's run that --list names" --run osu_latenc
refused "-r with --set" "--record shapes a measuring run; --set measures nothing" --set "$T" -r "$R1"
refused "two files beside -r" "one input file beside -r and --run" -r "$R1" "$T/f.in" "$T/f.in"
many=()
for i in $(seq 257); do many+=(-r "$R1"); done
refused "257 records" "at most 256 records go on the command line" "${many[@]}"

# every named run plans on 4 ranks (no launch: --validate --ranks)
names=$(./mpigauge --list | awk '/^Named runs/ { on = 1; next } on && NF { print $1 }')
check "--list names OSU's and IMB's runs (osu_latency, imb:PingPong)" \
    sh -c "echo '$names' | grep -qx osu_latency && echo '$names' | grep -qx imb:PingPong"
args=()
for n in $names; do args+=(--run "$n"); done
$MPIRUN -n 1 ./mpigauge --validate --ranks 4 "${args[@]}" > "$T/plan.out" 2> "$T/plan.err"
check "--validate --ranks 4 of all $(echo $names | wc -w) named runs: exit 0" [ $? = 0 ]
check "... each planned under its name, none skipped" \
    sh -c "[ \$(grep -c '^record [0-9]* (--run ' '$T/plan.out') = $(echo $names | wc -w) ] && ! grep -q skipped '$T/plan.out'"
# the thread scan reads -r: a threaded record asks for MULTIPLE
$MPIRUN -n 2 ./mpigauge --quiet --iters 10 -o "$T/mt" -r 'LATENCY_MT CHAR 1 8 MUL 2 WORLD NOP 0 threads=2' > "$T/mt.log" 2>&1
check_launch "a threaded -r" $? "$T/mt.log"
check "... asked MPI_THREAD_MULTIPLE" [ "$(jq -r .mpi_thread_level_asked "$T/mt/run.json")" = MPI_THREAD_MULTIPLE ]
summary cmdline
