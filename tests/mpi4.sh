#!/usr/bin/env bash
# mpi4.sh: partitioned point-to-point (PSEND, PBW, PMSGRATE, partitions=,
# complete=, and complete=parrived's early-bird lead, early_lead_us),
# receives from anyone (recv=) and large counts (MPI 4's _c functions):
# --check passes and finds the fault injector's flipped bit, the headers
# and run.json say what was measured, every new setting's error names
# file, line and column, and an MPI without MPI 4 (Open MPI 4.1) skips
# PSEND with its reason and keeps counts to int.
# Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/mpi4
scratch "$T"
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
# MPICH 4 has MPI 4.0's partitioned and _c functions, Open MPI 4.1 not
MPI4=1
$MPIRUN --version 2>&1 | grep -qE 'Open MPI|OpenRTE' && MPI4=0

cat > "$T/p.in" <<'IN'
PSEND    DOUBLE 64 65536 MUL 4 WORLD NOP 0 partitions=64
PSEND    INT    1  4096  MUL 2 WORLD NOP 0
PSEND    CHAR   8  8192  MUL 4 WORLD NOP 0 partitions=8 complete=parrived
SEND     DOUBLE 1  4096  MUL 16 WORLD NOP 0 recv=any_source
ISEND    INT    1  1024  MUL 32 WORLD NOP 0 recv=any_tag
RSEND    INT    1  1024  MUL 32 WORLD NOP 0 recv=any
SENDRECV INT    1  1024  MUL 32 WORLD NOP 0 recv=any
BW       DOUBLE 1  4096  MUL 16 WORLD NOP 0 window=8 recv=any
MSGRATE  CHAR   1  64    MUL 8  WORLD NOP 0 window=16 recv=any
SEND_INIT INT   0  2048  MUL 8  WORLD NOP 0 recv=any
IN
for n in 2 4; do
    $MPIRUN -n $n ./mpigauge --check --iters 4 --warmup 1 --quiet -o "$T/p$n" "$T/p.in" > /dev/null 2> "$T/p$n.err"
    check "$n ranks: exit 0" [ $? = 0 ]
    check "$n ranks: the receives from anyone all done and checked" [ "$(jq -c '[.records[] | select(.line > 3) | [.status, .check]] | unique' "$T/p$n/run.json")" = '[["done","passed"]]' ]
    if [ $MPI4 = 1 ]; then
        check "$n ranks: PSEND done and checked, partitions 64, 1, 8" [ "$(jq -c '[.records[] | select(.call == "PSEND") | [.status, .check, .partitions.count, .partitions.complete]]' "$T/p$n/run.json")" = '[["done","passed",64,"wait"],["done","passed",1,"wait"],["done","passed",8,"parrived"]]' ]
    else
        check "$n ranks: PSEND skipped with the reason" [ "$(jq -c '[.records[] | select(.call == "PSEND") | [.status, (.skipped | test("no partitioned communication"))]] | unique' "$T/p$n/run.json")" = '[["skipped",true]]' ]
    fi
done
check "run.json: recv as written" [ "$(jq -c '[.records[] | select(.line > 3) | .recv]' "$T/p2/run.json")" = '["any_source","any_tag","any","any","any","any","any"]' ]
check "run.json: no recv on PSEND" [ "$(jq -c '[.records[] | select(.call == "PSEND") | has("recv")] | unique' "$T/p2/run.json")" = '[false]' ]
check "header: the receives" grep -q "^# receives: every data receive names MPI_ANY_SOURCE and the data tag (recv=any_source)" "$T/p2/04-send-double-world-nop.dat"
check "header: a receives line only where recv= widens them" [ "$(grep -l '^# receives' "$T"/p2/*.dat | wc -l)" = 7 ]
if [ $MPI4 = 1 ]; then
    check "header: the partitions" grep -q "^# partitions: 8 equal partitions a message (partitions=), the receiver completing by polling MPI_Parrived" "$T/p2/03-psend-char-world-nop.dat"
    check "PSEND: every pair of 4 ranks: 6" grep -q "PSEND 65536 x DOUBLE (524288 bytes): one-way .* mean over 6 pairs" "$T/p4/report.txt"
    check "PSEND: sizes as asked (64 .. 65536 by 4: 6)" [ "$(grep -cv '^#' "$T/p2/01-psend-double-world-nop.dat")" = 6 ]
