#!/usr/bin/env bash
# devices.sh: buffers in GPU memory (mem=, rmem=, staged=, --mem) on 2
# and 3 ranks, without a GPU: tests/fakegpu.so is a CUDA runtime backed by
# host memory whose "device" pages the CPU cannot touch (PROT_NONE outside
# its own copies), given as MPIGAUGE_GPU_RUNTIME.  Checks: no runtime, or
# no device, skips every mem=device record with the reason and the run
# goes on; an MPI that is not GPU-aware (MPICH and Open MPI here) skips
# mem=device without staged=1 and runs staged=1 through host copies, with
# --check passing through the GPU buffers, the copies made inside the
# timed loops, the fault injector's flipped bit found; a GPU-aware MPI
# (MPIGAUGE_TEST_GPU_AWARE=1, the pages opened) gets the device pointers
# themselves; the runtime and device in the header and run.json; bad
# settings refused with file, line and column; and the conformance loop:
# every call --list marks [mem=] with host, staged, managed and device
# buffers on 2 and 3 ranks, --check passing, a flipped bit found.
# Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/devices
scratch "$T"
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
FAKE="$PWD/tests/fakegpu.so"

cat > "$T/dev.in" <<'IN'
SEND                 DOUBLE 1 4096 MUL 64 WORLD NOP 0 mem=device staged=1
ISEND                INT    1 1024 MUL 32 WORLD NOP 0 mem=device staged=1
SSEND                DOUBLE 1 64   MUL 8  WORLD NOP 0 mem=device rmem=host staged=1
ISSEND               DOUBLE 1 64   MUL 8  WORLD NOP 0 mem=host rmem=device staged=1
SEND                 VECTOR:4:1:2:DOUBLE 1 64 MUL 8 WORLD NOP 0 mem=device staged=1
BCAST                DOUBLE 1 4096 MUL 64 WORLD NOP 0 mem=device staged=1
GATHER               INT    1 256  MUL 16 WORLD NOP 0 mem=device staged=1
SCATTER              INT    1 256  MUL 16 WORLD NOP 0 mem=device staged=1 root=1
ALLGATHER            DOUBLE 1 256  MUL 16 WORLD NOP 0 mem=device staged=1
ALLTOALL             DOUBLE 1 256  MUL 16 WORLD NOP 0 mem=device staged=1
REDUCE               DOUBLE 1 256  MUL 16 WORLD SUM 0 mem=device staged=1 root=rotate
ALLREDUCE            DOUBLE 1 4096 MUL 64 WORLD SUM 0 mem=device staged=1
REDUCE_SCATTER_BLOCK INT    1 256  MUL 16 WORLD MAX 0 mem=device staged=1
ALLREDUCE            DOUBLE 1 256  MUL 16 WORLD SUM 0 mem=managed
SEND                 DOUBLE 1 64   MUL 8  WORLD NOP 0 mem=device
SEND                 DOUBLE 1 64   MUL 8  WORLD NOP 0
IN
run() { # name ranks [env...]: the input on n ranks, with --check
    local name=$1 n=$2
    shift 2
    env "$@" $MPIRUN -n "$n" ./mpigauge --check --iters 4 --warmup 1 --quiet \
        -o "$T/$name" "$T/dev.in" > /dev/null 2> "$T/$name.err"
}

