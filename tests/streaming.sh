#!/usr/bin/env bash
# streaming.sh: the streaming point-to-point calls (BW, BIBW, MSGRATE,
# MULTI_LATENCY) and the one-sided calls (PUT, GET, ACCUMULATE,
# GET_ACCUMULATE, FETCH_AND_OP, COMPARE_AND_SWAP, the request-based RPUT
# ... RGET_ACCUMULATE, MPI_REPLACE and MPI_NO_OP, and the one-window
# patterns PUT_ONE_TO_ALL and PUT_ALL_TO_ALL): --check passes on every
# synchronisation, window kind and mode, finds the fault injector's
# flipped bit in every message of a window and every one-sided result, the
# columns say what they hold, and what MPI forbids is an input error.
# Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/streaming
scratch "$T"
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"

# every record of a run's run.json passed its check (or was skipped for
# Open MPI's accumulates on padded pair types: README, one-sided)
all_passed() {
    [ "$(jq "$EVERY"'every(.records[]; (.status == "done" and .check == "passed") or
        (.status == "skipped" and (.skipped | test("^Open MPI.s one-sided"))))' "$1/run.json")" = true ]
}
# every record of a run's run.json failed its check
all_failed() {
    [ "$(jq "$EVERY"'every(.records[]; .check == "failed")' "$1/run.json")" = true ]
}

# ---- streaming ----------------------------------------------------------
cat > "$T/stream.in" <<'IN'
BW            DOUBLE 1 4096 MUL 16 WORLD NOP 0 window=8
BIBW          INT    1 1024 MUL 32 WORLD NOP 0 window=4
MSGRATE       CHAR   1 64   MUL 8  WORLD NOP 0 window=16
MULTI_LATENCY DOUBLE 1 64   MUL 8  WORLD NOP 0
BW            STRUCT 1 64   MUL 8  WORLD NOP 0 window=2
SEND_INIT     INT    0 2048 MUL 8  WORLD NOP 0
BW_INIT       DOUBLE 1 4096 MUL 16 WORLD NOP 0 window=8
BIBW_INIT     SHORT  1 1024 MUL 32 WORLD NOP 0 window=4
IN
$MPIRUN -n 2 ./mpigauge --check --iters 4 --warmup 1 --quiet -o "$T/s2" "$T/stream.in" > /dev/null 2> "$T/s2.err"
check "stream, 2 ranks: --check exits 0" [ $? = 0 ]
check "stream, 2 ranks: every record passed" all_passed "$T/s2"
$MPIRUN -n 4 ./mpigauge --check --iters 2 --warmup 1 --quiet -o "$T/s4" "$T/stream.in" > /dev/null 2> "$T/s4.err"
check "stream, 4 ranks: --check exits 0" [ $? = 0 ]
check "stream, 4 ranks: every record passed" all_passed "$T/s4"
f="$T/s4/03-msgrate-char-world-nop.dat"
check "MSGRATE has msg_rate" [ -n "$(colno "$f" msg_rate)" ]
check "msg_rate = 2 pairs / t_avg (4 ranks)" rows "$f" 'v1 > 0 && (v1 * v2 / 1e6 - 2) ^ 2 < 1e-4' msg_rate t_avg_us
check "MSGRATE mbps counts both pairs' bytes" rows "$f" 'v1 - 2 * v2 / v3 < 0.001 + 1e-3 * v1 && 2 * v2 / v3 - v1 < 0.001 + 1e-3 * v1' mbps bytes t_avg_us
check "BW has no msg_rate" [ -z "$(colno "$T/s4/01-bw-double-world-nop.dat" msg_rate)" ]
check "BW: 6 pairs on 4 ranks" grep -q "BW 4096 x DOUBLE (32768 bytes): per message .* mean over 6 pairs" "$T/s4/report.txt"
check "BW's time is per message" grep -q "^# t_min_us t_avg_us t_max_us: time per message of a window" "$T/s4/01-bw-double-world-nop.dat"
# persistent point-to-point: as SEND, BW and BIBW, their requests made once a pair
check "SEND_INIT, BW_INIT, BIBW_INIT: one record each, done, every size checked" [ "$(jq -c '[.records[] | select(.call | endswith("_INIT")) | [.call, .status, .check]]' "$T/s4/run.json")" = '[["SEND_INIT","done","passed"],["BW_INIT","done","passed"],["BIBW_INIT","done","passed"]]' ]
check "SEND_INIT: 6 pairs on 4 ranks, one-way time" grep -q "SEND_INIT 2048 x INT (8192 bytes): one-way .* mean over 6 pairs" "$T/s4/report.txt"
check "BW_INIT: time per message of persistent sends" grep -q "^# timing: time per message of a window of window= persistent sends" "$T/s4/07-bw_init-double-world-nop.dat"
check "run.json: BW non-blocking, BW_INIT and BIBW_INIT persistent, MSGRATE non-blocking" [ "$(jq -c '[.records[] | select(.call == "BW" or .call == "BW_INIT" or .call == "BIBW_INIT" or .call == "MSGRATE") | [.call, .call_mode]] | unique' "$T/s4/run.json")" = '[["BIBW_INIT","persistent"],["BW","non-blocking"],["BW_INIT","persistent"],["MSGRATE","non-blocking"]]' ]
check "--list: SEND blocking, SEND_INIT persistent, PUT non-blocking" [ "$(./mpigauge --list | grep -cE '^  (SEND +point-to-point +blocking|SEND_INIT +point-to-point +persistent|PUT +one-sided +non-blocking) ')" = 3 ]
printf 'SEND_INIT INT 1 8 MUL 2 WORLD NOP 0 window=4\n' > "$T/pw.in"
$MPIRUN -n 2 ./mpigauge --validate --quiet "$T/pw.in" > /dev/null 2> "$T/pw.err"
check "SEND_INIT takes no window= (exit 2, named)" [ "$?/$(grep -c 'pw.in:1:.*window' "$T/pw.err")" = 2/1 ]