fi

# the fault injector flips the last element every receive delivers: the
# partitioned receive and the receives from anyone are all checked
MPIGAUGE_CORRUPT=1 LD_PRELOAD="$PWD/tests/corrupt.so" $MPIRUN -n 2 ./mpigauge --check \
    --iters 1 --warmup 0 --quiet -o "$T/corrupt" "$T/p.in" > /dev/null 2> "$T/corrupt.err"
check "flipped bits: exit 1" [ $? = 1 ]
check "flipped bits: every record run failed its check" [ "$(jq -c '[.records[] | select(.status == "done") | .check] | unique' "$T/corrupt/run.json")" = '["failed"]' ]
check "flipped bits: the receives from anyone were run" [ "$(jq '[.records[] | select(.status == "done")] | length' "$T/corrupt/run.json")" -ge 7 ]
[ $MPI4 = 1 ] && check "flipped bits: PSEND's last partition's last element (65536 DOUBLE: 65535)" \
    grep -q "PSEND DOUBLE 64 65536 .*65536 elements, rank [01], element 65535: " "$T/corrupt.err"

# PBW and PMSGRATE: a window of partitioned messages, on 2 and 3 ranks
cat > "$T/pw.in" <<'IN'
PBW      INT    8 4096 MUL 8 WORLD NOP 0 partitions=8 window=4
PMSGRATE DOUBLE 8 512  MUL 4 WORLD NOP 0 partitions=4 window=8 complete=parrived
PBW      CHAR   1 64   MUL 4 WORLD NOP 0
PSEND    INT    8 4096 MUL 8 WORLD NOP 0 partitions=8 rpartitions=2
PBW      DOUBLE 8 1024 MUL 8 WORLD NOP 0 partitions=2 rpartitions=8 window=4 complete=parrived
PSEND    INT    8 4096 MUL 8 WORLD NOP 0 partitions=8 threads=2
PBW      INT    8 4096 MUL 8 WORLD NOP 0 partitions=8 threads=3 window=4
IN
for n in 2 3; do
    $MPIRUN -n $n ./mpigauge --check --iters 4 --warmup 1 --quiet -o "$T/pw$n" "$T/pw.in" > /dev/null 2> "$T/pw$n.err"
    check "PBW, PMSGRATE on $n ranks: exit 0" [ $? = 0 ]
    if [ $MPI4 = 1 ]; then
        check "PBW, PMSGRATE on $n ranks: done and checked, partitions 8, 4, 1, 8:2, 2:8, 8 by 2 and 3 threads" [ "$(jq -c '[.records[] | [.status, .check, .partitions.count, .partitions.receiver_count, .partitions.threads, .partitions.complete]]' "$T/pw$n/run.json")" = '[["done","passed",8,8,1,"wait"],["done","passed",4,4,1,"parrived"],["done","passed",1,1,1,"wait"],["done","passed",8,2,1,"wait"],["done","passed",2,8,1,"parrived"],["done","passed",8,8,2,"wait"],["done","passed",8,8,3,"wait"]]' ]
        check "threads= on partitioned calls, $n ranks: still a sample a pair, no per-thread object" [ "$(jq -c '[.records[5,6] | [([.points[].samples] | unique), .threads]]' "$T/pw$n/run.json")" = "[[[$((n * (n - 1) / 2))],null],[[$((n * (n - 1) / 2))],null]]" ]
        check "PBW, PMSGRATE on $n ranks: a sample a pair ($((n * (n - 1) / 2)))" [ "$(jq -c '[.records[].points[].samples] | unique' "$T/pw$n/run.json")" = "[$((n * (n - 1) / 2))]" ]
    else
        check "PBW, PMSGRATE on $n ranks: skipped with the reason" [ "$(jq -c '[.records[] | [.status, (.skipped | test("no partitioned communication"))]] | unique' "$T/pw$n/run.json")" = '[["skipped",true]]' ]
    fi
