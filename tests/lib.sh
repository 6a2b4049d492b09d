# lib.sh: what the integration test scripts share; source it after cd to
# the project's top.  check DESCRIPTION COMMAND... counts one assertion.
MPIRUN=${MPIRUN:-mpirun}
pass=0
fail=0
skipped=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
check() {
    local what=$1
    shift
    if "$@"; then ok; else bad "$what"; fi
}
# jq definitions that pick run.json's records by the input line they came
# from, never by their place in the list: at(L) is line L's record,
# at_lines(A; B) the records of lines A to B.  Use: jq "$AT"'at(3).status'
AT='def at($l): first(.records[] | select(.line == $l)); def at_lines($a; $b): [.records[] | select(.line >= $a and .line <= $b)];'
# every(GEN; COND): true when GEN yields something and COND holds for all
# of it, so that a check fails when nothing was selected (jq's own
# `all` is true of nothing).  Use: jq "$EVERY"'every(.records[]; .check == "passed")'
EVERY='def every(g; c): [g | c] | (length > 0 and all);'
# skip N WHY: N checks not run here, and why (a note on stderr)
skip() {
    skipped=$((skipped + $1))
    echo "note: $2: $1 checks skipped" >&2
}
# ran: how many checks have run so far (to count a part's checks once it
# has run, for skipping the same part elsewhere)
ran() { echo $((pass + fail)); }
# summary NAME: the suite's count line; true when nothing failed
summary() {
    echo "$1: $pass passed, $fail failed, $skipped skipped"
    [ "$fail" = 0 ]
}
# colno FILE NAME: the number of the data-file column named NAME (the
# last '#' line names the columns); empty when there is none
colno() { awk -v name="$2" '/^#/ { last = $0; next } NF { exit } END { n = split(substr(last, 3), a, " "); for (i = 1; i <= n; i++) if (a[i] == name) print i }' "$1"; }
# column FILE NAME: the values of that column, one per row
column() {
    local c
    c=$(colno "$1" "$2")
    [ -n "$c" ] && awk -v c="$c" '!/^#/ && NF { print $c }' "$1"
}
# all_rows FILE AWK-CONDITION: every data row satisfies it (and there is one)
all_rows() {
    awk "!/^#/ && NF { n++; if (!($2)) bad++ } END { exit !(n > 0 && bad == 0) }" "$1"
}
# rows FILE CONDITION [NAME...]: every data row satisfies CONDITION, an awk
# expression in which v1, v2 ... are the named columns' values (and there
# is at least one row)
rows() {
    local f=$1 cond=$2 prog="" i=1 c
    shift 2
    for name in "$@"; do
        c=$(colno "$f" "$name")
        [ -n "$c" ] || return 1
        prog="$prog v$i = \$$c;"
        i=$((i + 1))
    done
    awk "!/^#/ && NF { n++; $prog if (!($cond)) bad++ } END { exit !(n > 0 && bad == 0) }" "$f"
}

