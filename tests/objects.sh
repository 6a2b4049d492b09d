#!/usr/bin/env bash
# objects.sh: the objects family (COMM_DUP, COMM_SPLIT, COMM_SPLIT_TYPE,
# COMM_CREATE_GROUP, WIN_CREATE, WIN_ALLOCATE, WIN_FREE, SESSION_INIT) on
# WORLD and X-LINE communicators with --check on 2 and 4 ranks: positive
# times, every check passed (SESSION_INIT skipped with its reason where
# the MPI has no sessions: Open MPI 4.1), the timing lines, the job's own
# MPI_Init time in run.json, report.txt and the data files, --validate's
# estimate, --list, and exit 2 naming FILE:LINE:COLUMN for sizes on the
# sizeless calls and settings that do not apply.  Prints "N passed, N
# failed, N skipped".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/objects
scratch "$T"
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"

cat > "$T/o.in" <<'IN'
COMM_DUP          INT  0 0    ADD 1  WORLD  NOP 0
COMM_SPLIT        INT  0 0    ADD 1  WORLD  NOP 0
COMM_SPLIT_TYPE   INT  0 0    ADD 1  WORLD  NOP 0
COMM_CREATE_GROUP INT  0 0    ADD 1  WORLD  NOP 0
WIN_CREATE        BYTE 0 4096 MUL 64 WORLD  NOP 0
WIN_ALLOCATE      INT  1 1024 MUL 32 WORLD  NOP 0
WIN_FREE          BYTE 1 4096 MUL 64 WORLD  NOP 0
SESSION_INIT      INT  0 0    ADD 1  WORLD  NOP 0
COMM_DUP          INT  0 0    ADD 1  X-LINE NOP 0
COMM_SPLIT        INT  0 0    ADD 1  X-LINE NOP 0
COMM_SPLIT_TYPE   INT  0 0    ADD 1  X-LINE NOP 0
COMM_CREATE_GROUP INT  0 0    ADD 1  X-LINE NOP 0
WIN_CREATE        BYTE 1 4096 MUL 64 X-LINE NOP 0
WIN_ALLOCATE      BYTE 1 4096 MUL 64 X-LINE NOP 0
WIN_FREE          BYTE 1 4096 MUL 64 X-LINE NOP 0
SESSION_INIT      INT  0 0    ADD 1  X-LINE NOP 0
IN

# every record done and passed, or SESSION_INIT skipped for want of
# sessions where the library is before MPI 4
all_passed() {
    [ "$(jq "$EVERY"'every(.records[]; (.status == "done" and .check == "passed") or
        (.call == "SESSION_INIT" and .status == "skipped" and (.skipped | test("no sessions"))) or
        (.status == "skipped" and (.skipped | test("^Open MPI 4.s MPI_Win_create and MPI_Win_allocate fail on several"))))' "$1/run.json")" = true ]
}
# sessions: what this library says of itself in run.json
sessions() { [ "$(jq '.mpi_version[0] >= 4' "$1/run.json")" = true ]; }
# every row of every data file of the run has positive times, and there
# is a data file for each record done (at least $2 of them)
positive() {
    local f n=0 done
    done=$(jq '[.records[] | select(.status == "done")] | length' "$1/run.json")
    for f in "$1"/[0-9]*-*.dat; do
        case $f in *.comms.dat) continue ;; esac
        rows "$f" 'v1 > 0 && v2 > 0 && v3 > 0 && v1 <= v2 && v2 <= v3' t_min_us t_avg_us t_max_us || return 1
        n=$((n + 1))
    done
    [ "$n" = "$done" ] && [ "$n" -ge "$2" ]
}

for n in 2 4; do
    # 4 ranks on a shared 2-core machine spin-poll under MPICH: few calls
    $MPIRUN -n $n ./mpigauge --check --iters 20 --warmup 2 --quiet -o "$T/r$n" "$T/o.in" > /dev/null 2> "$T/r$n.err"
    check "$n ranks: --check exits 0" [ $? = 0 ]
    check "$n ranks: every record passed (SESSION_INIT: or skipped for no sessions)" all_passed "$T/r$n"
    if sessions "$T/r$n"; then
        check "$n ranks: every record done, times positive (16 data files)" positive "$T/r$n" 16
        check "$n ranks: SESSION_INIT done on WORLD and X-LINE" [ "$(jq -c '[.records[] | select(.call == "SESSION_INIT") | .status]' "$T/r$n/run.json")" = '["done","done"]' ]
    else
        # Open MPI 4: no windows on X-LINE's two communicators of 4 ranks
        check "$n ranks: the other records done, times positive" positive "$T/r$n" $((n == 2 ? 14 : 11))
        check "$n ranks: SESSION_INIT skipped on both, the reason names MPI 4.0" [ "$(jq -c '[.records[] | select(.call == "SESSION_INIT") | [.status, (.skipped | test("MPI_Session_init is MPI 4.0"))]]' "$T/r$n/run.json")" = '[["skipped",true],["skipped",true]]' ]
    fi
    check "$n ranks: run.json's mpi_init: 0 < min <= avg <= max" [ "$(jq '.mpi_init | .min_s > 0 and .min_s <= .avg_s and .avg_s <= .max_s' "$T/r$n/run.json")" = true ]
    check "$n ranks: report.txt says MPI_Init's time" grep -q "^MPI_Init took [0-9.]* s on the fastest rank" "$T/r$n/report.txt"
    check "$n ranks: every data file's header says it" [ "$(grep -L '^# MPI_Init: min [0-9.]* s, avg [0-9.]* s, max [0-9.]* s over the ranks' "$T/r$n"/[0-9]*-*.dat | grep -vc comms.dat)" = 0 ]
