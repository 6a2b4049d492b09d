#!/usr/bin/env bash
# largecount.sh: collectives past 2^31-1 elements (issue 56 item 3).  The
# calls of one count (BCAST ... EXSCAN, REDUCE_LOCAL, their non-blocking
# and persistent forms) take MPI 4's _c functions past int, as the
# point-to-point calls do.  A run of 2^31 elements takes minutes and GiBs
# (docs/reference.md, "Large counts", has the one run by hand), so the
# suite proves the path with small counts: MPIGAUGE_TEST_LARGE_FROM=1
# makes every large call take its _c function from 1 element, and
# tests/callnames.so (a PMPI interposer) logs which _c functions each rank
# called; --check passes on every record there.  --validate plans 2^31+8
# and refuses what the memory bound cannot hold; the int-only calls keep
# their limit.  Under an MPI without MPI 4 (Open MPI 4.1) the _c runs are
# skipped naming the missing function, and the parser names it too.
# Prints "N passed, N failed, N skipped".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/largecount
scratch "$T"
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
MPI4=1
$MPIRUN --version 2>&1 | grep -qE 'Open MPI|OpenRTE' && MPI4=0

# every large collective, one record each (INT where MPICH 4.0 reduces
# CHAR only as an extension, CHAR on two of them)
cat > "$T/all.in" <<'IN'
BCAST CHAR 1 64 MUL 8 WORLD NOP 0
GATHER INT 1 64 MUL 8 WORLD NOP 0
SCATTER INT 1 64 MUL 8 WORLD NOP 0
ALLGATHER INT 1 64 MUL 8 WORLD NOP 0
ALLTOALL INT 1 64 MUL 8 WORLD NOP 0
REDUCE INT 1 64 MUL 8 WORLD SUM 0
ALLREDUCE CHAR 1 64 MUL 8 WORLD SUM 0
REDUCE_SCATTER_BLOCK INT 1 64 MUL 8 WORLD SUM 0
SCAN INT 1 64 MUL 8 WORLD SUM 0
EXSCAN INT 1 64 MUL 8 WORLD SUM 0
REDUCE_LOCAL INT 1 64 MUL 8 WORLD SUM 0
IBCAST CHAR 1 64 MUL 8 WORLD NOP 0
IGATHER INT 1 64 MUL 8 WORLD NOP 0
ISCATTER INT 1 64 MUL 8 WORLD NOP 0
IALLGATHER INT 1 64 MUL 8 WORLD NOP 0
IALLTOALL INT 1 64 MUL 8 WORLD NOP 0
IREDUCE INT 1 64 MUL 8 WORLD SUM 0
IALLREDUCE INT 1 64 MUL 8 WORLD SUM 0
IREDUCE_SCATTER_BLOCK INT 1 64 MUL 8 WORLD SUM 0
ISCAN INT 1 64 MUL 8 WORLD SUM 0
IEXSCAN INT 1 64 MUL 8 WORLD SUM 0
BCAST_INIT CHAR 1 64 MUL 8 WORLD NOP 0
ALLTOALL_INIT INT 1 64 MUL 8 WORLD NOP 0
REDUCE_INIT INT 1 64 MUL 8 WORLD SUM 0
ALLREDUCE_INIT INT 1 64 MUL 8 WORLD SUM 0
REDUCE_SCATTER_BLOCK_INIT INT 1 64 MUL 8 WORLD SUM 0
SCAN_INIT INT 1 64 MUL 8 WORLD SUM 0
EXSCAN_INIT INT 1 64 MUL 8 WORLD SUM 0
ALLREDUCE INT 1 64 MUL 8 WORLD SUM 0 inplace=1
ALLTOALL INT 1 64 MUL 8 WORLD NOP 0 inplace=1
SEND INT 1 64 MUL 8 WORLD NOP 0
IN
# the _c function each record's call needs (the last two: the in-place
# forms share their call's; SEND's ping-pong sends and receives)
want="MPI_Allgather_c MPI_Allreduce_c MPI_Allreduce_init_c MPI_Alltoall_c MPI_Alltoall_init_c MPI_Bcast_c MPI_Bcast_init_c MPI_Exscan_c MPI_Exscan_init_c MPI_Gather_c MPI_Iallgather_c MPI_Iallreduce_c MPI_Ialltoall_c MPI_Ibcast_c MPI_Iexscan_c MPI_Igather_c MPI_Ireduce_c MPI_Ireduce_scatter_block_c MPI_Iscan_c MPI_Iscatter_c MPI_Recv_c MPI_Reduce_c MPI_Reduce_init_c MPI_Reduce_local_c MPI_Reduce_scatter_block_c MPI_Reduce_scatter_block_init_c MPI_Scan_c MPI_Scan_init_c MPI_Scatter_c MPI_Send_c"
called() { awk -v r="$2" '$1 == r { print $2 }' "$1" | sort -u | tr '\n' ' ' | sed 's/ $//'; }

