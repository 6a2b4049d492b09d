#!/usr/bin/env bash
# integration.sh: mpigauge under mpirun with 1, 2 and 4 ranks.  Asserts on
# run.json and the data files, not only on exit codes.  Prints
# "N passed, N failed" last.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp
scratch "$T"

# every done record: data rows match the points in run.json, the columns
# are the contract's, times are ordered and positive
check_data_files() {
    local dir=$1 n=$2
    local files
    files=$(jq -r '.records[] | select(.status == "done") | .file' "$dir/run.json")
    for f in $files; do
        local path="$dir/$f"
        [ -f "$path" ] || { bad "$path missing"; continue; }
        local header
        header=$(grep '^#' "$path" | tail -1)
        check "$f columns" [ "${header:0:50}" = "# elements bytes t_min_us t_avg_us t_max_us mbps i" ]
        grep -q "^# mpi: " "$path" && grep -q "^# record: " "$path" && ok || bad "$f metadata"
        local rows points
        rows=$(grep -vc '^#' "$path")
        points=$(jq --arg f "$f" '.records[] | select(.file == $f) | .points | length' "$dir/run.json")
        check "$f rows $rows = points $points" [ "$rows" = "$points" ]
        local want got
        want=$(jq -r --arg f "$f" '.records[] | select(.file == $f) | [.points[].elements] | join(" ")' "$dir/run.json")
        got=$(column "$path" elements | paste -sd' ')
        check "$f elements '$got' = '$want'" [ "$got" = "$want" ]
        check "$f min <= avg <= max, all > 0" rows "$path" "v1 > 0 && v1 <= v2 + 1e-9 && v2 <= v3 + 1e-9" t_min_us t_avg_us t_max_us
    done
}

# a whole run: exit 0, run.json says what ran where, every check passed
run_family() {
    local n=$1 input=$2
    local dir="$T/run-$n-$(basename "$input" .in)"
    $MPIRUN -n "$n" ./mpigauge --check --iters 3 --warmup 1 --quiet -o "$dir" "$input" \
        > "$T/out" 2> "$T/err"
    local rc=$?
    check_launch "$input on $n ranks exits 0 (got $rc): $(head -3 "$T/err")" "$rc" "$T/err"
    [ -f "$dir/run.json" ] || { bad "$dir/run.json missing"; return; }
    check "ranks = $n" [ "$(jq .ranks "$dir/run.json")" = "$n" ]
    check "grid product = $n" [ "$(jq '.grid[0] * .grid[1] * .grid[2]' "$dir/run.json")" = "$n" ]
    check "status complete" [ "$(jq -r .status "$dir/run.json")" = complete ]
    check "every record in run.json" [ "$(jq '.records | length' "$dir/run.json")" = "$(grep -cv '^\s*\(#\|$\)' "$input")" ]
    check "WORLD is one communicator of $n" [ "$(jq -c '[.records[] | select(.topology == "WORLD") | .communicators] | unique' "$dir/run.json")" = "[[$n]]" ]
    # each kind of record is checked where the input has it (not vacuously
    # where it has none)
    local has_node=0 has_coll=0 has_p2p=0
    [ "$(jq '[.records[] | select(.topology == "NODE")] | length' "$dir/run.json")" -gt 0 ] && has_node=1
    [ "$(jq '[.records[] | select(.family != "point-to-point" and .points != null)] | length' "$dir/run.json")" -gt 0 ] && has_coll=1
    [ "$(jq '[.records[] | select(.family == "point-to-point")] | length' "$dir/run.json")" -gt 0 ] && has_p2p=1
    [ $has_node = 1 ] && check "NODE is one communicator of $n on one host" [ "$(jq -c --argjson n "$n"  "$EVERY"'every(.records[] | select(.topology == "NODE") | .communicators; . == [$n])' "$dir/run.json")" = true ]
    check "no check failed" [ "$(jq "$EVERY"'every(.records[]; .check != "failed")' "$dir/run.json")" = true ]
    check "every done record with data was checked" [ "$(jq "$EVERY"'every(.records[]; (.status == "done" and .check != "passed" and .call != "BARRIER") | not)' "$dir/run.json")" = true ]
    check "mismatches all 0" [ "$(jq '[.records[].mismatches] | add' "$dir/run.json")" = 0 ]
    # samples: every rank for collectives, every pair for point-to-point
    local pairs=$((n * (n - 1) / 2))
    [ $has_coll = 1 ] && check "collective samples = $n" [ "$(jq --argjson n "$n" "$EVERY"'every(.records[] | select(.family != "point-to-point") | .points[].samples; (. != $n) | not)' "$dir/run.json")" = true ]
    if [ "$n" -ge 2 ]; then
        [ $has_p2p = 1 ] && check "p2p samples = $pairs pairs" [ "$(jq --argjson p "$pairs" "$EVERY"'every(.records[] | select(.family == "point-to-point") | .points[].samples; (. != $p) | not)' "$dir/run.json")" = true ]
    else
        check "records with a root outside their communicators are skipped" [ "$(jq "$EVERY"'every(.records[]; ((.text | test("root=1")) and ($n == 1) != (.skipped != null)) | not)' --argjson n "$n" "$dir/run.json")" = true ]
    [ $has_p2p = 1 ] && check "p2p skipped on 1 rank" [ "$(jq "$EVERY"'every(.records[]; (.family == "point-to-point" and (.skipped | test("no pairs") | not)) | not)' "$dir/run.json")" = true ]
        check "skipped records have no file" [ "$(jq "$EVERY"'every(.records[]; (.skipped != null and .file != null) | not)' "$dir/run.json")" = true ]
        if [ "$input" = tests/inputs/p2p.in ]; then
            grep -q "skipped: WORLD communicators of 1 rank have no pairs" "$dir/report.txt" && ok || bad "skip reason in prose"
        fi
    fi
    check "report.txt has one sentence per point" [ "$(grep -c '^  [A-Z_]* [0-9]* x ' "$dir/report.txt")" = "$(jq '[.records[].points | length] | add' "$dir/run.json")" ]
    check_data_files "$dir" "$n"
}

