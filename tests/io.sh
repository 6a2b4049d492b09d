#!/usr/bin/env bash
# io.sh: the rest of MPI I/O (issue 43 item 2) on 2 and 3 ranks: the
# non-blocking calls (FILE_IWRITE ... FILE_IREAD_AT_ALL) with --check and
# their overlap columns, the shared and ordered file pointers
# (FILE_WRITE_SHARED, FILE_READ_SHARED, FILE_WRITE_ORDERED,
# FILE_READ_ORDERED), FILE_OPEN, fsync=1 and view=type on a shaped type;
# hint= given and read back (a hint ROMIO keeps, one it ignores) in the
# data file, report.txt and run.json (the fault injector's flipped bit in
# every call: tests/conformance.sh); bad settings refused at FILE:LINE:COLUMN with
# exit 2 and no folder.  Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/io
scratch "$T"
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"

cat > "$T/io.in" <<'IN'
FILE_IWRITE         DOUBLE 1 4096 MUL 64 WORLD NOP 0
FILE_IREAD          DOUBLE 1 4096 MUL 64 WORLD NOP 0
FILE_IWRITE_AT      INT    1 4096 MUL 64 WORLD NOP 0
FILE_IREAD_AT       INT    1 4096 MUL 64 WORLD NOP 0
FILE_IWRITE_ALL     DOUBLE 1 4096 MUL 64 WORLD NOP 0
FILE_IREAD_ALL      DOUBLE 1 4096 MUL 64 WORLD NOP 0
FILE_IWRITE_AT_ALL  DOUBLE 1 4096 MUL 64 WORLD NOP 0
FILE_IREAD_AT_ALL   DOUBLE 1 4096 MUL 64 WORLD NOP 0
FILE_WRITE_SHARED   DOUBLE 1 4096 MUL 64 WORLD NOP 0
FILE_READ_SHARED    DOUBLE 1 4096 MUL 64 WORLD NOP 0
FILE_WRITE_ORDERED  DOUBLE 1 4096 MUL 64 WORLD NOP 0
FILE_READ_ORDERED   DOUBLE 1 4096 MUL 64 WORLD NOP 0
FILE_OPEN           DOUBLE 1 4096 MUL 64 WORLD NOP 0
FILE_WRITE_AT_ALL   DOUBLE 1 4096 MUL 64 WORLD NOP 0 fsync=1
FILE_WRITE_ALL      VECTOR:4:1:2:DOUBLE 1 64 MUL 8 WORLD NOP 0 view=type
FILE_READ_AT        VECTOR:4:1:2:DOUBLE 1 64 MUL 8 WORLD NOP 0 view=type
FILE_WRITE          DOUBLE 1 64 MUL 8 WORLD NOP 0 hint=cb_nodes:1 hint=mpigauge_no_such_hint:7
IN
for n in 2 3; do
    $MPIRUN -n $n ./mpigauge --check --iters 4 --warmup 1 --quiet -o "$T/r$n" "$T/io.in" > /dev/null 2> "$T/r$n.err"
    check "$n ranks: exit 0" [ $? = 0 ]
    j="$T/r$n/run.json"
    check "$n ranks: every record measured and --check passed" [ "$(jq -c "$AT"'[at_lines(1; 17)[] | [.status, .check]] | unique' "$j")" = '[["done","passed"]]' ]
    check "$n ranks: 17 records" [ "$(jq '.records | length' "$j")" = 17 ]
    check "$n ranks: a sample per rank" [ "$(jq --argjson n $n "$AT$EVERY"'every(at_lines(1; 17)[].points[]; .samples == $n)' "$j")" = true ]
    check "$n ranks: the non-blocking calls have overlap in the data file" \
        [ "$(for f in "$T/r$n"/0[1-8]-*.dat; do grep -c '^# elements .*overlap_pct' "$f"; done | sort -u)" = 1 ]
    check "$n ranks: overlap_pct within 0..100" [ "$(jq "$EVERY"'every(.records[0:8][].points[]; .overlap_pct == null or (.overlap_pct >= 0 and .overlap_pct <= 100))' "$j")" = true ]
    check "$n ranks: fsync=1 said in the header" grep -qx "# settings: fsync=1 view=none" "$T/r$n/14-file_write_at_all-double-world-nop.dat"
    check "$n ranks: view=type in run.json" [ "$(jq -r "$AT"'at(15).record_settings.view' "$j")" = type ]
    check "$n ranks: hint cb_nodes kept, read back" [ "$(jq -c "$AT"'at(17).hints[0] | [.key, .value, .library_value, .state]' "$j")" = '["cb_nodes","1","1","kept"]' ]
    # MPICH's ROMIO drops a key it does not know; Open MPI's OMPIO echoes
    # every key back: either is reported, neither is an error
    unknown=$(jq -c "$AT"'at(17).hints[1] | [.library_value, .state]' "$j")
    check "$n ranks: an unknown hint reported (ignored, or kept as the library echoes it), not an error ($unknown)" \
        [ "$unknown" = '[null,"ignored"]' -o "$unknown" = '["7","kept"]' ]
    check "$n ranks: the hint read back in the data file" grep -qx "# hint read back cb_nodes=1: kept (MPI_File_get_info: 1)" "$T/r$n/17-file_write-double-world-nop.dat"
    check "$n ranks: the unknown hint in report.txt" grep -qE "Hint mpigauge_no_such_hint=7: (ignored \(not in MPI_File_get_info\)|kept \(MPI_File_get_info: 7\))\." "$T/r$n/report.txt"
    check "$n ranks: the scratch files removed" [ -z "$(ls -A "$T/r$n/scratch" 2>/dev/null)" ]
