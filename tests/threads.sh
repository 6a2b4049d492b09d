#!/usr/bin/env bash
# threads.sh: the threaded calls (LATENCY_MT, BW_MT, MSGRATE_MT) on 2
# ranks: MPI_THREAD_MULTIPLE asked only for an input with a threaded call,
# the level granted said in run.json and every data file, --check on every
# message of every thread under comm=shared and comm=per-thread, a sample
# per thread, msg_rate the threads' sum, the fault injector found in every
# record, each thread named where the output names a sample (the prose's
# fastest and slowest, run.json, the data file's header, .threads.dat, a
# DETAIL pair matrix of the slowest thread), a record needing MULTIPLE
# skipped with its reason where the library gives less, --validate's
# estimate, and every bad setting an input error.  Where the library grants less than MULTIPLE to a real
# request (some Open MPI builds), the threaded runs are skipped with why.
# Prints "N passed, N failed, N skipped".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/threads
scratch "$T"
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"

check "the three in --list" [ "$(./mpigauge --list | grep -cE '^ *(LATENCY_MT|BW_MT|MSGRATE_MT) +threaded ')" = 3 ]

# ---- no threaded call: MPI_Init, and the headers say so -----------------
printf 'SEND CHAR 1 8 MUL 8 WORLD NOP 0\n' > "$T/plain.in"
$MPIRUN -n 2 ./mpigauge --iters 4 --warmup 1 --quiet -o "$T/plain" "$T/plain.in" > /dev/null 2>&1
check "no threaded call: MULTIPLE not asked" [ "$(jq '.mpi_thread_multiple_asked' "$T/plain/run.json")" = false ]
check "no threaded call: the data file says MPI_Init" grep -q '^# threads: MPI_THREAD_[A-Z]* granted (MPI_Init_thread asked nothing: MPI_Init)' "$T/plain/01-send-char-world-nop.dat"