if [ $MPI4 = 1 ]; then
    for n in 2 3; do
        MPIGAUGE_TEST_LARGE_FROM=1 MPIGAUGE_CALL_LOG="$PWD/$T/c$n.log" LD_PRELOAD="$PWD/tests/callnames.so" \
            $MPIRUN -n $n ./mpigauge --check --iters 4 --warmup 1 --quiet -o "$T/c$n" "$T/all.in" > /dev/null 2> "$T/c$n.err"
        check_launch "_c from 1 element, $n ranks: exit 0" $? "$T/c$n.err"
        check "_c from 1 element, $n ranks: all 31 records done and checked" [ "$(jq -c '[.records[] | [.status, .check]] | unique' "$T/c$n/run.json")/$(jq '.records | length' "$T/c$n/run.json")" = '[["done","passed"]]/31' ]
        for r in 0 $((n - 1)); do
            check "_c from 1 element, $n ranks: rank $r called every record's _c function" [ "$(called "$T/c$n.log" $r)" = "$want" ]
        done
    done
    # the fault injector's MPI_Allreduce_c and MPI_Bcast_c flip the last
    # element they deliver: --check finds it through the _c path
    printf 'ALLREDUCE CHAR 1 64 MUL 8 WORLD SUM 0\nBCAST INT 1 64 MUL 8 WORLD NOP 0\nIALLREDUCE INT 1 64 MUL 8 WORLD SUM 0\n' > "$T/bad.in"
    MPIGAUGE_TEST_LARGE_FROM=1 MPIGAUGE_CORRUPT=1 LD_PRELOAD="$PWD/tests/corrupt.so" \
        $MPIRUN -n 2 ./mpigauge --check --iters 1 --warmup 0 --quiet -o "$T/bad" "$T/bad.in" > /dev/null 2> "$T/bad.err"
    check "_c from 1 element, flipped bits: exit 1, ALLREDUCE and BCAST failed; IALLREDUCE passed (the injector flips MPI_Iallreduce's, not MPI_Iallreduce_c's: the int call was not made)" [ "$?/$(jq -c '[.records[].check]' "$T/bad/run.json")" = '1/["failed","failed","passed"]' ]
    check "_c from 1 element, flipped bits: the last element named (64 CHAR: 63)" grep -q "ALLREDUCE CHAR 1 64 .*64 elements, rank [01], element 63: " "$T/bad.err"
    # the same run at the default threshold (2^31): not one _c call
    MPIGAUGE_CALL_LOG="$PWD/$T/int.log" LD_PRELOAD="$PWD/tests/callnames.so" \
        $MPIRUN -n 2 ./mpigauge --check --iters 4 --warmup 1 --quiet -o "$T/int" "$T/all.in" > /dev/null 2> "$T/int.err"
    check_launch "int counts: exit 0" $? "$T/int.err"
    check "int counts: all 31 records done and checked" [ "$(jq -c '[.records[] | [.status, .check]] | unique' "$T/int/run.json")" = '[["done","passed"]]' ]
    check "int counts: no _c function called below 2^31" [ ! -s "$T/int.log" ]
    # the results are the same records either way: same sizes, same samples
    check "int and _c runs: the same points" [ "$(jq -c '[.records[].points[] | [.bytes, .samples]]' "$T/int/run.json")" = "$(jq -c '[.records[].points[] | [.bytes, .samples]]' "$T/c2/run.json")" ]
else
    skip 11 "this MPI has no MPI_Allreduce_c nor any other _c function (MPI 4.0's large counts)"
fi

# a bad threshold is an error, exit 2, before anything runs
MPIGAUGE_TEST_LARGE_FROM=lots $MPIRUN -n 2 ./mpigauge -o "$T/badfrom" "$T/all.in" > /dev/null 2> "$T/badfrom.err"
check "MPIGAUGE_TEST_LARGE_FROM=lots: exit 2, said once, no folder" [ "$?/$(grep -c "MPIGAUGE_TEST_LARGE_FROM: 'lots' is not a count from 0 to 2147483648" "$T/badfrom.err")/$([ -e "$T/badfrom" ] && echo folder)" = 2/1/ ]

# --validate plans 2^31 + 8 CHAR on every large collective (by hand:
# docs/reference.md); the buffers per rank are said
cat > "$T/big.in" <<'IN'
ALLREDUCE CHAR 2147483656 2147483656 MUL 2 WORLD SUM 0 iters=1 warmup=0
BCAST CHAR 2147483656 2147483656 MUL 2 WORLD NOP 0
IALLREDUCE CHAR 2147483656 2147483656 MUL 2 WORLD SUM 0
ALLREDUCE_INIT CHAR 2147483656 2147483656 MUL 2 WORLD SUM 0
REDUCE_LOCAL CHAR 2147483656 2147483656 MUL 2 WORLD SUM 0
IN
$MPIRUN -n 2 ./mpigauge --validate "$T/big.in" > "$T/big.out" 2> "$T/big.err"
rc=$?
if [ $MPI4 = 1 ]; then
    check "2^31+8 CHAR: --validate plans the 5 records (exit 0)" [ "$rc/$(grep -c '1 size: 2147483656 elements' "$T/big.out")" = 0/5 ]
    check "2^31+8 CHAR: ALLREDUCE's buffers, 2 x 2^31+8 bytes a rank" grep -q "largest buffers of one rank: 4096.0 MiB" "$T/big.out"