for n in 1 2 4; do
    for input in tests/inputs/p2p.in tests/inputs/coll.in tests/inputs/reduce.in; do
        run_family "$n" "$input"
    done
done

# DETAIL: a P x P matrix per size, nan where no pair was measured
dir="$T/run-4-p2p"
pairs="$dir/02-send-double-world-detail.pairs.dat"
if [ -f "$pairs" ]; then
    check "one block per size" [ "$(grep -c '^# elements [0-9]' "$pairs")" = 6 ]
    check "4x4 matrices" awk '!/^#/ && NF { if (NF != 4) exit 1; rows++ } END { exit rows != 24 }' "$pairs"
    check "diagonal and lower triangle nan, upper measured" awk '
        /^# elements/ { r = 0; next } /^#/ || !NF { next }
        { for (c = 1; c <= 4; c++) { v = $c; if (c - 1 > r) { if (v == "nan" || v <= 0) exit 1 } else if (v != "nan") exit 1 } r++ }' "$pairs"
    check "DETAIL prose names every pair" [ "$(grep -c '    pair [0-9]->[0-9]: ' "$dir/report.txt")" = 36 ]
else
    bad "$pairs missing"
fi

# --check's message for a one-bit error in the last element
# (under asan the preloaded layer comes before the sanitizer's runtime)
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
dir="$T/corrupt"
MPIGAUGE_CORRUPT=1 LD_PRELOAD="$PWD/tests/corrupt.so" $MPIRUN -n 2 ./mpigauge --check \
    --iters 1 --warmup 0 --quiet -o "$dir" tests/inputs/p2p.in > /dev/null 2> "$T/corrupt.err"
check "a mismatch exits 1" [ $? = 1 ]
# (every call's flipped bit: tests/conformance.sh; here the message)
check "the message names record, size, rank, element, expected and got" \
    grep -q "^check failed: record 1 (line 2: SEND INT 0 2048 MUL 8 WORLD NOP 0), 2048 elements, rank [01], element 2047: expected [0-9-]*, got [0-9-]*$" "$T/corrupt.err"
check "an error in a struct member is named" grep -q "SEND STRUCT.*element 2047: expected {" "$T/corrupt.err"