# ---- threaded calls, --check ---------------------------------------------
cat > "$T/mt.in" <<'IN'
SEND       CHAR   1 64 MUL 8 WORLD NOP 0
LATENCY_MT CHAR   1 64 MUL 8 WORLD NOP 0 threads=1
LATENCY_MT DOUBLE 1 64 MUL 8 WORLD NOP 0 threads=2
LATENCY_MT INT    1 64 MUL 8 WORLD NOP 0 threads=2 comm=per-thread
BW_MT      DOUBLE 1 64 MUL 8 WORLD NOP 0 threads=2 window=4
MSGRATE_MT CHAR   1 64 MUL 8 WORLD NOP 0 threads=1 window=4
MSGRATE_MT CHAR   1 64 MUL 8 WORLD NOP 0 threads=2 window=4 comm=per-thread
LATENCY_MT DOUBLE 1 8 MUL 8 WORLD DETAIL 0 threads=2
IN
$MPIRUN -n 2 ./mpigauge --check --iters 4 --warmup 1 --quiet -o "$T/mt" "$T/mt.in" > /dev/null 2> "$T/mt.err"
rc=$?
check "threaded, 2 ranks: MULTIPLE asked" [ "$(jq '.mpi_thread_multiple_asked' "$T/mt/run.json")" = true ]
check "threaded: the data file names the level granted" grep -q '^# threads: MPI_THREAD_[A-Z]* granted (MPI_Init_thread asked MPI_THREAD_MULTIPLE' "$T/mt/02-latency_mt-char-world-nop.dat"
level=$(jq -r '.mpi_thread_level' "$T/mt/run.json")
if [ "$level" = MPI_THREAD_MULTIPLE ]; then
    check_launch "threaded, --check: exit 0" "$rc" "$T/mt.err"
    check "threaded: every record done and passed" [ "$(jq "$EVERY"'every(.records[]; .status == "done" and .check == "passed")' "$T/mt/run.json")" = true ]
    f="$T/mt/03-latency_mt-double-world-nop.dat"
    check "threads=2: a sample per thread" rows "$f" 'v1 == 2' samples
    check "threads=1: one sample" rows "$T/mt/02-latency_mt-char-world-nop.dat" 'v1 == 1' samples
    check "run.json: threads=, comm= and 2 threads per point" [ "$(jq -c "$AT"'at(4).threads | [.threads, .comm, (.per_thread | map(.threads | length) | unique)]' "$T/mt/run.json")" = '[2,"per-thread",[2]]' ]
    check "MSGRATE_MT: msg_rate = the threads' rates summed" [ "$(jq "$EVERY$AT"'at(7) as $r | every(range($r.points | length); . as $i | ($r.points[$i].msg_rate - ([$r.threads.per_thread[$i].threads[].msg_rate] | add)) | fabs < 1e-6 * $r.points[$i].msg_rate)' "$T/mt/run.json")" = true ]
    check "MSGRATE_MT threads=1: msg_rate = 1 / t_avg" rows "$T/mt/06-msgrate_mt-char-world-nop.dat" '(v1 * v2 / 1e6 - 1) ^ 2 < 1e-4' msg_rate t_avg_us
    check "BW_MT: mbps is the threads' sum" [ "$(jq "$EVERY$AT"'at(5) as $r | every(range($r.points | length); . as $i | ($r.points[$i].mbps - ([$r.threads.per_thread[$i].threads[].mbps] | add)) | fabs < 1e-6 * $r.points[$i].mbps)' "$T/mt/run.json")" = true ]
    check "LATENCY_MT has no msg_rate" [ -z "$(colno "$f" msg_rate)" ]
    check "--validate: threads=2 is estimated above threads=1" [ "$(jq "$AT"'at(7).estimate_s > at(6).estimate_s' "$T/mt/run.json")" = true ]
    # each thread by name: the prose, run.json, the data files (issue 38)
    check "prose: a thread named as the fastest and the slowest (thread t of pair 0->1)" \
        [ "$(grep -cE '^  LATENCY_MT [0-9]+ x DOUBLE .*mean over 2 threads of 1 pair \(fastest thread [01] of pair 0->1 [0-9.]+ us, slowest thread [01] of pair 0->1 ' "$T/mt/report.txt")" = 5 ]
    check "prose: no threaded size says a bare pair" [ "$(grep -E '^  (LATENCY|BW|MSGRATE)_MT ' "$T/mt/report.txt" | grep -c 'fastest 0->1\|slowest 0->1')" = 0 ]
    check "run.json: each size's fastest and slowest thread, by thread and pair, their times the point's" \
        [ "$(jq "$EVERY$AT"'at(3) as $r | every(range($r.points | length); . as $i | $r.threads.per_thread[$i] as $p | ($p.slowest.thread | IN(0, 1)) and ($p.fastest.thread | IN(0, 1)) and $p.slowest.pair == "0->1" and $p.slowest.t_us == $r.points[$i].t_max_us and $p.fastest.t_us == $r.points[$i].t_min_us)' "$T/mt/run.json")" = true ]
    slow=$(jq -r "$AT"'at(3).threads.per_thread[0].slowest | "slowest thread \(.thread) of pair \(.pair)"' "$T/mt/run.json")
    check "... the prose names the same slowest thread ($slow)" grep -q "^  LATENCY_MT 1 x DOUBLE .*, $slow " "$T/mt/report.txt"
    check "the data file says a sample is a thread and where each is" grep -q '^# samples: one a thread of each pair (threads=2): t_min_us is the fastest thread.s .* 03-latency_mt-double-world-nop.threads.dat has every thread$' "$f"
    tf="$T/mt/03-latency_mt-double-world-nop.threads.dat"
    check ".threads.dat: threads 0 and 1 of pair 0->1 at every size" [ "$(awk '!/^#/ && NF { print $1, $2, $3, $4 }' "$tf" | sort -u | awk '{ print $2 $3 $4 }' | sort | uniq -c | awk '{ print $1 ":" $2 }' | tr '\n' ' ')" = "3:010 3:011 " ]
    check ".threads.dat: its slowest thread is the data file's t_max_us" \
        [ "$(awk '!/^#/ && NF { if (!($1 in m) || $5 > m[$1]) m[$1] = $5 } END { for (e in m) printf "%s %.3f\n", e, m[e] }' "$tf" | sort -n)" = "$(paste <(column "$f" elements) <(column "$f" t_max_us) | awk '{ printf "%s %.3f\n", $1, $2 }' | sort -n)" ]
    d8="$T/mt/08-latency_mt-double-world-detail"
    check "DETAIL, threads=2: each thread of the pair in the prose" [ "$(grep -cE '^    thread [01] of pair 0->1: [0-9.]+ us$' "$T/mt/report.txt")" = 4 ]
    check "DETAIL, threads=2: the pair matrix holds the pair's slowest thread" \
        [ "$(awk '/^# elements/ { e = $3; r = 0; next } !/^#/ && NF { r++; if (r == 1) printf "%s %.3f\n", e, $2 }' "$d8.pairs.dat")" = "$(awk '!/^#/ && NF { if (!($1 in m) || $5 > m[$1]) m[$1] = $5 } END { for (e in m) printf "%s %.3f\n", e, m[e] }' "$d8.threads.dat" | sort -n)" ]
    MPIGAUGE_CORRUPT=1 LD_PRELOAD="$PWD/tests/corrupt.so" $MPIRUN -n 2 ./mpigauge --check \
        --iters 1 --warmup 0 --quiet -o "$T/corrupt" "$T/mt.in" > /dev/null 2> "$T/corrupt.err"
    check "flipped bits: exit 1" [ $? = 1 ]
    check "flipped bits: every threaded record failed" [ "$(jq "$EVERY"'every(.records[] | select(.call | endswith("_MT")); .check == "failed")' "$T/corrupt/run.json")" = true ]
    check "flipped bits: thread 1's slot found (LATENCY_MT threads=2, element 64 and on)" \
        grep -qE "LATENCY_MT DOUBLE 1 64 .* element (6[4-9]|1[0-9][0-9])" "$T/corrupt.err"