done

# (the fault injector on every I/O call: tests/conformance.sh)

# bad settings: FILE:LINE:COLUMN, exit 2, no folder
cat > "$T/bad.in" <<'IN'
FILE_WRITE  DOUBLE 1 8 MUL 2 WORLD NOP 0 fsync=2
FILE_WRITE_SHARED DOUBLE 1 8 MUL 2 WORLD NOP 0 view=type
SEND        DOUBLE 1 8 MUL 2 WORLD NOP 0 hint=cb_nodes:1
FILE_WRITE  DOUBLE 1 8 MUL 2 WORLD NOP 0 hint=cb_nodes
FILE_WRITE  DOUBLE 1 8 MUL 2 WORLD NOP 0 view=diagonal
FILE_OPEN   DOUBLE 1 8 MUL 2 WORLD NOP 0 fsync=1
FILE_WRITE  DOUBLE 1 8 MUL 2 WORLD NOP 0 hint=a:1 hint=a:2
PUT         DOUBLE 1 8 MUL 2 WORLD NOP 0 fsync=1
IN
$MPIRUN -n 2 ./mpigauge -o "$T/bad" "$T/bad.in" > /dev/null 2> "$T/bad.err"
check "bad input: exit 2" [ $? = 2 ]
check "bad input: no folder" [ ! -e "$T/bad" ]
check "fsync=2 named" grep -qF "$T/bad.in:1:48: fsync 2 is too large (at most 1)" "$T/bad.err"
check "view= on a shared call refused" grep -qF "$T/bad.in:2:48: FILE_WRITE_SHARED moves the shared file pointer" "$T/bad.err"
check "hint= on SEND refused" grep -qF "$T/bad.in:3:42: SEND is not an I/O call; hint= applies to the I/O calls" "$T/bad.err"
check "hint without a value named" grep -qF "$T/bad.in:4:47: hint takes KEY:VALUE" "$T/bad.err"
check "view=diagonal named" grep -qF "$T/bad.in:5:47: unknown file view 'diagonal'" "$T/bad.err"
check "fsync= on FILE_OPEN refused" grep -qF "$T/bad.in:6:42: FILE_OPEN moves no data; fsync= applies to the I/O calls (not FILE_OPEN)" "$T/bad.err"
check "a hint given twice named" grep -qF "$T/bad.in:7:56: hint a given twice (first at column 42)" "$T/bad.err"
check "fsync= on PUT refused (one-sided's is sync=)" grep -qF "$T/bad.in:8:42: PUT is not an I/O call; fsync= applies to" "$T/bad.err"

# --list has the settings (every call listed has a record in
# tests/conformance.sh, which fails on one without)
./mpigauge --list > "$T/list.txt"
for s in fsync=N view= hint=KEY:VALUE; do
    check "--list: $s" grep -q "^  $s" "$T/list.txt"
done
summary io