# show_log LOG: after a failed launch, the lines of LOG that say why
# (mpigauge's own, a sanitizer's report and its first frames, mpirun's
# exit notice), 30 at most, each "  log: ..." on stderr: CI's record keeps
# only the end of the run, where .ci/run prints these again, and the log
# itself is gone with the machine
show_log() {
    grep -E 'mpigauge:|ERROR: |runtime error|SUMMARY: |^ +#[0-9] |Exit code|exited on signal|Segmentation|Abort' "$1" 2>/dev/null |
        grep -v '^note: ' | head -30 | sed 's/^/  log: /' >&2
}
# check_launch WHAT RC LOG: one check that a launch exited 0; when it did
# not, the lines of its LOG that say why (show_log)
check_launch() {
    check "$1" [ "$2" = 0 ]
    [ "$2" = 0 ] || show_log "$3"
}
# library_crash LOG: the launch died of a fault inside the MPI library
# itself: a sanitizer's SEGV report whose first frame outside the C
# library (pthread_mutex_lock, say) is in libmpi, one of its components or
# libopen-pal, not in mpigauge's code
library_crash() {
    awk '/ERROR: AddressSanitizer: SEGV/ { seen = 1; next }
         seen && /^ +#[0-9]+ / && !/nptl\/|libc\.so|glibc|sysdeps\// { found = 1; mpi = /libmpi|libopen-pal|\/openmpi\/|libmpich/; exit }
         END { exit !(found && mpi) }' "$1" 2>/dev/null
}
# mpirun_logged LOG DIR ARGS...: $MPIRUN ARGS, its output and errors in
# LOG; launched once more (DIR, the run's -o folder, emptied) when the
# first launch died inside the MPI library, said in a note with the
# report's lines: Open MPI 4.1.4 under AddressSanitizer faults now and
# then inside ob1 in threads= collectives (docs/developing.md, "Tests and
# benchmarks", says what was measured and tried).  A fault in mpigauge's
# own frames, or a second one, fails as any other
mpirun_logged() {
    local log=$1 dir=$2
    shift 2
    $MPIRUN "$@" > "$log" 2>&1
    local rc=$?
    if [ "$rc" != 0 ] && library_crash "$log"; then
        echo "note: the MPI library faulted inside itself (rc $rc); launched once more: $*" >&2
        show_log "$log" 2>&1 | sed 's/^  log: /note:   /' >&2
        rm -rf "$dir"
        $MPIRUN "$@" > "$log" 2>&1
        rc=$?
    fi
    return "$rc"
}
# a fresh scratch folder for one script
scratch() {
    rm -rf "$1"
    mkdir -p "$1"
}
# cluster_launcher SECONDS: sets CLUSTER to the words that start 4 ranks on
# (Open MPI: unbound, said outright: it leaves 4 ranks unbound but binds 2
# or fewer, each simulated host's first to its first core, the same core
# of this machine (docs/measuring.md, Binding); and ranks that yield when
# idle: its mpirun does not count 4 ranks on 2 simulated hosts of 2 slots
# as oversubscribed, and spin-polling ranks made every barrier a
# scheduler slice, about 8 ms)
# two simulated hosts of two (../shared/cluster, needs root), hosts apart
# over TCP under Open MPI and MPICH alike (SEPARATE_HOSTS=1), killed after
# SECONDS so that a hang fails fast; returns 1 when there is no cluster
cluster_launcher() {
    local L
    L=$(realpath ../shared/cluster/fake-ssh 2>/dev/null) || return 1
    { [ -x "$L" ] && unshare --uts --mount true 2>/dev/null; } || return 1
    if $MPIRUN --version 2>&1 | grep -qE 'Open MPI|OpenRTE'; then
        CLUSTER=(timeout -k 5 "$1" $MPIRUN --mca plm_rsh_agent "$L"
                 --host nodeA:2,nodeB:2 -n 4 --mca pml ob1 --mca btl self,vader,tcp
                 --mca mpi_yield_when_idle 1 --bind-to none)
    else
        CLUSTER=(env SEPARATE_HOSTS=1 timeout -k 5 "$1" $MPIRUN -launcher ssh
                 -launcher-exec "$L" -hosts nodeA:2,nodeB:2 -n 4)
    fi
}
# fake_set DIR TABLE: a launch set made up from TABLE, whose lines are
# "FILE ELEMENTS T_1 ... T_n" (# lines are comments): launch K of DIR
# (DIR/launch-K/run.json, complete, 2 ranks) has FILE's record with the
# size ELEMENTS at median T_K, its interval T_K +- 1% and its target met;
# a T_K of "-" leaves that size out of launch K.  Each launch is marked
# .fixture (made up: not checked against the schema)
fake_set() {
    local dir=$1 table=$2 n k
    n=$(awk '!/^#/ && NF { print NF - 2; exit }' "$table")
    for k in $(seq 1 "$n"); do
        mkdir -p "$dir/launch-$k"
        touch "$dir/launch-$k/.fixture"
        awk -v k="$k" '
            !/^#/ && NF {
                if (!($1 in line)) { line[$1] = ++nfiles; name[nfiles] = $1 }
                t = $(k + 2)
                if (t == "-") next
                pts[$1] = pts[$1] (pts[$1] == "" ? "" : ",") sprintf("{\"elements\":%s,\"bytes\":%s,\"t_med_us\":%s,\"t_avg_us\":%s,\"ci_lo_us\":%.9g,\"ci_hi_us\":%.9g,\"target_met\":true}", $2, $2, t, t, t * 0.99, t * 1.01)
            }
            END {
                printf "{\"mpigauge\":\"0.1.0\",\"status\":\"complete\",\"input\":\"fixture.in\",\"fingerprint\":{\"mpi_library\":\"fixture\",\"ranks\":2,\"nodes\":1},\"records\":["
                for (i = 1; i <= nfiles; i++)
                    printf "%s{\"line\":%d,\"text\":\"fixture line %d\",\"call\":\"SEND\",\"file\":\"%s\",\"status\":\"done\",\"points\":[%s]}", (i > 1 ? "," : ""), i, i, name[i], pts[name[i]]
                printf "]}\n"
            }' "$table" > "$dir/launch-$k/run.json"
    done
}
# need_smpi: true when SimGrid's SMPI can run here (smpicc and smpirun, and
# SMPI_TESTS is not "skip"); else false with SMPI_WHY saying why, for skip
need_smpi() {
    SMPI_WHY=""
    if [ "${SMPI_TESTS:-}" = skip ]; then
        SMPI_WHY="SMPI_TESTS=skip"
    elif ! command -v smpicc > /dev/null || ! command -v smpirun > /dev/null; then
        SMPI_WHY="SimGrid's smpicc/smpirun not installed"
    fi
    [ -z "$SMPI_WHY" ]
}
