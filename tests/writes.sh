#!/usr/bin/env bash
# writes.sh: every mode whose result is what it prints or writes without
# measuring (--set, --compare, --predict, --validate, --list, --help,
# --version): a write that fails (stdout on /dev/full, on a full disk, a
# read-only folder) exits 5, as --help promises for a failed write, says
# so naming the mode, and leaves nothing half-written: set.json and
# set.txt are both new or both untouched, and a regular file as stdout is
# cut back to what it held before (issue 53: `--compare A B --json >
# /dev/full` exited 0, a CI gate passing on truncated JSON).  The
# measuring run's own failed writes are hardening.sh's.  Prints "N
# passed, N failed".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
T=tests/tmp/writes
scratch "$T"

# what they read: two recorded launch sets (tests/data/sets) and a result
# folder with pairwise parameters (a 2-rank DISSEMINATION run)
cp -r tests/data/sets/A "$T/A"
cp -r tests/data/sets/S "$T/S"
printf 'BARRIER INT 0 0 ADD 1 WORLD DISSEMINATION 0 iters=20\n' > "$T/bar.in"
$MPIRUN -n 2 ./mpigauge --quiet -o "$T/bar" "$T/bar.in" > "$T/bar.log" 2>&1
check_launch "a folder with parameters for --predict" $? "$T/bar.log"

# each mode to /dev/full: exit 5, said once with the mode's name.  Under
# mpirun the launcher forwards a rank's output and fails on its own
# (MPICH's mpiexec exits 255): the ranks' writes into its pipe succeed, so
# --validate is tried alone (a singleton) and with --ranks
modes=("--set|$T/A" "--compare|$T/A $T/S" "--compare|$T/A $T/S --json"
       "--predict|$T/bar DISSEMINATION" "--validate|inputs/quick.in"
       "--validate|--ranks 3 inputs/quick.in" "--list|" "--help|" "--version|")
for m in "${modes[@]}"; do
    mode=${m%%|*} args=${m#*|}
    # shellcheck disable=SC2086
    ./mpigauge $mode $args > /dev/full 2> "$T/full.err"
    rc=$?
    check "$mode $args > /dev/full: exit 5 ($rc)" [ "$rc" = 5 ]
    check "... said once: mpigauge $mode: cannot write the standard output: No space left on device" \
        [ "$(grep -c "^mpigauge $mode: cannot write the standard output: No space left on device (exit 5)$" "$T/full.err")" = 1 ]
    # shellcheck disable=SC2086
    ./mpigauge $mode $args > "$T/ok.out" 2> /dev/null
    rc=$?
    check "... and to a file: not 5 ($rc), something written" eval '[ "$rc" != 5 ] && [ -s "$T/ok.out" ]'
done

# a failed write names the folder's file and leaves set.json and set.txt
# as they were: a read-only folder and a full one (tmpfs, needs root, as
# CI has; elsewhere said and left out)
mount_checks=9
mkdir -p "$T/ro" "$T/tiny"
if mount -t tmpfs -o size=256k tmpfs "$T/ro" 2> /dev/null; then
    cp -r "$T/A" "$T/ro/A"
    rm -f "$T/ro/A/set.json" "$T/ro/A/set.txt"
    mount -o remount,ro "$T/ro"
    ./mpigauge --set "$T/ro/A" > "$T/ro.out" 2> "$T/ro.err"
    rc=$?
    check "--set on a read-only folder: exit 5 ($rc)" [ "$rc" = 5 ]
    check "... said with the file and the reason" grep -q "^mpigauge --set: cannot write $T/ro/A/set.json: Read-only file system (exit 5)$" "$T/ro.err"
    check "... nothing on stdout, no set.json or set.txt" eval '[ ! -s "$T/ro.out" ] && [ ! -e "$T/ro/A/set.json" ] && [ ! -e "$T/ro/A/set.txt" ]'
    umount "$T/ro"
    # a full disk: room for set.json (13 KiB here: 4 of the tmpfs's 4 KiB
    # pages) but not set.txt after it, and the set summarised before
    # (set.json and set.txt of another day) must stay as they were
    mount -t tmpfs -o size=512k tmpfs "$T/tiny"
    cp -r "$T/A" "$T/tiny/A"
    rm -f "$T/tiny/A/set.json"* "$T/tiny/A/set.txt"*
    echo '{"old": true}' > "$T/tiny/A/set.json"
    echo old > "$T/tiny/A/set.txt"
    ./mpigauge --set "$T/A" > /dev/null 2>&1
    room=$(( ($(stat -c %s "$T/A/set.json") + 4095) / 4096 * 4 + 4 ))   # KiB: set.json's pages and one
    fill=$(( ($(df -k --output=avail "$T/tiny" | tail -1) - room) / 4 * 4 ))
    dd if=/dev/zero of="$T/tiny/fill" bs=1k count="$fill" 2> /dev/null
    ./mpigauge --set "$T/tiny/A" > "$T/tiny.out" 2> "$T/tiny.err"
    rc=$?
    check "--set on a full disk: exit 5 ($rc)" [ "$rc" = 5 ]
    check "... said with the file (set.txt, after set.json was written) and the reason" grep -q "^mpigauge --set: cannot write $T/tiny/A/set.txt: No space left on device (exit 5)$" "$T/tiny.err"
    check "... set.json and set.txt as they were, no temporary left" \
        eval '[ "$(cat "$T/tiny/A/set.json")" = "{\"old\": true}" ] && [ "$(cat "$T/tiny/A/set.txt")" = old ] && ! ls "$T/tiny/A" | grep -q tmp'
    # stdout a regular file on that disk: cut back to what it held
    rm -f "$T/tiny/fill"
    echo before > "$T/tiny/out"
    dd if=/dev/zero of="$T/tiny/fill" bs=1k count=$(( ($(df -k --output=avail "$T/tiny" | tail -1) - 8) / 4 * 4 )) 2> /dev/null
    ./mpigauge --list >> "$T/tiny/out" 2> "$T/tiny.err"
    rc=$?
    check "--list >> a file on a full disk: exit 5 ($rc)" [ "$rc" = 5 ]
    check "... the file cut back to what it held" [ "$(cat "$T/tiny/out")" = before ]
    ./mpigauge --compare "$T/A" "$T/S" --json > "$T/tiny/out" 2> "$T/tiny.err"
    rc=$?
    check "--compare --json > a file on a full disk: exit 5 ($rc), the file empty, no JSON cut short" \
        eval '[ "$rc" = 5 ] && [ ! -s "$T/tiny/out" ]'
    umount "$T/tiny"
else
    skip $mount_checks "no tmpfs mount here (not root?): the read-only and full folders"
fi

summary writes