MPIGAUGE_CORRUPT=1 LD_PRELOAD="$PWD/tests/corrupt.so" $MPIRUN -n 2 ./mpigauge --check \
    --iters 1 --warmup 0 --quiet -o "$T/s-corrupt" "$T/stream.in" > /dev/null 2> "$T/s-corrupt.err"
check "stream, flipped bits: exit 1" [ $? = 1 ]
check "stream, flipped bits: every record failed" all_failed "$T/s-corrupt"
# window=8 of 4096 elements: the last element of every message is wrong,
# the first five reported (element 4095, 8191, ...)
check "BW: the last message's flip is found, not only the window's last" \
    grep -q "BW DOUBLE 1 4096 .*4096 elements, rank 1, element 8191: " "$T/s-corrupt.err"
check "BW_INIT: the same with persistent receives" \
    grep -q "BW_INIT DOUBLE 1 4096 .*4096 elements, rank 1, element 8191: " "$T/s-corrupt.err"

# ---- one-sided: every call under fence and lock, then every other setting
cat > "$T/rma.in" <<'IN'
PUT              DOUBLE 1 4096 MUL 16 WORLD NOP 0 sync=fence
GET              DOUBLE 1 4096 MUL 16 WORLD NOP 0 sync=fence
ACCUMULATE       INT    1 1024 MUL 32 WORLD SUM 0 sync=fence
GET_ACCUMULATE   DOUBLE 1 1024 MUL 32 WORLD MAX 0 sync=fence
FETCH_AND_OP     LONG   1 1    ADD 1  WORLD SUM 0 sync=fence
COMPARE_AND_SWAP INT    1 1    ADD 1  WORLD NOP 0 sync=fence
PUT              DOUBLE 1 4096 MUL 16 WORLD NOP 0 sync=lock
GET              DOUBLE 1 4096 MUL 16 WORLD NOP 0 sync=lock
ACCUMULATE       INT    1 1024 MUL 32 WORLD SUM 0 sync=lock
GET_ACCUMULATE   DOUBLE 1 1024 MUL 32 WORLD MAX 0 sync=lock
FETCH_AND_OP     LONG   1 1    ADD 1  WORLD SUM 0 sync=lock
COMPARE_AND_SWAP INT    1 1    ADD 1  WORLD NOP 0 sync=lock
IN
$MPIRUN -n 2 ./mpigauge --check --iters 4 --warmup 1 --quiet -o "$T/r2" "$T/rma.in" > /dev/null 2> "$T/r2.err"
check "one-sided, fence and lock: --check exits 0" [ $? = 0 ]
check "one-sided, fence and lock: all 12 records passed" all_passed "$T/r2"
check "one-sided: the data file says how" grep -q "^# settings: sync=fence win=create mode=latency$" "$T/r2/01-put-double-world-nop.dat"
check "one-sided: the prose says how" grep -q "^  Settings: sync=lock win=create mode=latency.$" "$T/r2/report.txt"
check "one-sided: time per operation" grep -q "^# t_min_us t_avg_us t_max_us: time per operation" "$T/r2/01-put-double-world-nop.dat"

