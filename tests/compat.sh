#!/usr/bin/env bash
# compat.sh: timing as the peers do and their buffer choices: --like osu
# and --like imb (iterations and warm-up by size, one block, the barrier
# after every collective call), inplace=1, root=rotate, buffers=single|multiple,
# MULTI_BIBW: --check passes (the fault injector: tests/conformance.sh),
# run.json and the headers say what was measured, and every new setting
# or option that does not apply is an input error (exit 2, named).
# Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/compat
scratch "$T"
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
openmpi=0
$MPIRUN --version 2>&1 | grep -qE 'Open MPI|OpenRTE' && openmpi=1

cat > "$T/b.in" <<'IN'
ALLREDUCE  DOUBLE 1 4096 MUL 8  WORLD SUM 0 inplace=1
REDUCE     INT    1 4096 MUL 8  WORLD SUM 0 inplace=1
REDUCE     INT    1 4096 MUL 8  WORLD SUM 0 inplace=1 root=rotate
SCAN       INT    1 4096 MUL 8  WORLD SUM 0 inplace=1
EXSCAN     INT    1 4096 MUL 8  WORLD SUM 0 inplace=1
ALLGATHER  INT    1 4096 MUL 8  WORLD NOP 0 inplace=1
ALLTOALL   INT    1 4096 MUL 8  WORLD NOP 0 inplace=1
BCAST      INT    1 4096 MUL 8  WORLD NOP 0 root=rotate
GATHER     INT    1 4096 MUL 8  WORLD NOP 0 root=rotate
GATHERV    INT    1 4096 MUL 8  WORLD NOP 0 root=rotate
SCATTER    INT    1 4096 MUL 8  WORLD NOP 0 root=rotate
SCATTERV   INT    1 4096 MUL 8  WORLD NOP 0 root=rotate
BW         DOUBLE 1 4096 MUL 16 WORLD NOP 0 buffers=single window=8
BIBW       DOUBLE 1 4096 MUL 16 WORLD NOP 0 buffers=single window=8
MSGRATE    CHAR   1 64   MUL 8  WORLD NOP 0 buffers=single
BW_INIT    DOUBLE 1 4096 MUL 16 WORLD NOP 0 buffers=single window=8
MULTI_BIBW DOUBLE 1 4096 MUL 16 WORLD NOP 0 window=8
MULTI_BIBW DOUBLE 1 4096 MUL 16 WORLD NOP 0 window=8 buffers=single
REDUCE     INT    1 4096 MUL 8  WORLD SUM 0 root=rotate
BW         DOUBLE 1 4096 MUL 16 WORLD NOP 0 buffers=multiple window=8
IN
for n in 2 3 4; do
    $MPIRUN -n $n ./mpigauge --check --iters 6 --warmup 1 --quiet -o "$T/b$n" "$T/b.in" > /dev/null 2> "$T/b$n.err"
    check "$n ranks: exit 0" [ $? = 0 ]
    check "$n ranks: every record but line 3 done and checked" [ "$(jq -c '[.records[] | select(.line != 3) | [.status, .check]] | unique' "$T/b$n/run.json")" = '[["done","passed"]]' ]
    if [ $openmpi = 1 ]; then
        check "$n ranks: REDUCE in place at rotating roots done (Open MPI)" [ "$(jq -c "$AT"'at(3) | [.status, .check]' "$T/b$n/run.json")" = '["done","passed"]' ]
    else
        check "$n ranks: REDUCE in place at rotating roots skipped: MPICH's crash" [ "$(jq -r "$AT"'at(3).skipped' "$T/b$n/run.json" | grep -c 'pmodels/mpich#6540')" = 1 ]
    fi