else
    check "2^31+8 CHAR without MPI 4: exit 2, each line naming its missing _c function" [ "$rc/$(grep -c "big.in:1:16: min 2147483656 is too large (at most 2147483647): this MPI has no MPI_Allreduce_c" "$T/big.err")/$(grep -c "big.in:3:17: min 2147483656 is too large (at most 2147483647): this MPI has no MPI_Iallreduce_c" "$T/big.err")/$(grep -c "big.in:4:21: .*this MPI has no MPI_Allreduce_init_c" "$T/big.err")" = 2/1/1/1 ]
fi

# the memory bound: 2^40 CHAR does not fit, at max, exit 2, no folder
printf 'ALLREDUCE CHAR 1 1099511627776 MUL 2 WORLD SUM 0\nALLGATHER CHAR 1099511627776 1099511627776 MUL 2 WORLD NOP 0\n' > "$T/huge.in"
$MPIRUN -n 2 ./mpigauge -o "$T/huge" "$T/huge.in" > /dev/null 2> "$T/huge.err"
rc=$?
if [ $MPI4 = 1 ]; then
    check "2^40 CHAR: exit 2, no folder" [ "$rc/$([ -e "$T/huge" ] && echo folder)" = 2/ ]
    check "2^40 CHAR: ALLREDUCE refused at max for its buffers" grep -q "huge.in:1:18: max 1099511627776 needs 2097152.0 MiB of buffers per rank for ALLREDUCE on 2 ranks, more than" "$T/huge.err"
    check "2^40 CHAR: ALLGATHER refused (p x n receive buffer)" grep -q "huge.in:2:.*max 1099511627776 needs 3145728.0 MiB of buffers per rank for ALLGATHER on 2 ranks" "$T/huge.err"
    printf 'ALLREDUCE CHAR 1 1099511627777 MUL 2 WORLD SUM 0\n' > "$T/past.in"
    $MPIRUN -n 1 ./mpigauge --validate "$T/past.in" > /dev/null 2> "$T/past.err"
    check "2^40+1: past the large-count bound, exit 2 at max" [ "$?/$(grep -c "past.in:1:18: max 1099511627777 is too large (at most 1099511627776)" "$T/past.err")" = 2/1 ]
else
    check "2^40 CHAR without MPI 4: exit 2 naming MPI_Allreduce_c and MPI_Allgather_c" [ "$rc/$(grep -c 'this MPI has no MPI_Allreduce_c' "$T/huge.err")/$(grep -c 'this MPI has no MPI_Allgather_c' "$T/huge.err")" = 2/1/2 ]
    skip 3 "this MPI has no _c functions: the memory bound past int is not reached"
fi

# the calls that keep int counts: the v-forms (int arrays), REDUCE_SCATTER,
# ALLTOALLW, compose=1's mock-ups
cat > "$T/int.in" <<'IN'
ALLGATHERV CHAR 1 2147483656 MUL 2 WORLD NOP 0
REDUCE_SCATTER CHAR 1 2147483656 MUL 2 WORLD SUM 0
IALLTOALLW CHAR 1 2147483656 MUL 2 WORLD NOP 0
ALLREDUCE CHAR 1 2147483656 MUL 2 WORLD SUM 0 compose=1
IN
$MPIRUN -n 2 ./mpigauge --validate "$T/int.in" > /dev/null 2> "$T/int.err"
check "int-only calls: exit 2" [ $? = 2 ]
check "int-only calls: the v-form, REDUCE_SCATTER and IALLTOALLW held to int at max" [ "$(grep -cE "int.in:[123]:[0-9]+: max 2147483656 is too large \(at most 2147483647\)$" "$T/int.err")" = 3 ]
if [ $MPI4 = 1 ]; then
    check "compose=1 past int: refused at max, naming the mock-ups" grep -q "int.in:4:[0-9]*: max 2147483656 is past compose=1's limit 2147483647: ALLREDUCE's mock-ups take int counts" "$T/int.err"
else
    check "compose=1 past int without MPI 4: MPI_Allreduce_c named" grep -q "int.in:4:[0-9]*: max 2147483656 is too large (at most 2147483647): this MPI has no MPI_Allreduce_c" "$T/int.err"
fi
summary largecount