# MPICH 4.0.2's MPI_Win_allocate misplaces data in windows whose size is
# not a multiple of 16 bytes (docs/measuring.md): win=allocate asks for a
# multiple of 16, and the last record checks 8 and 24 bytes
cat > "$T/rma-more.in" <<'IN'
PUT              CHAR   16 4096 MUL 16 WORLD NOP  0 sync=flush
PUT              DOUBLE 2  512  MUL 16 WORLD NOP  0 sync=flush_local win=allocate mode=bw window=8
GET              INT    4  1024 MUL 16 WORLD NOP  0 sync=lock_shared win=dynamic mode=bw window=4
PUT              SHORT  8  512  MUL 8  WORLD NOP  0 sync=lock_all mode=bibw window=4
ACCUMULATE       DOUBLE 2  512  MUL 16 WORLD PROD 0 sync=pscw win=allocate
ACCUMULATE       DOUBLE_INT 1 64 MUL 8 WORLD MAXLOC 0 sync=flush
GET_ACCUMULATE   INT    4  256  MUL 8  WORLD BXOR 0 sync=pscw mode=bibw window=2
FETCH_AND_OP     DOUBLE 1  1    ADD 1  WORLD SUM  0 sync=flush_local win=dynamic
COMPARE_AND_SWAP UNSIGNED_LONG 1 1 ADD 1 WORLD NOP 0 sync=lock_all mode=bw window=16
PUT              VECTOR 1  64   MUL 8  WORLD NOP  0 sync=fence win=dynamic
GET              DOUBLE 1  3    ADD 1  WORLD NOP  0 sync=lock win=allocate
IN
$MPIRUN -n 2 ./mpigauge --check --iters 4 --warmup 1 --quiet -o "$T/r2m" "$T/rma-more.in" > /dev/null 2> "$T/r2m.err"
check "one-sided, every sync, win and mode: --check exits 0" [ $? = 0 ]
check "one-sided, every sync, win and mode: all passed" all_passed "$T/r2m"
check "one-sided mode=bw says its window" grep -q "^# settings: window=8 sync=flush_local win=allocate mode=bw$" "$T/r2m/02-put-double-world-nop.dat"

# three ranks: every pair in turn, each with its own window
printf 'PUT INT 1 64 MUL 8 WORLD DETAIL 0 sync=lock\nACCUMULATE INT 1 64 MUL 8 WORLD SUM 0 sync=fence\n' > "$T/rma3.in"
$MPIRUN -n 3 ./mpigauge --check --iters 2 --warmup 1 --quiet -o "$T/r3" "$T/rma3.in" > /dev/null 2> "$T/r3.err"
check "one-sided, 3 ranks: --check exits 0" [ $? = 0 ]
check "one-sided, 3 ranks: all passed" all_passed "$T/r3"
check "one-sided, 3 ranks: three pairs" grep -q "PUT 64 x INT (256 bytes): per operation .* mean over 3 pairs" "$T/r3/report.txt"
check "one-sided DETAIL: a pair matrix, 3 pairs at each of 3 sizes" awk '!/^#/ && NF { for (c = 1; c <= NF; c++) if ($c != "nan") m++ } END { exit m != 9 }' "$T/r3/01-put-int-world-detail.pairs.dat"

MPIGAUGE_CORRUPT=1 LD_PRELOAD="$PWD/tests/corrupt.so" $MPIRUN -n 2 ./mpigauge --check \
    --iters 1 --warmup 0 --quiet -o "$T/r-corrupt" "$T/rma.in" > /dev/null 2> "$T/r-corrupt.err"
check "one-sided, flipped bits: exit 1" [ $? = 1 ]
check "one-sided, flipped bits: every record failed" all_failed "$T/r-corrupt"
check "PUT: the target's last element" grep -q "line 7: PUT DOUBLE .*4096 elements, rank 1, element 4095: " "$T/r-corrupt.err"
check "GET: the origin's last element" grep -q "line 8: GET DOUBLE .*4096 elements, rank 0, element 4095: " "$T/r-corrupt.err"
check "ACCUMULATE: the target's last element" grep -q "line 9: ACCUMULATE INT .*1024 elements, rank 1, element 1023: " "$T/r-corrupt.err"