done
check "run.json: inplace" [ "$(jq -c "$AT"'[at_lines(1; 7)[] | .inplace] | unique' "$T/b2/run.json")" = '[true]' ]
check "run.json: root rotate" [ "$(jq -c "$AT"'[at_lines(8; 12)[] | .root] | unique' "$T/b2/run.json")" = '["rotate"]' ]
check "run.json: buffers as written" [ "$(jq -c "$AT"'[at_lines(13; 18)[] | .buffers]' "$T/b2/run.json")" = '["single","single","single","single","receive-slots","single"]' ]
check "run.json: buffers=multiple" [ "$(jq -r "$AT"'at(20).buffers' "$T/b2/run.json")" = multiple ]
check "header: every message a send and a receive slot" grep -q "^# buffers: every message of a window sent from and received into a slot of its own (buffers=multiple" "$T/b2/20-bw-double-world-nop.dat"
check "header: in place" grep -q "^# buffers: MPI_IN_PLACE (inplace=1)" "$T/b2/01-allreduce-double-world-sum.dat"
check "header: rotating roots" grep -q "^# root: call i's root is rank i mod P" "$T/b2/08-bcast-int-world-nop.dat"
check "header: one receive buffer" grep -q "^# buffers: a window's receives all into one buffer (buffers=single" "$T/b2/13-bw-double-world-nop.dat"
check "header: no buffer line where the slots are the default" [ "$(grep -c '^# buffers' "$T/b2/17-multi_bibw-double-world-nop.dat")" = 0 ]
# (mbps is printed to 3 decimals and t_avg_us to 4: a time of 0.0888 us is
# 0.06% off at most, so both roundings bound the ratio)
check "MULTI_BIBW: 2 pairs at once on 4 ranks, mbps = 2 pairs x bytes / t" rows "$T/b4/17-multi_bibw-double-world-nop.dat" 'v1 > 0 && (v1 - 0.0005) * (v3 - 0.00005) / v2 < 2.001 && (v1 + 0.0005) * (v3 + 0.00005) / v2 > 1.999' mbps bytes t_avg_us

# (the fault injector on every call: tests/conformance.sh)

# --like: the peer's counts by size, one block, buffers single under osu
cat > "$T/l.in" <<'IN'
SEND      CHAR 1    16384   MUL 16384 WORLD NOP 0
BW        CHAR 4096 16384   MUL 4     WORLD NOP 0
ALLREDUCE CHAR 1    65536   MUL 65536 WORLD SUM 0
SEND      CHAR 1048576 4194304 MUL 4  WORLD NOP 0
BCAST     CHAR 1    64      MUL 8     WORLD NOP 0 root=rotate
RSEND     CHAR 1    64      MUL 8     WORLD NOP 0
IRSEND    CHAR 1    64      MUL 8     WORLD NOP 0
SEND      CHAR 1    64      MUL 8     WORLD NOP 0
IN
# (RSEND's responder posts its next receive in prepare, before each call
# timed alone: without it the SEND after it failed, Message truncated)
for like in osu imb; do
    $MPIRUN -n 2 ./mpigauge --like $like --check --quiet -o "$T/$like" "$T/l.in" > /dev/null 2> "$T/$like.err"
    check "--like $like: exit 0, every record checked" [ "$?/$(jq -c '[.records[] | [.status, .check]] | unique' "$T/$like/run.json")" = '0/[["done","passed"]]' ]
    check "--like $like: run.json says so" [ "$(jq -r '.options.like' "$T/$like/run.json")" = $like ]
    check "--like $like: one block a size" [ "$(jq -c '[.records[].points[].blocks] | unique' "$T/$like/run.json")" = '[1]' ]
    check "--like $like: the header says what it changes" grep -q "^# like: $( [ $like = osu ] && echo 'OSU 7.4' || echo 'IMB 2021'): its iterations and warm-up by size" "$T/$like/01-send-char-world-nop.dat"
    check "--like $like: point-to-point iterations timed alone under osu only" [ "$(grep -c 'each point-to-point round trip or window timed alone' "$T/$like/01-send-char-world-nop.dat")" = "$( [ $like = osu ] && echo 1 || echo 0)" ]
done
counts() { jq -c "$AT""[at($2).points[] | [.bytes, .iters, .warmup]]" "$T/$1/run.json"; }
check "osu: latency 10000/100, above 8 KiB 1000/10" [ "$(counts osu 1)" = '[[1,10000,100],[16384,1000,10]]' ]
check "osu: bandwidth 100/10, above 8 KiB 20/2" [ "$(counts osu 2)" = '[[4096,100,10],[16384,20,2]]' ]
check "osu: collectives 1000/100, above 8 KiB 100/10" [ "$(counts osu 3)" = '[[1,1000,100],[65536,100,10]]' ]
check "osu: BW's receives into one buffer" [ "$(jq -r "$AT"'at(2).buffers' "$T/osu/run.json")" = single ]
check "imb: min(1000, 40 MiB / bytes), a tenth warm-up (at least 10)" [ "$(counts imb 4)" = '[[1048576,40,10],[4194304,10,10]]' ]
check "imb: 1000/100 below 40 KiB" [ "$(counts imb 1)" = '[[1,1000,100],[16384,1000,100]]' ]
check "imb: BW's receives a slot each" [ "$(jq -r "$AT"'at(2).buffers' "$T/imb/run.json")" = receive-slots ]
$MPIRUN -n 2 ./mpigauge --like osu --iters 7 --quiet -o "$T/osu7" "$T/l.in" > /dev/null 2>&1
check "--like osu --iters 7: --iters wins, warm-up by mpigauge's rule" [ "$(counts osu7 1)" = '[[1,7,2],[16384,7,2]]' ]