# an MPI error ends its record with the library's message; the run goes on.
# MPICH 4.0.2 (ch4) fails MPI_Sendrecv_replace of DOUBLE_INT at 4096
# elements; a library without that bug must simply pass.
printf 'SENDRECV_REPLACE DOUBLE_INT 1 4096 MUL 64 WORLD NOP 0\nSEND INT 1 8 MUL 8 WORLD NOP 0\n' > "$T/mpierr.in"
$MPIRUN -n 2 ./mpigauge --iters 2 --quiet -o "$T/mpierr" "$T/mpierr.in" > /dev/null 2> "$T/err"
rc=$?
if [ "$(jq -r "$AT"'at(1).status' "$T/mpierr/run.json")" = error ]; then
    check "MPI error: exit 3" [ "$rc" = 3 ]
    check "MPI error: message kept" [ -n "$(jq -r "$AT"'at(1).error | select(test("MPI error at 4096 elements, rank [01]: "))' "$T/mpierr/run.json")" ]
    check "MPI error: sizes before it kept" [ "$(jq "$AT"'at(1).points | length' "$T/mpierr/run.json")" = 2 ]
    check "MPI error: data rows before it kept" [ "$(grep -vc '^#' "$T/mpierr/01-sendrecv_replace-double_int-world-nop.dat")" = 2 ]
    check "MPI error: in the prose" grep -q "ERROR: record 1 stopped: MPI error at 4096 elements" "$T/mpierr/report.txt"
else
    check "no MPI error: exit 0" [ "$rc" = 0 ]
fi
check "after an MPI error the next record runs" [ "$(jq -r "$AT"'at(2).status' "$T/mpierr/run.json")" = done ]