done
# the family's rows on the data files and in run.json
f="$T/r2/01-comm_dup-int-world-nop.dat"
check "COMM_DUP's timing says only the dup is timed" grep -q "^# timing: time per MPI_Comm_dup .*freed (MPI_Comm_free) outside the clock" "$f"
check "COMM_DUP: one size, 0 elements" [ "$(column "$f" elements | tr '\n' ' ')" = "0 " ]
check "WIN_FREE's timing: windows made outside the clock" grep -q "^# timing: time per MPI_Win_free of a window .* made outside the clock" "$T/r2/07-win_free-byte-world-nop.dat"
check "WIN_CREATE: the window's sizes 0 1 64 4096 bytes" [ "$(column "$T/r2/05-win_create-byte-world-nop.dat" bytes | tr '\n' ' ')" = "0 1 64 4096 " ]
check "no bandwidth for a window's bytes: mbps nan" rows "$T/r2/05-win_create-byte-world-nop.dat" 'v1 == "nan"' mbps
# a fit's slope over a window's bytes is no bandwidth: not in the prose,
# run.json or the report page (issue 38)
wc_line=$(jq '[.records[] | select(.call == "WIN_CREATE" and .topology == "WORLD")][0].line' "$T/r2/run.json")
check "WIN_CREATE's summary gives no bandwidth, and says why" \
    awk -v want="(line $wc_line):" 'index($0, want) { on = 1 } on && /Summary of record/ { found = 1; bad = /MB\/s/ || !/no bandwidth \(WIN_CREATE moves no data\)/; exit } END { exit !(found && !bad) }' "$T/r2/report.txt"
check "... run.json's fit: no bandwidth_MBps, the note, the slope kept" \
    [ "$(jq -c "$AT"'at('"$wc_line"').fit | [.bandwidth_MBps, .bandwidth_note, (.us_per_byte | type), (.intercept_is_latency | type)]' "$T/r2/run.json")" = '[null,"moves no data","number","boolean"]' ]
check "... no objects record's summary has a bandwidth" [ "$(grep -c 'Summary of record.*MB/s' "$T/r2/report.txt")" = 0 ]
bash scripts/report.sh "$T/r2" > /dev/null 2> "$T/page.err"
check "the report page: written" [ $? = 0 ]
row=$(grep "<tr><td class=n><a href=\"#line-$wc_line\">" "$T/r2/report.html")
check "... WIN_CREATE's row: no bandwidth, and why ($(printf '%s' "$row" | grep -o 'none: [^<]*'))" \
    [ "$(printf '%s' "$row" | awk -F'<td class=n>' '{ print $4 }')" = '<span class="note">none: WIN_CREATE moves no data</span></td>' ]
check "... its section: no MB/s" [ "$(sed -n "/<section class=\"record\" id=\"line-$wc_line\"/,/<\/section>/p" "$T/r2/report.html" | grep -c 'MB/s')" = 0 ]
check "X-LINE on 4 ranks (2x2): two communicators of 2" [ "$(jq -c '[.records[] | select(.topology == "X-LINE" and .call == "COMM_DUP") | .communicators][0]' "$T/r4/run.json")" = '[2,2]' ]

# --validate: an estimate for each, the object's own cost in it
$MPIRUN -n 2 ./mpigauge --validate "$T/o.in" > "$T/v.out" 2> "$T/v.err"
check "--validate exits 0" [ $? = 0 ]
check "--validate: an estimate or a skip per record (16)" [ "$(grep -cE '^  (estimate: [0-9]* measurements*, about|skipped: )' "$T/v.out")" = 16 ]
# SESSION_INIT's 0 elements: the default iterations times its guessed cost
if grep -q "^  skipped: this MPI has no sessions" "$T/v.out"; then
    skip 1 "no sessions in this MPI: no SESSION_INIT estimate"
else
    check "--validate: SESSION_INIT's estimate counts its own cost (over 0.5 s)" awk '/SESSION_INIT INT 0 0 ADD 1 WORLD/ { r = 1 } r && /estimate:/ { exit !($5 + 0 > 0.5) }' "$T/v.out"
fi


# settings and fields that do not apply: exit 2 with FILE:LINE:COLUMN
bad_input() {
    printf '%s\n' "$2" > "$T/bad.in"
    $MPIRUN -n 2 ./mpigauge --validate --quiet "$T/bad.in" > /dev/null 2> "$T/bad.err"
    local rc=$?
    check "$1 (exit 2, $3)" [ "$rc/$(grep -c "^$T/bad.in:$3" "$T/bad.err")" = 2/1 ]
}
bad_input "sizes on COMM_DUP" "COMM_DUP INT 1 8 MUL 2 WORLD NOP 0" "1:14: COMM_DUP moves no data: write 0 0"
bad_input "sizes on SESSION_INIT" "SESSION_INIT INT 0 4 ADD 1 WORLD NOP 0" "1:18: SESSION_INIT moves no data"
bad_input "root= on COMM_SPLIT" "COMM_SPLIT INT 0 0 ADD 1 WORLD NOP 0 root=1" "1:38: COMM_SPLIT has no root"
bad_input "window= on WIN_CREATE" "WIN_CREATE BYTE 1 8 MUL 2 WORLD NOP 0 window=4" "1:39: WIN_CREATE sends no window"
bad_input "an op on WIN_FREE" "WIN_FREE BYTE 1 8 MUL 2 WORLD SUM 0" "1:31:"
bad_input "sync= on WIN_ALLOCATE" "WIN_ALLOCATE BYTE 1 8 MUL 2 WORLD NOP 0 sync=fence" "1:41: WIN_ALLOCATE is not one-sided"

summary objects