# errors: exit 2, named; nothing written
for opt in "--like foo" "--like osu --adaptive" "--like imb --blocks 4" "--like osu --sync window" "--like imb --time 0.1"; do
    $MPIRUN -n 1 ./mpigauge $opt -o "$T/bad-opt" "$T/l.in" > /dev/null 2> "$T/opt.err"
    check "$opt: exit 2, named, no folder" [ "$?/$(grep -c '^mpigauge: --like' "$T/opt.err")/$([ -e "$T/bad-opt" ] && echo yes || echo no)" = 2/1/no ]
done
cat > "$T/bad.in" <<'IN'
BCAST INT 1 8 MUL 2 WORLD NOP 0 inplace=1
ALLREDUCE INT 1 8 MUL 2 WORLD SUM 0 inplace=2
IBCAST INT 1 8 MUL 2 WORLD NOP 0 root=rotate
SEND INT 1 8 MUL 2 WORLD NOP 0 buffers=single
BW INT 1 8 MUL 2 WORLD NOP 0 buffers=some
ALLREDUCE INT 1 8 MUL 2 WORLD SUM 0 root=rotate
IN
$MPIRUN -n 2 ./mpigauge -o "$T/bad" "$T/bad.in" > /dev/null 2> "$T/bad.err"
check "bad settings: exit 2, no folder" [ "$?/$([ -e "$T/bad" ] && echo yes || echo no)" = 2/no ]
# (the lists are said from the call table's rows: tests/unit/test_call_words.c
# reads every one back into calls; here their start)
for want in "1:33: BCAST takes no MPI_IN_PLACE here; inplace= applies to GATHER, GATHERV, ALLGATHER" \
            "2:45: unknown inplace value '2'" \
            "3:39: IBCAST makes its request for one root; root=rotate applies to BCAST, GATHER, GATHERV, SCATTER, SCATTERV and REDUCE" \
            "4:32: SEND streams no window of receives; buffers= applies to BW" \
            "5:38: unknown buffers value 'some'; accepted: single multiple" \
            "6:37: ALLREDUCE has no root"; do
    check "bad settings: $want" grep -qF "$T/bad.in:$want" "$T/bad.err"
done

# the settings as the writers print them, from the table's rows; words
# (and keys) in any case
cat > "$T/set.in" <<'IN'
BW    CHAR 8 8 MUL 2 WORLD NOP 0 WINDOW=8 recv=ANY_TAG buffers=Multiple
BCAST CHAR 8 8 MUL 2 WORLD NOP 0 root=rotate iters=3
PUT   CHAR 8 8 MUL 2 WORLD NOP 0 sync=LOCK mode=BW
IN
$MPIRUN -n 2 ./mpigauge --quiet -o "$T/set" "$T/set.in" > /dev/null 2> "$T/set.err"
check "settings in any case: exit 0" [ $? = 0 ]
check "run.json: BW's record_settings" [ "$(jq -c "$AT"'at(1).record_settings' "$T/set/run.json")" = '{"window":8,"recv":"any_tag","buffers":"multiple"}' ]
check "run.json: BCAST's, iters= as written" [ "$(jq -c "$AT"'at(2).record_settings' "$T/set/run.json")" = '{"root":"rotate","iters":3}' ]
check "run.json: PUT's one-sided words" [ "$(jq -c "$AT"'at(3).record_settings | [.sync, .win, .mode, .window]' "$T/set/run.json")" = '["lock","create","bw",64]' ]
check "data file: the # settings: line" grep -qx "# settings: window=8 recv=any_tag buffers=multiple" "$T/set/01-bw-char-world-nop.dat"
summary compat