# ---- one-sided: the request-based calls, MPI_REPLACE and MPI_NO_OP, and
# IMB-RMA's one-to-all and all-to-all patterns over one window
cat > "$T/rma-new.in" <<'IN'
RPUT             DOUBLE 1 4096 MUL 16 WORLD NOP     0 sync=flush
RGET             INT    1 1024 MUL 16 WORLD NOP     0 sync=lock mode=bw window=4
RACCUMULATE      INT    1 1024 MUL 32 WORLD SUM     0 sync=lock_all
RGET_ACCUMULATE  DOUBLE 1 1024 MUL 32 WORLD MAX     0 sync=flush_local mode=bibw window=2
ACCUMULATE       DOUBLE 1 1024 MUL 32 WORLD REPLACE 0 sync=fence
GET_ACCUMULATE   INT    1 1024 MUL 32 WORLD NO_OP   0 sync=pscw
FETCH_AND_OP     LONG   1 1    ADD 1  WORLD NO_OP   0 sync=lock
FETCH_AND_OP     DOUBLE 1 1    ADD 1  WORLD REPLACE 0 win=dynamic
RACCUMULATE      FLOAT_INT 1 64 MUL 8 WORLD REPLACE 0 sync=lock_shared mode=bw window=4
RGET_ACCUMULATE  BYTE   1 64   MUL 8  WORLD NO_OP   0 win=allocate
PUT_ONE_TO_ALL   DOUBLE 1 4096 MUL 16 WORLD NOP     0
PUT_ALL_TO_ALL   INT    1 1024 MUL 16 WORLD NOP     0
IN
for n in 2 3; do
    $MPIRUN -n $n ./mpigauge --check --iters 4 --warmup 1 --quiet -o "$T/n$n" "$T/rma-new.in" > /dev/null 2> "$T/n$n.err"
    check "new one-sided, $n ranks: --check exits 0" [ $? = 0 ]
    check "new one-sided, $n ranks: all 12 records passed" all_passed "$T/n$n"
    check "new one-sided, $n ranks: a sample a pair, one for PUT_ONE_TO_ALL, one a rank for PUT_ALL_TO_ALL" \
        [ "$(jq -c '[.records[] | .points[0].samples] | unique' "$T/n$n/run.json")" = "$( [ $n = 2 ] && echo '[1,2]' || echo '[1,3]')" ]
done
f="$T/n3/11-put_one_to_all-double-world-nop.dat"
check "PUT_ONE_TO_ALL: only rank 0 measured on 3 ranks" [ "$(jq -c "$AT"'[at(11).points[].samples] | unique' "$T/n3/run.json")" = '[1]' ]
check "RPUT: the request-based timing and its sync= in the header" grep -q "^# timing: time per MPI_Rput .*its request completed by MPI_Waitall" "$T/n2/01-rput-double-world-nop.dat"
check "ACCUMULATE with REPLACE: the op in the file name and run.json" [ "$(jq -r "$AT"'at(5).op' "$T/n2/run.json")" = REPLACE ]
check "--list: REPLACE and NO_OP among the ops" [ "$(./mpigauge --list | grep -cE '^  (REPLACE|NO_OP) ')" = 2 ]
MPIGAUGE_CORRUPT=1 LD_PRELOAD="$PWD/tests/corrupt.so" $MPIRUN -n 3 ./mpigauge --check \
    --iters 1 --warmup 0 --quiet -o "$T/n-corrupt" "$T/rma-new.in" > /dev/null 2> "$T/n-corrupt.err"
check "new one-sided, flipped bits: exit 1" [ $? = 1 ]
check "new one-sided, flipped bits: every record failed" all_failed "$T/n-corrupt"
check "RGET: the origin's last element" grep -q "line 2: RGET INT .*1024 elements, rank 0, element 1023: " "$T/n-corrupt.err"
# every put of a rank flips its one origin buffer again: the slot whose
# put carried the flip shows it in its last element
check "PUT_ALL_TO_ALL: the last element of another rank's slot" grep -qE "line 12: PUT_ALL_TO_ALL INT .*1024 elements, rank [0-2], element (1023|2047|3071): " "$T/n-corrupt.err"
cat > "$T/bad-new.in" <<'IN'
ALLREDUCE   DOUBLE 1 4 MUL 2 WORLD REPLACE 0
ACCUMULATE  DOUBLE 1 4 MUL 2 WORLD NO_OP 0
RPUT        DOUBLE 1 4 MUL 2 WORLD NOP 0 sync=fence
RGET_ACCUMULATE INT 1 4 MUL 2 WORLD SUM 0 sync=pscw
ACCUMULATE  CHAR 1 4 MUL 2 WORLD REPLACE 0
PUT_ALL_TO_ALL DOUBLE 1 4 MUL 2 WORLD NOP 0 sync=lock
IN
$MPIRUN -n 2 ./mpigauge -o "$T/bad-new" "$T/bad-new.in" > /dev/null 2> "$T/bad-new.err"
check "bad new one-sided records: exit 2, no folder" [ "$?/$([ -e "$T/bad-new" ] && echo yes || echo no)" = 2/no ]
check "REPLACE on ALLREDUCE" grep -q "^$T/bad-new.in:1:36: MPI allows REPLACE only in ACCUMULATE, GET_ACCUMULATE, FETCH_AND_OP, RACCUMULATE and RGET_ACCUMULATE; ALLREDUCE is not one" "$T/bad-new.err"
check "NO_OP on ACCUMULATE" grep -q "^$T/bad-new.in:2:36: MPI allows NO_OP only in GET_ACCUMULATE, FETCH_AND_OP and RGET_ACCUMULATE; ACCUMULATE is not one" "$T/bad-new.err"
check "RPUT under fences" grep -q "^$T/bad-new.in:3:1: RPUT is request-based .*passive-target epoch.*not sync=fence" "$T/bad-new.err"
check "RGET_ACCUMULATE under pscw" grep -q "^$T/bad-new.in:4:1: RGET_ACCUMULATE is request-based .*not sync=pscw" "$T/bad-new.err"
check "REPLACE on CHAR" grep -q "^$T/bad-new.in:5:.*MPI does not define REPLACE on CHAR" "$T/bad-new.err"
check "sync= on PUT_ALL_TO_ALL refused" grep -q "^$T/bad-new.in:6:.*PUT_ALL_TO_ALL is not one-sided; sync= applies to" "$T/bad-new.err"