else
    skip 21 "threaded runs: the library granted $level, not MPI_THREAD_MULTIPLE"
    check "below MULTIPLE: threads=2 skipped with the level" [ "$(jq "$AT"'at(3).skipped' "$T/mt/run.json")" = "\"threads=2 needs MPI_THREAD_MULTIPLE; the library granted $level\"" ]
fi

# ---- threads=S:R on LATENCY_MT (osu_latency_mt -t S:R) ---------------------
cat > "$T/sr.in" <<'IN'
LATENCY_MT INT    1 256 MUL 4 WORLD NOP 0 threads=2:1
LATENCY_MT DOUBLE 1 256 MUL 4 WORLD NOP 0 threads=3:2
IN
$MPIRUN -n 2 ./mpigauge --check --iters 4 --warmup 1 --quiet -o "$T/sr" "$T/sr.in" > /dev/null 2> "$T/sr.err"
rc=$?
if [ "$(jq -r '.mpi_thread_level' "$T/sr/run.json" 2> /dev/null)" = MPI_THREAD_MULTIPLE ]; then
    check_launch "threads=S:R, --check: exit 0 ($(head -1 "$T/sr.err"))" "$rc" "$T/sr.err"
    check "threads=S:R: done and passed, a sample per sending thread, the settings as written" [ "$(jq -c '[.records[] | [.status, .check, .record_settings.threads, .threads.threads, .threads.receivers, ([.points[].samples] | unique)]]' "$T/sr/run.json")" = '[["done","passed","2:1",2,1,[2]],["done","passed","3:2",3,2,[3]]]' ]
    check "threads=S:R: the header says it" grep -q '^# settings: threads=3:2 comm=shared' "$T/sr/02-latency_mt-double-world-nop.dat"
    MPIGAUGE_CORRUPT=1 LD_PRELOAD="$PWD/tests/corrupt.so" $MPIRUN -n 2 ./mpigauge --check --iters 1 --warmup 0 --quiet -o "$T/srbad" "$T/sr.in" > /dev/null 2>&1
    check "threads=S:R: a flipped bit fails both records' checks" [ "$(jq -c '[.records[].check] | unique' "$T/srbad/run.json")" = '["failed"]' ]
else
    skip 4 "threads=S:R: the library granted less than MULTIPLE"