# no runtime at all: every GPU record skipped with why, the host one runs
run none 2 MPIGAUGE_GPU_RUNTIME=/nonexistent/libcudart.so
check "no runtime: exit 0" [ $? = 0 ]
j="$T/none/run.json"
check "no runtime: lines 1-15 skipped, naming the runtime that did not open" \
    [ "$(jq "$AT$EVERY"'every(at_lines(1; 15)[]; .status == "skipped" and (.skipped | test("^mem=(device|managed): no GPU runtime \\(/nonexistent/libcudart.so")))' "$j")" = true ]
check "no runtime: the host record measured and checked" [ "$(jq -c "$AT"'at(16) | [.status, .check]' "$j")" = '["done","passed"]' ]
# a runtime without devices
run nodev 2 MPIGAUGE_GPU_RUNTIME="$FAKE" MPIGAUGE_FAKEGPU_DEVICES=0
check "no device: exit 0" [ $? = 0 ]
check "no device: skipped, saying no GPU was found" \
    [ "$(jq "$AT$EVERY"'every(at_lines(1; 15)[]; .skipped | test("found no GPU"))' "$T/nodev/run.json")" = true ]

# MPICH and Open MPI here are not GPU-aware: staged=1 runs, plain skips
for n in 2 3; do
    run "staged$n" "$n" MPIGAUGE_GPU_RUNTIME="$FAKE" MPIGAUGE_FAKEGPU_LOG="$T/copies$n"
    check "$n ranks: exit 0" [ $? = 0 ]
    j="$T/staged$n/run.json"
    check "$n ranks: the staged records (lines 1-13) and managed memory (14) measured and checked" \
        [ "$(jq -c "$AT"'[at_lines(1; 14)[] | [.status, .check]] | unique' "$j")" = '[["done","passed"]]' ]
    check "$n ranks: mem=device without staged=1 skipped: not GPU-aware, staged=1 named" \
        [ "$(jq -r "$AT"'at(15).skipped | test("^this MPI is not GPU-aware for CUDA \\(.*\\), and would be handed device pointers; staged=1")' "$j")" = true ]
    check "$n ranks: run.json's memory: device, staged, the runtime and device named" \
        [ "$(jq -c "$AT"'at(1).memory | [.kind, .responder_kind, .staged, .api, .mpi_gpu_aware, (.device | test("test runtime"))]' "$j")" = '["device","device",true,"CUDA",false,true]' ]
    check "$n ranks: a pair's sides (mem=device rmem=host)" \
        [ "$(jq -c "$AT"'at(3).memory | [.kind, .responder_kind]' "$j")" = '["device","host"]' ]
    check "$n ranks: host memory has no memory member" [ "$(jq "$AT"'at(16) | has("memory")' "$j")" = false ]
    # every rank copied at least 2 messages an iteration (4 timed and 1
    # warm-up of each of 5 sizes of line 1 alone): the copies are in the loops
    low=$(cat "$T/copies$n".* | awk '{ print $2 }' | sort -n | head -1)
    check "$n ranks: every rank's copies in the timed loops (fewest: $low)" [ "${low:-0}" -ge 50 ]
    check "$n ranks: a log a rank" [ "$(ls "$T/copies$n".* | wc -l)" = "$n" ]
done
check "header: the memory line names the runtime and the staging" \
    grep -q "^# memory: buffers in device memory (CUDA, $FAKE version 1, device 0: mpigauge test runtime.*staged through host memory inside the timing (staged=1)" "$T/staged2/01-send-double-world-nop.dat"
check "prose: the settings and the memory sentence" \
    grep -q "Buffers in device memory on the initiator, host memory on the responder, staged" "$T/staged2/report.txt"

# a flipped bit in what MPI delivered reaches the GPU buffer and is found
MPIGAUGE_CORRUPT=1 LD_PRELOAD="$PWD/tests/corrupt.so" MPIGAUGE_GPU_RUNTIME="$FAKE" \
    $MPIRUN -n 3 ./mpigauge --check --iters 1 --warmup 0 --quiet -o "$T/corrupt" "$T/dev.in" \
    > /dev/null 2> "$T/corrupt.err"
check "flipped bits: the staged records failed their check" \
    [ "$(jq -c "$AT"'[at_lines(1; 13)[].check] | unique' "$T/corrupt/run.json")" = '["failed"]' ]

# a GPU-aware MPI gets the device pointers (the test runtime opens its pages)
run aware 2 MPIGAUGE_GPU_RUNTIME="$FAKE" MPIGAUGE_TEST_GPU_AWARE=1 MPIGAUGE_FAKEGPU_OPEN=1
check "GPU-aware: exit 0" [ $? = 0 ]
j="$T/aware/run.json"
check "GPU-aware: every GPU record measured and checked, line 15 too" \
    [ "$(jq -c "$AT"'[at_lines(1; 15)[] | [.status, .check]] | unique' "$j")" = '[["done","passed"]]' ]
check "GPU-aware: said so, and how it was learnt" \
    [ "$(jq -c "$AT"'at(15).memory | [.mpi_gpu_aware, .mpi_gpu_aware_how, .staged]' "$j")" = '[true,"MPIGAUGE_TEST_GPU_AWARE=1 (tests only)",false]' ]
check "GPU-aware: the header says the pointers go to MPI" \
    grep -q "handed to MPI as they are (the library is GPU-aware)" "$T/aware/15-send-double-world-nop.dat"
# the guard the staged checks rely on: an MPI that touches a device page dies
printf 'SEND DOUBLE 64 64 MUL 2 WORLD NOP 0 mem=device iters=2\n' > "$T/touch.in"
MPIGAUGE_GPU_RUNTIME="$FAKE" MPIGAUGE_TEST_GPU_AWARE=1 timeout 120 $MPIRUN -n 2 ./mpigauge \
    --quiet -o "$T/touch" "$T/touch.in" > /dev/null 2>&1
rc=$?
check "the test runtime's device pages fault when MPI touches them (exit $rc)" [ "$rc" != 0 ] && [ "$rc" != 124 ]

# --mem: records that name none and take mem= get it; others stay host
cat > "$T/opt.in" <<'IN'
SEND      DOUBLE 1 64 MUL 8 WORLD NOP 0 staged=1
REDUCE_LOCAL DOUBLE 1 64 MUL 8 WORLD SUM 0
ALLREDUCE DOUBLE 1 64 MUL 8 WORLD SUM 0 mem=host
IN
MPIGAUGE_GPU_RUNTIME="$FAKE" $MPIRUN -n 2 ./mpigauge --mem device --check --iters 2 --warmup 0 \
    --quiet -o "$T/opt" "$T/opt.in" > /dev/null 2> "$T/opt.err"
check "--mem device: exit 0" [ $? = 0 ]
j="$T/opt/run.json"
check "--mem device: SEND staged in device memory, checked" \
    [ "$(jq -c "$AT"'at(1) | [.check, .memory.kind, .record_settings.mem]' "$j")" = '["passed","device","device"]' ]
check "--mem device: REDUCE_LOCAL (no device buffers) and mem=host stay in host memory" \
    [ "$(jq -c "$AT"'[at(2), at(3)] | map(has("memory"))' "$j")" = '[false,false]' ]
check "--mem device: run.json's options say it" [ "$(jq -r '.options.mem' "$j")" = device ]

# what is not built is skipped with the reason, not run half-right
cat > "$T/unbuilt.in" <<'IN'
SEND      DOUBLE 1 8 MUL 8 WORLD NOP 0 mem=device rmem=managed staged=1
ALLREDUCE DOUBLE 1 8 MUL 8 WORLD SUM 0 mem=device staged=1 compose=1
IN
MPIGAUGE_GPU_RUNTIME="$FAKE" $MPIRUN -n 2 ./mpigauge --iters 2 --warmup 0 --quiet \
    -o "$T/unbuilt" "$T/unbuilt.in" > /dev/null 2> "$T/unbuilt.err"
check "not built: exit 0" [ $? = 0 ]
check "not built: device and managed sides, compose=1 skipped, each with why" \
    [ "$(jq -c '[.records[].skipped | split(" ")[0:2] | join(" ")]' "$T/unbuilt/run.json")" = '["device memory","compose=1 with"]' ]

# inplace=1 with GPU buffers: MPI_IN_PLACE on the GPU receive buffer,
# staged (the whole buffers both ways), managed and direct, on 3 ranks
cat > "$T/inplace.in" <<'IN'
ALLREDUCE      DOUBLE 6 6 ADD 1 WORLD SUM 0 inplace=1 mem=device staged=1
IALLREDUCE     DOUBLE 6 6 ADD 1 WORLD SUM 0 inplace=1 mem=managed
ALLGATHERV     DOUBLE 6 6 ADD 1 WORLD NOP 0 inplace=1 mem=device staged=1
REDUCE_SCATTER INT    6 6 ADD 1 WORLD MAX 0 inplace=1 mem=device staged=1
GATHER         DOUBLE 6 6 ADD 1 WORLD NOP 0 inplace=1 mem=device staged=1 root=1
ISCATTERV      DOUBLE 6 6 ADD 1 WORLD NOP 0 inplace=1 mem=managed root=2
ALLTOALL_INIT  DOUBLE 6 6 ADD 1 WORLD NOP 0 inplace=1 mem=device staged=1
IN
MPIGAUGE_GPU_RUNTIME="$FAKE" $MPIRUN -n 3 ./mpigauge --check --iters 1 --warmup 0 --quiet \
    -o "$T/inplace" "$T/inplace.in" > /dev/null 2> "$T/inplace.err"
check "inplace=1, staged and managed, 3 ranks: every record done, its check passed" \
    [ "$(jq -c '[.records[] | [.status, .check]] | unique' "$T/inplace/run.json")" = '[["done","passed"]]' ]
sed 's/ mem=managed/ mem=device/; s/ staged=1//' "$T/inplace.in" > "$T/inplace-aware.in"
MPIGAUGE_GPU_RUNTIME="$FAKE" MPIGAUGE_TEST_GPU_AWARE=1 MPIGAUGE_FAKEGPU_OPEN=1 $MPIRUN -n 3 \
    ./mpigauge --check --iters 2 --warmup 1 --quiet -o "$T/inplace-aware" "$T/inplace-aware.in" \
    > /dev/null 2> "$T/inplace-aware.err"
check "inplace=1, device buffers to a GPU-aware MPI, 3 ranks: every record done, its check passed" \
    [ "$(jq -c '[.records[] | [.status, .check, .memory.kind]] | unique' "$T/inplace-aware/run.json")" = '[["done","passed","device"]]' ]

# The conformance loop: every call that --list marks [mem=], its record
# of tests/inputs/conformance.in (WORLD; the neighbourhood calls on
# BINARY-TREE) at 6 elements, with host, staged (mem=device staged=1),
# managed and device buffers (a GPU-aware MPI claimed, the test runtime's
# pages open), on 2 and 3 ranks: every record that the host one runs is
# done with its check passed through the GPU buffers, and a record the
# plan skips (a library defect) is skipped in host memory too.  A call
# given mem= is covered here with no edit.
./mpigauge --list | awk '/^Calls/ { f = 1; next } /^$/ { f = 0 } f && / \[mem=\]$/ { print $1 }' \
    > "$T/mem-calls"
nc=$(wc -l < "$T/mem-calls")
check "--list marks calls with [mem=] ($nc)" [ "$nc" -gt 0 ]
while read -r c; do
    awk -v c="$c" '$1 == c && $7 != "HOLLOW-CUBE" { print; exit }' tests/inputs/conformance.in
done < "$T/mem-calls" | sed -E '/^(FETCH_AND_OP|COMPARE_AND_SWAP) /!s/ 1 1 ADD 1 / 6 6 ADD 1 /' \
    > "$T/loop-base.in"   # the calls on one element keep it
check "every [mem=] call has a record in conformance.in ($(wc -l < "$T/loop-base.in") of $nc)" \
    [ "$(awk '{ print $1 }' "$T/loop-base.in" | sort | comm -3 - <(sort "$T/mem-calls") | wc -l)" = 0 ]
for m in host "device staged=1" managed; do
    sed "s/\$/ mem=$m/" "$T/loop-base.in"
done > "$T/loop.in"
sed 's/$/ mem=device/' "$T/loop-base.in" > "$T/loop-aware.in"
# loop_bad RUNJSON FIRST MODE HOSTJSON: the records FIRST .. FIRST + nc - 1
# against the host block's (lines 1 .. nc of HOSTJSON's loop.in): prints
# the calls that are neither done with their check passed where the host
# record was done, nor skipped for a reason of the library's where it was
# (MPI I/O is skipped unstaged with device memory, and one-sided staged,
# each with its reason: docs/devices.md)
loop_bad() {
    jq -r --argjson a "$2" --argjson n "$nc" --arg m "$3" --slurpfile h "$4" '
        [$h[0].records[] | select(.line <= $n) | {key: .call, value: .status}] | from_entries as $host
        | .records[] | select(.line >= $a and .line < $a + $n)
        | select((.status == "done" and .check == "passed" and $host[.call] == "done")
                 or (.status == "skipped" and $host[.call] == "skipped" and (.skipped | test("GPU|mem=|staged") | not))
                 or (.status == "skipped" and .family == "I/O" and $m == "device"
                     and (.skipped | startswith("MPI I/O takes device buffers only staged")))
                 or (.status == "skipped" and (.family | startswith("one-sided")) and $m == "staged"
                     and (.skipped | startswith("staged=1 on a one-sided call is not built"))) | not)
        | "\(.call):\(.status)/\(.check)"' "$1" 2> /dev/null | tr '\n' ' '
}
for n in 2 3; do
    MPIGAUGE_GPU_RUNTIME="$FAKE" $MPIRUN -n "$n" ./mpigauge --check --iters 1 --warmup 0 --quiet \
        -o "$T/loop$n" "$T/loop.in" > /dev/null 2> "$T/loop$n.err"
    check "loop, $n ranks: exit 0" [ $? = 0 ]
    j="$T/loop$n/run.json"
    check "loop, $n ranks: a record each, host, staged and managed" [ "$(jq '.records | length' "$j")" = $((3 * nc)) ]
    check "loop, $n ranks: host buffers measured (done: $(jq '[.records[] | select(.line <= '"$nc"' and .status == "done")] | length' "$j"))" \
        [ "$(jq '[.records[] | select(.line <= '"$nc"' and .status == "done" and .check == "passed")] | length' "$j")" -gt $((nc * 9 / 10)) ]
    for b in "staged $((nc + 1))" "managed $((2 * nc + 1))"; do
        set -- $b
        out=$(loop_bad "$j" "$2" "$1" "$j")
        check "loop, $n ranks, $1 buffers: as host memory, every check passed (failing: ${out:-none})" [ -z "$out" ]
    done
    MPIGAUGE_GPU_RUNTIME="$FAKE" MPIGAUGE_TEST_GPU_AWARE=1 MPIGAUGE_FAKEGPU_OPEN=1 $MPIRUN -n "$n" \
        ./mpigauge --check --iters 1 --warmup 0 --quiet -o "$T/aware$n" "$T/loop-aware.in" \
        > /dev/null 2> "$T/aware$n.err"
    check "loop, $n ranks, device buffers to a GPU-aware MPI: exit 0" [ $? = 0 ]
    out=$(loop_bad "$T/aware$n/run.json" 1 device "$j")
    check "loop, $n ranks, device buffers: as host memory, every check passed (failing: ${out:-none})" [ -z "$out" ]
    check "loop, $n ranks, device buffers: handed to MPI as they are" \
        [ "$(jq '[.records[] | select(.status == "done") | .memory | .kind == "device" and .staged == false] | all' "$T/aware$n/run.json")" = true ]
done
# a flipped bit in what MPI delivered is found in every call, staged and direct
sed 's/$/ mem=device staged=1/' "$T/loop-base.in" > "$T/loop-corrupt.in"
MPIGAUGE_CORRUPT=1 LD_PRELOAD="$PWD/tests/corrupt.so" MPIGAUGE_GPU_RUNTIME="$FAKE" \
    $MPIRUN -n 3 ./mpigauge --check --iters 1 --warmup 0 --quiet -o "$T/loop-corrupt" \
    "$T/loop-corrupt.in" > /dev/null 2> "$T/loop-corrupt.err"
out=$(jq -r '.records[] | select(.check != "failed" and .status == "done") | .call' "$T/loop-corrupt/run.json" | tr '\n' ' ')
check "loop, staged, flipped bits: every record's check failed (not: ${out:-none})" \
    [ -z "$out" ] && [ "$(jq '[.records[] | select(.check == "failed")] | length' "$T/loop-corrupt/run.json")" -gt 0 ]
sed 's/staged=1$//' "$T/loop-corrupt.in" > "$T/loop-corrupt-aware.in"
MPIGAUGE_CORRUPT=1 LD_PRELOAD="$PWD/tests/corrupt.so" MPIGAUGE_GPU_RUNTIME="$FAKE" \
    MPIGAUGE_TEST_GPU_AWARE=1 MPIGAUGE_FAKEGPU_OPEN=1 $MPIRUN -n 2 ./mpigauge --check --iters 1 \
    --warmup 0 --quiet -o "$T/loop-corrupt-aware" "$T/loop-corrupt-aware.in" > /dev/null 2>&1
out=$(jq -r '.records[] | select(.check != "failed" and .status == "done") | .call' "$T/loop-corrupt-aware/run.json" | tr '\n' ' ')
check "loop, device, flipped bits: every record's check failed (not: ${out:-none})" \
    [ -z "$out" ] && [ "$(jq '[.records[] | select(.check == "failed")] | length' "$T/loop-corrupt-aware/run.json")" -gt 0 ]

# the loader: CUDA's, HIP's and Level Zero's runtimes, each looked for by
# its names (MPIGAUGE_GPU_API=cuda|hip|ze, or auto: each in turn until one
# has a device), each skipped by name with what it gave
printf 'SEND DOUBLE 1 64 MUL 8 WORLD NOP 0 mem=device staged=1\nBW DOUBLE 1 64 MUL 8 WORLD NOP 0 mem=managed window=4\n' > "$T/api.in"
api_run() { # name [env...]
    local name=$1
    shift
    env -u MPIGAUGE_GPU_RUNTIME "$@" $MPIRUN -n 2 ./mpigauge --check --iters 1 --warmup 0 --quiet \
        -o "$T/$name" "$T/api.in" > /dev/null 2> "$T/$name.err"
}
api_run api-auto
why=$(jq -r '.records[0].skipped // ""' "$T/api-auto/run.json")
if [ -n "$why" ]; then
    check "loader, auto: each runtime named with what it gave ($why)" \
        eval '[[ "$why" == *"CUDA"*"HIP"*"ZE"* ]] && [[ "$why" == *"libze_loader.so.1"* ]]'
else
    skip 1 "loader, auto: this machine has a GPU runtime with a device"
fi
for api in hip ze; do
    api_run "api-$api" MPIGAUGE_GPU_API=$api
    why=$(jq -r '.records[0].skipped // ""' "$T/api-$api/run.json")
    if [ -n "$why" ]; then
        check "loader, MPIGAUGE_GPU_API=$api: that runtime alone, named ($why)" \
            eval '[[ "$why" == "mem=device: no GPU runtime found with a device ("* ]] && [ "$(grep -o "CUDA\|HIP\|ZE" <<< "$why" | sort -u | tr -d "\n")" = "$(tr a-z A-Z <<< "$api")" ]'
    else
        skip 1 "loader, MPIGAUGE_GPU_API=$api: this machine has that runtime with a device"
    fi
done
api_run api-bad MPIGAUGE_GPU_API=sycl
check "loader, MPIGAUGE_GPU_API=sycl: skipped, naming the words" \
    [ "$(jq -r '.records[0].skipped' "$T/api-bad/run.json")" = "mem=device: MPIGAUGE_GPU_API=sycl is none of cuda, hip, ze and auto" ]
# the test runtime as Level Zero: zeMemAllocDevice, zeMemAllocShared and
# the immediate command list's copies under the same checks
api_run api-ze-fake MPIGAUGE_GPU_API=ze MPIGAUGE_GPU_RUNTIME="$FAKE"
check "loader, Level Zero (the test runtime): staged device and managed checked" \
    [ "$(jq -c '[.records[] | [.status, .check, .memory.api, .memory.runtime_version]] | unique' "$T/api-ze-fake/run.json")" = '[["done","passed","ZE",1003]]' ]

# scripts/gpu_figures.sh: its arguments, its refusal where no runtime has
# a device (nothing run), and one run through the test runtime
printf 'SEND DOUBLE 1 64 MUL 8 WORLD NOP 0 mem=device staged=1\nBW DOUBLE 1 64 MUL 8 WORLD NOP 0 mem=managed window=4\nALLREDUCE FLOAT 1 64 MUL 8 WORLD SUM 0 mem=device\n' > "$T/fig.in"
scripts/gpu_figures.sh -l 0 > /dev/null 2> "$T/fig.err"
rc=$?
check "gpu_figures.sh -l 0: exit 2 ($rc), said" eval '[ $rc = 2 ] && grep -q "^gpu_figures.sh: -l takes a positive whole number" "$T/fig.err"'
scripts/gpu_figures.sh -i "$T/none.in" > /dev/null 2> "$T/fig.err"
rc=$?
check "gpu_figures.sh -i missing: exit 2 ($rc), named" eval '[ $rc = 2 ] && grep -q "none.in: no such input" "$T/fig.err"'
scripts/gpu_figures.sh -i "$T/fig.in" extra > /dev/null 2> "$T/fig.err"
check "gpu_figures.sh with an operand: exit 2" [ $? = 2 ]
MPIGAUGE_GPU_API=hip scripts/gpu_figures.sh -m "$MPIRUN" -i "$T/fig.in" -o "$T/fig-none" > /dev/null 2> "$T/fig.err"
rc=$?
check "gpu_figures.sh without a GPU: exit 3 ($rc), the reason, nothing written" \
    eval '[ $rc = 3 ] && grep -q "^gpu_figures.sh: no GPU to measure: mem=managed: no GPU runtime found with a device (HIP" "$T/fig.err" && [ ! -e "$T/fig-none" ]'
MPIGAUGE_GPU_RUNTIME="$FAKE" scripts/gpu_figures.sh -m "$MPIRUN" -i "$T/fig.in" -o "$T/fig" -l 2 > /dev/null 2> "$T/fig.err"
rc=$?
check "gpu_figures.sh (test runtime): exit 0 ($rc), two launches, the machine" \
    eval '[ $rc = 0 ] && [ -f "$T/fig/launch-1/run.json" ] && [ -f "$T/fig/launch-2/run.json" ] && grep -q "^runtime: CUDA .*fakegpu.so" "$T/fig/machine.txt"'
check "gpu_figures.sh: figures.md a row a record, launch by launch, the unaware MPI's skip shown" \
    eval '[ "$(grep -c "^| [0-9]" "$T/fig/figures.md")" = 3 ] && grep -q "^| 3 | ALLREDUCE.* | skipped / skipped | this MPI is not GPU-aware" "$T/fig/figures.md"'
scripts/gpu_figures.sh -i "$T/fig.in" -o "$T/fig" > /dev/null 2> "$T/fig.err"
check "gpu_figures.sh: a folder with figures is never written over (exit 2)" [ $? = 2 ]

# errors: file, line and column, exit 2, nothing written
bad_input() { # what expected-text record
    printf '%s\n' "$3" > "$T/bad.in"
    $MPIRUN -n 2 ./mpigauge --validate "$T/bad.in" > /dev/null 2> "$T/bad.err"
    local rc=$?
    check "error: $1 (exit 2)" [ $rc = 2 ]
    check "error: $1 names file, line, column" grep -q "^$T/bad.in:1:[0-9]*: .*$2" "$T/bad.err"
}
bad_input "an unknown kind" "unknown memory kind 'gpu'" "SEND DOUBLE 1 8 MUL 2 WORLD NOP 0 mem=gpu"
bad_input "mem= on a call without device buffers" "REDUCE_LOCAL takes no device buffers here" "REDUCE_LOCAL DOUBLE 1 8 MUL 2 WORLD SUM 0 mem=device"
bad_input "rmem= on a collective" "ALLREDUCE has no responder's buffers" "ALLREDUCE DOUBLE 1 8 MUL 2 WORLD SUM 0 rmem=device"
bad_input "staged=2" "staged" "SEND DOUBLE 1 8 MUL 2 WORLD NOP 0 mem=device staged=2"
./mpigauge --mem gpu --validate "$T/opt.in" > /dev/null 2> "$T/opt-bad.err"
check "--mem gpu: exit 2" [ $? = 2 ]
check "--mem gpu: names the option and its words" grep -q "mem" "$T/opt-bad.err"
summary devices