# ---- what MPI forbids: input errors before anything runs ----------------
cat > "$T/bad.in" <<'IN'
COMPARE_AND_SWAP DOUBLE 1 1 ADD 1 WORLD NOP 0
FETCH_AND_OP INT 1 4 MUL 2 WORLD SUM 0
ACCUMULATE C_DOUBLE_COMPLEX 1 4 MUL 2 WORLD CPROD 0
SEND INT 1 4 MUL 2 WORLD NOP 0 sync=fence
PUT INT 1 4 MUL 2 WORLD NOP 0 sync=fense
PUT INT 1 4 MUL 2 WORLD NOP 0 window=8
SEND INT 1 4 MUL 2 WORLD NOP 0 window=8
PUT INT 1 4 MUL 2 WORLD NOP 0 win=shared mode=fast
ACCUMULATE CHAR 1 4 MUL 2 WORLD SUM 0
IN
$MPIRUN -n 2 ./mpigauge -o "$T/bad" "$T/bad.in" > /dev/null 2> "$T/bad.err"
check "bad one-sided records: exit 2" [ $? = 2 ]
check "bad one-sided records: no folder" [ ! -e "$T/bad" ]
check "CAS on DOUBLE" grep -q "^$T/bad.in:1:18: MPI_Compare_and_swap takes C integer, logical and byte types; DOUBLE is a floating point type" "$T/bad.err"
check "FETCH_AND_OP of 4" grep -q "^$T/bad.in:2:18: FETCH_AND_OP works on exactly one element: min and max must be 1" "$T/bad.err"
check "a user-defined op" grep -q "^$T/bad.in:3:.*: one-sided accumulates take predefined operations only; CPROD is user-defined" "$T/bad.err"
check "sync= on SEND" grep -q "^$T/bad.in:4:32: SEND is not one-sided; sync= applies to the one-sided calls$" "$T/bad.err"
check "a near miss" grep -q "^$T/bad.in:5:36: unknown synchronisation 'fense'; did you mean fence?" "$T/bad.err"
check "window= without mode=bw" grep -q "^$T/bad.in:6:31: window= applies to mode=bw and mode=bibw" "$T/bad.err"
check "window= on SEND" grep -q "^$T/bad.in:7:32: SEND sends no window of messages" "$T/bad.err"
check "unknown win= and mode=" [ "$(grep -c "^$T/bad.in:8:.*unknown \(window kind 'shared'\|one-sided mode 'fast'\)" "$T/bad.err")" = 2 ]
check "an op MPI forbids on the type" grep -q "^$T/bad.in:9:.*MPI does not define SUM on CHAR" "$T/bad.err"

# a window too big for --max-memory
printf 'PUT DOUBLE 1 1048576 MUL 4 WORLD NOP 0 mode=bw window=64\n' > "$T/mem.in"
$MPIRUN -n 2 ./mpigauge --max-memory 64M -o "$T/mem" "$T/mem.in" > /dev/null 2> "$T/mem.err"
check "a window too big: exit 2" [ $? = 2 ]
check "a window too big: line and column of max" grep -q "^$T/mem.in:1:14: max 1048576 needs 1024.0 MiB of buffers per rank for PUT on 2 ranks, more than --max-memory 64.0 MiB" "$T/mem.err"

summary streaming