done
if [ $MPI4 = 1 ]; then
    check "PBW: no msg_rate column, an mbps one" [ "$(colno "$T/pw2/01-pbw-int-world-nop.dat" msg_rate)/$(colno "$T/pw2/01-pbw-int-world-nop.dat" mbps | grep -c .)" = /1 ]
    check "PBW: the header says the partitions" grep -q "^# partitions: 8 equal partitions a message" "$T/pw2/01-pbw-int-world-nop.dat"
    check "PSEND threads=2: the header says who marks partitions ready" grep -q "^# partitions: 8 equal partitions a message (partitions=), marked ready by 2 threads (threads=; thread t the partitions p with p mod 2 = t)" "$T/pw2/06-psend-int-world-nop.dat"
    MPIGAUGE_TEST_THREAD_SINGLE=1 $MPIRUN -n 2 ./mpigauge --iters 2 --warmup 0 --quiet -o "$T/pwsingle" "$T/pw.in" > /dev/null 2>&1
    check "threads= on partitioned calls under MPI_THREAD_SINGLE: skipped with the reason, the others run" [ "$(jq -c '[.records[] | .skipped // "ran"] | [.[4], .[5], .[6]]' "$T/pwsingle/run.json")" = '["ran","threads=2 needs MPI_THREAD_MULTIPLE; the library granted MPI_THREAD_SINGLE","threads=3 needs MPI_THREAD_MULTIPLE; the library granted MPI_THREAD_SINGLE"]' ]
    check "PSEND rpartitions=2: the header says the receiver's" grep -q "^# partitions: 8 equal partitions a message (partitions=), received as 2 (rpartitions=)" "$T/pw2/04-psend-int-world-nop.dat"
    MPIGAUGE_CORRUPT=1 LD_PRELOAD="$PWD/tests/corrupt.so" $MPIRUN -n 2 ./mpigauge --check \
        --iters 1 --warmup 0 --quiet -o "$T/pwbad" "$T/pw.in" > /dev/null 2> "$T/pwbad.err"
    check "PBW, PMSGRATE: a flipped bit fails every record's check" [ "$(jq -c '[.records[].check] | unique' "$T/pwbad/run.json")" = '["failed"]' ]