# --validate prints the plan and measures nothing
$MPIRUN -n 2 ./mpigauge --validate -o "$T/validate" tests/inputs/coll.in > "$T/plan" 2>&1
check "--validate exits 0" [ $? = 0 ]
check "--validate writes no folder" [ ! -e "$T/validate" ]
check "plan lists records, communicators, sizes" grep -q "ALLTOALLV on WORLD: 1 communicator of 2 ranks" "$T/plan"
check "plan lists sizes" grep -q "5 sizes: 0 1 8 64 300 elements" "$T/plan"
for f in inputs/*.in; do
    check "shipped $f is valid" $MPIRUN -n 2 ./mpigauge --validate "$f" > /dev/null
done

# results are never written over
mkdir -p "$T/taken" && echo keep > "$T/taken/file"
$MPIRUN -n 1 ./mpigauge -o "$T/taken" tests/inputs/coll.in > /dev/null 2> "$T/err"
check "existing folder: exit 2" [ $? = 2 ]
check "existing folder untouched" [ "$(ls "$T/taken")" = file ]

# bad input: FILE:LINE:COLUMN, exit 2, no result folder
bad_input() { # name, expected message (grep -E), file content (printf format)
    local name=$1 want=$2 content=$3
    local f="$T/$name.in"
    printf "$content" > "$f"
    $MPIRUN -n 2 ./mpigauge -o "$T/out-$name" "$f" > /dev/null 2> "$T/err"
    local rc=$?
    check "$name: exit 2 (got $rc)" [ "$rc" = 2 ]
    check "$name: message '$want' (got: $(head -1 "$T/err"))" grep -qE "^$f:$want" "$T/err"
    check "$name: no result folder" [ ! -e "$T/out-$name" ]
}
bad_input unknown_call "1:1: unknown call 'ALLREDUSE'; did you mean ALLREDUCE\?" 'ALLREDUSE DOUBLE 1 8 MUL 2 WORLD SUM 0\n'
bad_input unknown_type "1:6: unknown datatype" 'SEND DUBBLE 1 8 MUL 2 WORLD NOP 0\n'
bad_input unknown_topo "1:20: unknown topology 'WROLD'; did you mean WORLD" 'SEND INT 1 8 MUL 2 WROLD NOP 0\n'
bad_input unknown_op "2:31: unknown reduction operation" '# ok\nALLREDUCE INT 1 8 MUL 2 WORLD ADD 0\n'
bad_input min_gt_max "1:10: min 9 is larger than max 8" 'SEND INT 9 8 MUL 2 WORLD NOP 0\n'
bad_input negative "1:10: min '-1' is negative" 'SEND INT -1 8 MUL 2 WORLD NOP 0\n'
bad_input non_numeric "1:12: max 'lots' is not a number" 'SEND INT 1 lots MUL 2 WORLD NOP 0\n'
bad_input overflow "1:12: max .* is too large" 'SEND INT 1 123456789012345678901234 MUL 2 WORLD NOP 0\n'
bad_input mul_lt_2 "1:18: MUL value must be at least 2" 'SEND INT 1 8 MUL 1 WORLD NOP 0\n'
bad_input add_0 "1:18: ADD value must be at least 1" 'SEND INT 1 8 ADD 0 WORLD NOP 0\n'
bad_input missing "1:26: missing field 'op'" 'SEND INT 1 8 MUL 2 WORLD\n'
bad_input extra "1:32: extra field 'junk'" 'SEND INT 1 8 MUL 2 WORLD NOP 0 junk\n'
bad_input nul "1:3: NUL byte" 'SE\0ND INT 1 8 MUL 2 WORLD NOP 0\n'
bad_input binary "1:[0-9]+: (control byte|non-ASCII|NUL)" '\x7fELF\x02\x01\x01\0\0\0'
bad_input empty " no records" '# nothing here\n\n'
bad_input op_forbidden "1:33: MPI does not define BAND on FLOAT" 'ALLREDUCE FLOAT 1 8 MUL 2 WORLD BAND 0\n'
bad_input maxloc_int "1:31: MPI does not define MAXLOC on INT" 'ALLREDUCE INT 1 8 MUL 2 WORLD MAXLOC 0\n'
bad_input sum_pair "1:38: MPI does not define SUM on DOUBLE_INT" 'ALLREDUCE DOUBLE_INT 1 8 MUL 2 WORLD SUM 0\n'
bad_input op_on_bcast "1:27: BCAST takes no operation" 'BCAST INT 1 8 MUL 2 WORLD SUM 0\n'
bad_input memory "1:19: max 1000000000 needs .* MiB of buffers per rank" 'ALLTOALL DOUBLE 1 1000000000 MUL 2 WORLD NOP 0\n'
bad_input int_limit "1:18: max 1500000000 on 2 ranks puts ALLGATHERV's element displacements up to 3000000000, past MPI's int limit" 'ALLGATHERV INT 1 1500000000 MUL 2 WORLD NOP 0\n'
bad_input crlf_ok_then_bad "2:1: unknown call" 'SEND INT 1 8 MUL 2 WORLD NOP 0\r\nBOGUS INT 1 8 MUL 2 WORLD NOP 0\r\n'
# all errors at once
printf 'FOO INT 1 8 MUL 2 WORLD NOP 0\nSEND INT 1 8 MUL 2 WORLD NOP 0\nSEND INT 1 8 MUL 2 WORLD BAR 0\nALLTOALL DOUBLE 1 1000000000 MUL 2 WORLD NOP 0\n' > "$T/many.in"
$MPIRUN -n 2 ./mpigauge "$T/many.in" > /dev/null 2> "$T/err"
check "all errors reported at once, in line order" [ "$(grep "^$T/many.in:" "$T/err" | cut -d: -f2 | paste -sd,)" = "1,3,4" ]
$MPIRUN -n 2 ./mpigauge --grid 3x1x1 tests/inputs/coll.in > /dev/null 2> "$T/err"
check "--grid that does not fit: exit 2" [ $? = 2 ]
check "--grid error names the product" grep -q "3 places but there are 2 ranks" "$T/err"

# --max-memory turns an impossible record into an input error
printf 'ALLGATHER DOUBLE 1 1048576 MUL 4 WORLD NOP 0\n' > "$T/mem.in"
$MPIRUN -n 2 ./mpigauge --max-memory 16M -o "$T/mem" "$T/mem.in" > /dev/null 2> "$T/err"
check "--max-memory: exit 2" [ $? = 2 ]
check "--max-memory: names line, column and the bound" grep -q "^$T/mem.in:1:20: max 1048576 needs 24.0 MiB of buffers per rank for ALLGATHER on 2 ranks, more than --max-memory 16.0 MiB" "$T/err"
check "--max-memory: no folder" [ ! -e "$T/mem" ]
check "peak memory in run.json" [ "$(jq '.peak_rss_kib > 1000' "$T/run-2-coll/run.json")" = true ]

# SIGTERM (to mpirun, which passes it on) or SIGINT (to the ranks, as a
# scheduler does): the record in progress closes with the sizes it measured.
# Many short sizes: the ranks agree after each size, and a size must end
# well within the 5 s grace period even on a loaded machine (100000
# iterations a size once took longer there, and the emergency path left
# every record pending); and enough of them that the run outlasts Open
# MPI's mpirun passing the signal on (60 records of 300 iterations ended,
# complete, 1.5 s after they started, before it did)
for i in $(seq 200); do echo "SEND CHAR 1 32 ADD 1 WORLD NOP 0 iters=2000"; done > "$T/slow.in"
interrupted() { # signal, who (mpirun or ranks), folder
    local sig=$1 who=$2 dir=$3
    $MPIRUN -n 2 ./mpigauge --quiet -o "$dir" "$T/slow.in" > /dev/null 2>&1 &
    local launcher=$!
    for _ in $(seq 100); do   # until the first size is on disk
        [ -n "$(grep -sv '^#' "$dir/01-send-char-world-nop.dat")" ] && break
        sleep 0.1
    done
    if [ "$who" = mpirun ]; then
        kill -"$sig" "$launcher"
    else
        pkill -"$sig" -f "^./mpigauge --quiet -o $dir "
    fi
    wait "$launcher"
    local rc=$?
    local j="$dir/run.json"
    check "$sig to $who: run.json says interrupted" [ "$(jq -r .status "$j")" = interrupted ]
    check "$sig to $who: records after it did not start" [ "$(jq '[.records[] | select(.status == "pending")] | length > 0' "$j")" = true ]
    check "$sig to $who: each started record's rows match run.json" [ "$(jq -r '.records[] | select(.file != null) | "\(.file) \(.points | length)"' "$j" | while read -r f n; do [ "$(grep -vc '^#' "$dir/$f")" = "$n" ] || echo bad; done)" = "" ]
    check "$sig to $who: the report says so" grep -q "^Interrupted by signal" "$dir/report.txt"
    [ "$who" = ranks ] && check "$sig to the ranks: exit 128 + signal (got $rc)" [ "$rc" = $((128 + $(kill -l "$sig"))) ]
}
# two ranks bound to one CPU take turns on it (4 ms a message under Open
# MPI on two simulated hosts, both bound to their first core): the run
# says so in the report, run.json and the page; ranks on cores of their
# own are not named (docs/measuring.md, Binding)
if $MPIRUN --version 2>&1 | grep -qE 'Open MPI|OpenRTE'; then
    one_core=(--cpu-set 0 --bind-to core:overload-allowed)
    own_cores=(--bind-to core)
else
    one_core=(-bind-to user:0,0)
    own_cores=(-bind-to user:0,1)
fi
echo "SEND CHAR 1 1 ADD 1 WORLD NOP 0" > "$T/bind.in"
$MPIRUN "${one_core[@]}" -n 2 ./mpigauge --iters 20 --quiet -o "$T/onecore" "$T/bind.in" > /dev/null 2>&1
check "2 ranks bound to CPU 0: run.json says 2 share it, ranks 0 and 1 on CPU 0" \
    [ "$(jq -c '[.ranks_sharing_a_core, .shared_core]' "$T/onecore/run.json" 2> /dev/null)" = '[2,{"ranks":[0,1],"cpu":0}]' ]
check "2 ranks bound to CPU 0: the report warns and names them" \
    grep -q "^WARNING: 2 ranks are bound to the same CPUs as another rank of their machine (ranks 0 and 1, on CPU 0)" "$T/onecore/report.txt"
bash scripts/report.sh "$T/onecore" > /dev/null 2>&1
check "2 ranks bound to CPU 0: the page warns" grep -q "Ranks sharing a core: 2 ranks" "$T/onecore/report.html"
if [ "$(nproc)" -ge 2 ]; then
    $MPIRUN "${own_cores[@]}" -n 2 ./mpigauge --iters 20 --quiet -o "$T/owncores" "$T/bind.in" > /dev/null 2>&1
    check "2 ranks bound to cores of their own: both bound, none sharing, no warning" \
        [ "$(jq -c '[.ranks_bound_to_a_core, .ranks_sharing_a_core, .shared_core]' "$T/owncores/run.json" 2> /dev/null)" = '[2,0,null]' ]
    check "2 ranks bound to cores of their own: the report says nothing of sharing" \
        [ "$(grep -c "bound to the same CPUs as another rank" "$T/owncores/report.txt" 2> /dev/null)" = 0 ]
else
    skip 2 "one core: no two ranks can be bound to cores of their own"
fi

interrupted TERM mpirun "$T/term"
interrupted INT ranks "$T/int"

summary integration