fi

# ---- threads= on collectives (IMB-MT's way), --check on 2 and 3 ranks -----
cat > "$T/coll.in" <<'IN'
ALLREDUCE DOUBLE 1 64 MUL 8 WORLD SUM 0 threads=2
BCAST     INT    1 64 MUL 8 WORLD NOP 0 threads=2
GATHER    CHAR   1 16 MUL 4 WORLD NOP 0 threads=3 root=1
ALLTOALL  INT    1 16 MUL 4 WORLD NOP 0 threads=2
REDUCE    INT    1 16 MUL 4 WORLD MAX 0 threads=1
IN
for n in 2 3; do
    d="$T/coll$n"
    mpirun_logged "$T/coll.err" "$d" -n $n ./mpigauge --check --iters 4 --warmup 1 --quiet \
        -o "$d" "$T/coll.in"
    rc=$?
    if [ "$(jq -r '.mpi_thread_level' "$d/run.json" 2> /dev/null)" != MPI_THREAD_MULTIPLE ]; then
        skip 7 "threaded collectives on $n ranks: the library granted less than MULTIPLE"
        continue
    fi
    check_launch "threaded collectives, $n ranks, --check: exit 0 ($(head -1 "$T/coll.err"))" "$rc" "$T/coll.err"
    check "threaded collectives, $n ranks: every record done and passed" [ "$(jq "$EVERY"'every(.records[]; .status == "done" and .check == "passed")' "$d/run.json")" = true ]
    check "threaded collectives, $n ranks: threads x ranks samples a size, one a thread" [ "$(jq -c "$AT"'[at(1), at(2), at(3), at(4)] | map([.points[].samples] | unique)' "$d/run.json")" = "[[$((2 * n))],[$((2 * n))],[$((3 * n))],[$((2 * n))]]" ]
    check "threads=1 on a collective: one sample a rank, no per-thread object" [ "$(jq -c "$AT"'at(5) | [([.points[].samples] | unique), .threads]' "$d/run.json")" = "[[$n],null]" ]
    check "run.json: each thread's figures, its fastest and slowest named by thread and rank, $n ranks" [ "$(jq "$EVERY$AT"'at(3).threads as $t | $t.threads == 3 and every($t.per_thread[]; (.threads | length) == 3 and (.fastest | has("rank") and has("thread")) and (.slowest.rank < '"$n"'))' "$d/run.json")" = true ]
    check "prose: a thread of a rank named, $n ranks" [ "$(grep -cE "^  ALLREDUCE [0-9]+ x DOUBLE .*mean over 2 threads of $n ranks \(fastest thread [01] of rank [0-9]+ " "$d/report.txt")" = 3 ]
    check ".threads.dat: a row a thread of every rank at every size, $n ranks" [ "$(awk '!/^#/ && NF { print $2, $3, $4 }' "$d/02-bcast-int-world-nop.threads.dat" | sort -u | wc -l)" = $((2 * n)) ]
done
check "the data file says a sample is a thread of a rank" grep -q '^# samples: one a thread of each rank (threads=2, each thread on its own duplicate' "$T/coll2/01-allreduce-double-world-sum.dat"
# the fault injector reaches the threads' own buffers: --check fails
MPIGAUGE_CORRUPT=1 LD_PRELOAD="$PWD/tests/corrupt.so" $MPIRUN -n 2 ./mpigauge --check --iters 4 --warmup 1 --quiet -o "$T/collbad" "$T/coll.in" > /dev/null 2>&1
check "threaded collectives: a corrupted delivery fails --check in every threaded record" [ "$(jq -c "$AT"'[at(1), at(2), at(3), at(4)] | map(.check) | unique' "$T/collbad/run.json" 2> /dev/null)" = '["failed"]' ]

# ---- a library that grants only SINGLE (test hook) -----------------------
MPIGAUGE_TEST_THREAD_SINGLE=1 $MPIRUN -n 2 ./mpigauge --check --iters 4 --warmup 1 --quiet -o "$T/single" "$T/mt.in" > /dev/null 2>&1
check "SINGLE: the run goes on (exit 0)" [ $? = 0 ]
check "SINGLE: the level in run.json" [ "$(jq -r '.mpi_thread_level' "$T/single/run.json")" = MPI_THREAD_SINGLE ]
check "SINGLE: threads=2 records skipped with the reason" [ "$(jq "$AT"'[at(3), at(4), at(5), at(7)] | map(.skipped) | unique' -c "$T/single/run.json")" = '["threads=2 needs MPI_THREAD_MULTIPLE; the library granted MPI_THREAD_SINGLE"]' ]
check "SINGLE: threads=1 records run and pass" [ "$(jq -c "$AT"'[at(2), at(6)] | map([.status, .check])' "$T/single/run.json")" = '[["done","passed"],["done","passed"]]' ]

# ---- --thread-level: the level asked whatever the input holds ------------
# funneled on an input with threaded calls: asked and said as such, the
# threads=2 records skipped with the level, threads=1 and SEND run
$MPIRUN -n 2 ./mpigauge --thread-level funneled --check --iters 4 --warmup 1 --quiet -o "$T/funneled" "$T/mt.in" > /dev/null 2>&1
check "--thread-level funneled: exit 0" [ $? = 0 ]
check "--thread-level funneled: asked in run.json and options" [ "$(jq -c '[.mpi_thread_level_asked, .mpi_thread_multiple_asked, .options.thread_level]' "$T/funneled/run.json")" = '["MPI_THREAD_FUNNELED",false,"funneled"]' ]
granted=$(jq -r '.mpi_thread_level' "$T/funneled/run.json")
check "--thread-level funneled: the header says who chose" grep -q "^# threads: $granted granted (MPI_Init_thread asked MPI_THREAD_FUNNELED: --thread-level funneled)" "$T/funneled/02-latency_mt-char-world-nop.dat"
if [ "$granted" != MPI_THREAD_MULTIPLE ]; then
    check "--thread-level funneled: threads=2 skipped, saying the option asked no more" [ "$(jq "$AT"'[at(3), at(4), at(5), at(7)] | map(.skipped) | unique' -c "$T/funneled/run.json")" = "[\"threads=2 needs MPI_THREAD_MULTIPLE; the library granted $granted (--thread-level asked no more)\"]" ]
else
    skip 1 "--thread-level funneled: the library granted MULTIPLE all the same"
fi
check "--thread-level funneled: threads=1 records run and pass" [ "$(jq -c "$AT"'[at(2), at(6)] | map([.status, .check])' "$T/funneled/run.json")" = '[["done","passed"],["done","passed"]]' ]
# multiple on an input without a threaded call: MPI_Init_thread all the same
$MPIRUN -n 2 ./mpigauge --thread-level multiple --iters 4 --warmup 1 --quiet -o "$T/plainmt" "$T/plain.in" > /dev/null 2>&1
check "--thread-level multiple without a threaded call: asked" [ "$(jq -c '[.mpi_thread_level_asked, .mpi_thread_multiple_asked]' "$T/plainmt/run.json")" = '["MPI_THREAD_MULTIPLE",true]' ]
check "no --thread-level, no threaded call: nothing asked (null)" [ "$(jq -c '.mpi_thread_level_asked' "$T/plain/run.json")" = null ]
$MPIRUN -n 1 ./mpigauge --thread-level some --quiet -o "$T/badlevel" "$T/plain.in" > /dev/null 2> "$T/badlevel.err"
check "--thread-level some: exit 2" [ $? = 2 ]
check "--thread-level some: the error names the words" grep -q "^mpigauge: --thread-level 'some': expected auto, single, funneled, serialized or multiple" "$T/badlevel.err"

# ---- bad settings: exit 2, FILE:LINE:COLUMN, nothing measured -------------
bad_input() {    # NAME RECORD COLUMN PATTERN
    printf '%s\n' "$2" > "$T/bad.in"
    rm -rf "$T/bad"
    $MPIRUN -n 2 ./mpigauge --quiet -o "$T/bad" "$T/bad.in" > /dev/null 2> "$T/bad.err"
    check "$1: exit 2" [ $? = 2 ]
    check "$1: named at line 1, column $3" grep -q "^$T/bad.in:1:$3: .*$4" "$T/bad.err"
    check "$1: no folder" [ ! -e "$T/bad" ]
}
bad_input "threads=0" "LATENCY_MT CHAR 1 8 MUL 8 WORLD NOP 0 threads=0" 47 "threads must be at least 1"
bad_input "threads=abc" "LATENCY_MT CHAR 1 8 MUL 8 WORLD NOP 0 threads=abc" 47 "threads .abc. is not a number"
bad_input "threads=65" "BW_MT CHAR 1 8 MUL 8 WORLD NOP 0 threads=65" 42 "threads 65 is too large (at most 64)"
bad_input "threads=2:1 on BW_MT" "BW_MT CHAR 1 8 MUL 8 WORLD NOP 0 threads=2:1" 1 "threads=2:1: BW_MT runs as many threads on both sides; S:R applies to LATENCY_MT (and SEND)"
bad_input "threads=2:1 on BW (BW_MT's form), named as written" "BW CHAR 1 8 MUL 8 WORLD NOP 0 threads=2:1" 1 "threads=2:1: BW runs as many threads on both sides; S:R applies to LATENCY_MT (and SEND)"
bad_input "threads=2:1 with comm=per-thread" "LATENCY_MT CHAR 1 8 MUL 8 WORLD NOP 0 threads=2:1 comm=per-thread" 1 "threads=2:1 needs comm=shared"
bad_input "threads=1:2" "LATENCY_MT CHAR 1 8 MUL 8 WORLD NOP 0 threads=1:2" 1 "threads=1:2: at most as many answering threads as sending ones"
bad_input "threads=2:0" "LATENCY_MT CHAR 1 8 MUL 8 WORLD NOP 0 threads=2:0" 49 "threads must be at least 1"
# (SEND and BW take it: their threaded forms, LATENCY_MT and BW_MT; MSGRATE
# has none and SENDRECV is no ping-pong)
bad_input "threads= on SENDRECV" "SENDRECV CHAR 1 8 MUL 8 WORLD NOP 0 threads=2" 37 "SENDRECV is not partitioned; threads= applies to PSEND, PBW, PMSGRATE, the blocking collective calls, the blocking reduction calls, LATENCY_MT, BW_MT and MSGRATE_MT"
bad_input "threads= on MSGRATE" "MSGRATE CHAR 1 8 MUL 8 WORLD NOP 0 threads=2" 36 "MSGRATE takes no threads=; threads= applies to"
bad_input "comm=foo" "MSGRATE_MT CHAR 1 8 MUL 8 WORLD NOP 0 comm=foo" 44 "unknown thread communicator .foo.; accepted: shared per-thread"
bad_input "comm= on BW" "BW CHAR 1 8 MUL 8 WORLD NOP 0 comm=shared" 31 "BW runs on one thread; comm= applies"

# the memory bound counts every thread's buffers: BW_MT at 4 MiB with
# window=64 takes 512 MiB a thread a rank; threads=1 fits 1 GiB, threads=8
# (4 GiB) does not, in --validate as in a run
printf 'BW_MT CHAR 4194304 4194304 MUL 2 WORLD NOP 0 window=64 threads=%s\n' 1 > "$T/mem1.in"
printf 'BW_MT CHAR 4194304 4194304 MUL 2 WORLD NOP 0 window=64 threads=%s\n' 8 > "$T/mem8.in"
$MPIRUN -n 1 ./mpigauge --validate --ranks 2 --max-memory 1G "$T/mem1.in" > /dev/null 2>&1
check "memory bound: threads=1 (512 MiB) fits 1 GiB" [ $? = 0 ]
$MPIRUN -n 1 ./mpigauge --validate --ranks 2 --max-memory 1G "$T/mem8.in" > /dev/null 2> "$T/mem8.err"
check "memory bound: threads=8 (4096 MiB) is refused, line and column" \
    [ "$?/$(grep -c "mem8.in:1:[0-9]*: max 4194304 needs 4096.0 MiB of buffers per rank" "$T/mem8.err")" = 2/1 ]
summary threads