fi
# the early bird (complete=parrived): each receiving side times, on its own
# clock, a message's first partition seen arrived to its last
# (early_lead_us); complete=wait has no such column, one partition a
# message leads by exactly 0, and every value is finite and >= 0
cat > "$T/e.in" <<'IN'
PSEND CHAR 8 4096 MUL 8 WORLD NOP 0 partitions=8 complete=parrived
PSEND CHAR 8 4096 MUL 8 WORLD NOP 0 partitions=8
PBW   INT  8 1024 MUL 8 WORLD NOP 0 partitions=8 window=4 complete=parrived
PBW   INT  8 1024 MUL 8 WORLD NOP 0 partitions=8 window=4
PSEND INT  1 64   MUL 8 WORLD NOP 0 complete=parrived
PSEND INT  8 512  MUL 8 WORLD NOP 0 partitions=8 threads=2 complete=parrived
PMSGRATE DOUBLE 8 64 MUL 8 WORLD NOP 0 partitions=4 rpartitions=8 window=8 complete=parrived
IN
for n in 2 3; do
    $MPIRUN -n $n ./mpigauge --check --iters 8 --warmup 1 --quiet -o "$T/e$n" "$T/e.in" > /dev/null 2> "$T/e$n.err"
    check "early bird on $n ranks: exit 0" [ $? = 0 ]
    if [ $MPI4 = 0 ]; then
        check "early bird on $n ranks: skipped with the reason, no lead" [ "$(jq -c '[.records[] | [.status, (.skipped | test("no partitioned communication")), ([.points[] | has("early_lead_us")] | any)]] | unique' "$T/e$n/run.json")" = '[["skipped",true,false]]' ]
        continue
    fi
    check "early bird on $n ranks: every record done and checked" [ "$(jq -c '[.records[] | [.status, .check]] | unique' "$T/e$n/run.json")" = '[["done","passed"]]' ]
    check "early bird on $n ranks: early_lead_us at every point of the parrived records, at none of the wait ones" [ "$(jq -c '[.records[] | [.partitions.complete, ([.points[] | has("early_lead_us")] | unique)]]' "$T/e$n/run.json")" = '[["parrived",[true]],["wait",[false]],["parrived",[true]],["wait",[false]],["parrived",[true]],["parrived",[true]],["parrived",[true]]]' ]
    check "early bird on $n ranks: run.json's leads are numbers >= 0 (none null)" jq -e "$EVERY"'every(.records[].points[] | select(has("early_lead_us")); .early_lead_us | type == "number" and . >= 0)' "$T/e$n/run.json" > /dev/null
    check "early bird on $n ranks: one partition a message leads by 0" [ "$(jq -c "$AT"'[at(5).points[].early_lead_us] | unique' "$T/e$n/run.json")" = '[0]' ]
    for f in 01-psend-char 03-pbw-int 05-psend-int 06-psend-int 07-pmsgrate-double; do
        check "early bird on $n ranks: $f's early_lead_us finite and >= 0 at every size" rows "$T/e$n/$f-world-nop.dat" 'v1 ~ /^[0-9]+\.[0-9][0-9][0-9][0-9]$/' early_lead_us
    done
    for f in 02-psend-char 04-pbw-int; do
        check "early bird on $n ranks: complete=wait, $f has no early_lead_us column nor its header line" [ "$(colno "$T/e$n/$f-world-nop.dat" early_lead_us)$(grep -c '^# early_lead_us' "$T/e$n/$f-world-nop.dat")" = 0 ]
    done
    check "early bird on $n ranks: the data file's leads are run.json's" [ "$(column "$T/e$n/03-pbw-int-world-nop.dat" early_lead_us | tr '\n' ' ')" = "$(jq -r "$AT"'at(3).points[].early_lead_us' "$T/e$n/run.json" | awk '{ printf "%.4f ", $1 }')" ]
    check "early bird on $n ranks: report.txt's Early bird sentence for the 5 parrived records (PSEND both partners, PBW the responder)" [ "$(grep -c '^  Early bird: each partner polls MPI_Parrived' "$T/e$n/report.txt")/$(grep -c '^  Early bird: the responder polls MPI_Parrived' "$T/e$n/report.txt")" = 3/2 ]
    check "early bird on $n ranks: report.txt gives a lead for every parrived size ($(jq '[.records[].points[] | select(has("early_lead_us"))] | length' "$T/e$n/run.json"))" [ "$(grep -c 'early-bird lead [0-9.]* us' "$T/e$n/report.txt")" = "$(jq '[.records[].points[] | select(has("early_lead_us"))] | length' "$T/e$n/run.json")" ]
    check "early bird on $n ranks: the header says what the partitions line and the column mean" [ "$(grep -c '^# partitions: .*complete=parrived; early_lead_us' "$T/e$n/01-psend-char-world-nop.dat")$(grep -c '^# early_lead_us: the early bird (complete=parrived)' "$T/e$n/01-psend-char-world-nop.dat")" = 11 ]
    if python3 -c 'import jsonschema' 2> /dev/null; then
        check "early bird on $n ranks: run.json validates against the schema" python3 tests/validate_runs.py schema/run.schema.json "$T/e$n/run.json" > /dev/null
    else
        skip 1 "python3-jsonschema missing"
    fi
done
printf 'PBW INT 8 64 MUL 2 WORLD NOP 0 partitions=2 rpartitions=3\nSEND INT 1 8 MUL 2 WORLD NOP 0 rpartitions=2\n' > "$T/rbad.in"
$MPIRUN -n 1 ./mpigauge --validate "$T/rbad.in" > /dev/null 2> "$T/rbad.err"
check "rpartitions=: exit 2" [ $? = 2 ]
check "rpartitions=3 on 8 elements: named at min" grep -q "^$T/rbad.in:1:9: PBW splits each message into 3 equal partitions (rpartitions=), but this range measures 8 elements" "$T/rbad.err"
check "rpartitions= on SEND: refused" grep -q "^$T/rbad.in:2:32: SEND is not partitioned; rpartitions= applies to PSEND, PBW and PMSGRATE" "$T/rbad.err"
check "PBW and PMSGRATE in --list" [ "$(./mpigauge --list | grep -cE '^ *(PBW|PMSGRATE) +point-to-point +partitioned ')" = 2 ]

# large counts: 2^31 CHAR, accepted for the calls with _c functions where
# the MPI has them (the run itself takes minutes here: --validate)
printf 'SEND CHAR 2147483648 2147483648 MUL 2 WORLD NOP 0 iters=1 warmup=0\nBW CHAR 2147483648 2147483648 MUL 2 WORLD NOP 0 window=1\n' > "$T/big.in"
$MPIRUN -n 2 ./mpigauge --validate "$T/big.in" > "$T/big.out" 2> "$T/big.err"
rc=$?
if [ $MPI4 = 1 ]; then
    check "2^31 CHAR: SEND and BW validate (exit 0)" [ $rc = 0 ]
    check "2^31 CHAR: the plan names the size" [ "$(grep -c '1 size: 2147483648 elements' "$T/big.out")" = 2 ]
else
    check "2^31 CHAR without _c functions: exit 2 at max" [ "$rc/$(grep -c 'big.in:[12]:[0-9]*: min 2147483648 is too large (at most 2147483647)' "$T/big.err")" = 2/2 ]
fi
printf 'BSEND CHAR 1 2147483648 MUL 2 WORLD NOP 0\n' > "$T/bigbad.in"
$MPIRUN -n 1 ./mpigauge --validate "$T/bigbad.in" > /dev/null 2> "$T/bigbad.err"
check "BSEND keeps the int limit: exit 2, file:line:column" [ "$?/$(grep -c "^$T/bigbad.in:1:14: max 2147483648 is too large (at most 2147483647)" "$T/bigbad.err")" = 2/1 ]

# every new setting's errors, one run: exit 2, file:line:column, no folder
cat > "$T/bad.in" <<'IN'
BCAST INT 1 8 MUL 2 WORLD NOP 0 recv=any
SEND INT 1 8 MUL 2 WORLD NOP 0 recv=anyone
PSEND INT 4 8 MUL 2 WORLD NOP 0 recv=any
SEND INT 1 8 MUL 2 WORLD NOP 0 partitions=4
PSEND INT 4 8 MUL 2 WORLD NOP 0 partitions=0
PSEND INT 4 8 MUL 2 WORLD NOP 0 complete=poll
PSEND INT 4 64 ADD 6 WORLD NOP 0 partitions=4
SEND INT 1 8 MUL 2 WORLD NOP 0 complete=wait
IN
$MPIRUN -n 2 ./mpigauge -o "$T/bad" "$T/bad.in" > /dev/null 2> "$T/bad.err"
check "bad settings: exit 2" [ $? = 2 ]
check "bad settings: no result folder" [ ! -e "$T/bad" ]
for want in "1:33: BCAST's receives are not the point-to-point kind" \
            "2:37: unknown receive matching 'anyone'; accepted: named any_source any_tag any" \
            "3:33: PSEND cannot receive from anyone" \
            "4:32: SEND is not partitioned; partitions= applies to PSEND, PBW and PMSGRATE" \
            "5:44: partitions must be at least 1" \
            "6:42: unknown completion 'poll'; accepted: wait parrived" \
            "7:11: PSEND splits each message into 4 equal partitions (partitions=), but this range measures 10 elements" \
            "8:32: SEND is not partitioned; complete= applies to PSEND"; do
    check "bad settings: $want" grep -qF "$T/bad.in:$want" "$T/bad.err"
done
summary mpi4
