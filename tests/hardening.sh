#!/usr/bin/env bash
# hardening.sh: errors every rank agrees on (no hang), inputs that are not
# files, 64-bit colours and sizes, and limits applied to the calls whose
# MPI arguments they bound.  Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=tests/tmp/hardening
scratch "$T"

# an error rank 0 alone sees ends every rank (a hang fails by timeout)
timeout 30 $MPIRUN -n 2 ./mpigauge --validate --coords "$T/none" inputs/quick.in > /dev/null 2> "$T/coords.err"
if [ $? = 2 ] && grep -q "$T/none: cannot open" "$T/coords.err"; then ok_=1; else ok_=0; fi
check "--coords missing: exit 2, not a hang" [ "$ok_" = 1 ]
mkfifo "$T/fifo"
timeout 30 $MPIRUN -n 2 ./mpigauge --validate "$T/fifo" > /dev/null 2> "$T/fifo.err"
if [ $? = 2 ] && grep -q "$T/fifo: not a regular file" "$T/fifo.err"; then ok_=1; else ok_=0; fi
check "a FIFO as the input: exit 2, not a wait" [ "$ok_" = 1 ]
timeout 30 $MPIRUN -n 2 ./mpigauge --validate --coords "$T/fifo" inputs/quick.in > /dev/null 2>&1
check "a FIFO as --coords: exit 2" [ $? = 2 ]
printf 'BARRIER INT 0 0 ADD 1 WORLD FILE:%s 0\n' "$T/fifo" > "$T/pat.in"
timeout 30 $MPIRUN -n 2 ./mpigauge --validate "$T/pat.in" > /dev/null 2>&1
check "a FIFO as a pattern file: exit 2" [ $? = 2 ]
timeout 30 $MPIRUN -n 2 ./mpigauge --scratch "$T/none" -o "$T/s" inputs/io.in > /dev/null 2>&1
if [ $? = 2 ] && [ ! -e "$T/s" ]; then ok_=1; else ok_=0; fi
check "--scratch missing: exit 2 on every rank" [ "$ok_" = 1 ]

# colours from large coordinates: y + dy z passes 2^31 for rank 1
printf '0 0 0 0\n1 0 65535 32768\n' > "$T/big.coords"
printf 'BARRIER INT 0 0 ADD 1 X-LINE MPI 0 iters=2\nBARRIER INT 0 0 ADD 1 Z-LINE MPI 0 iters=2\n' > "$T/big.in"
timeout 60 $MPIRUN -n 2 ./mpigauge --coords "$T/big.coords" --quiet -o "$T/big" "$T/big.in" > /dev/null 2>&1
check "large coordinates: exit 0" [ $? = 0 ]
check "large coordinates: two X-lines and two Z-lines of 1, nobody dropped" [ "$(jq -c '[.records[] | .communicators]' "$T/big/run.json")" = "[[1,1],[1,1]]" ]

# limits where MPI's int arguments need them, not elsewhere
{
    echo "BCAST CHAR 2147483647 2147483647 ADD 1 WORLD NOP 0"
    echo "SEND INT 1 1073741824 MUL 1024 WORLD NOP 0"
    echo "GATHERV CHAR 1073741824 1073741824 ADD 1 WORLD NOP 0"
    echo "ALLTOALLW INT 300000000 300000000 ADD 1 WORLD NOP 0"
    echo "BSEND DOUBLE 134217728 134217728 ADD 1 WORLD NOP 0"
} > "$T/lim.in"
$MPIRUN -n 2 ./mpigauge --validate --max-memory 1024G "$T/lim.in" > /dev/null 2> "$T/lim.err"
check "limits: exit 2" [ $? = 2 ]
check "BCAST of 2^31-1 CHAR on 2 ranks: no count error" [ -z "$(grep "^$T/lim.in:1:" "$T/lim.err")" ]
check "SEND of 2^30 INT on 2 ranks: no count error" [ -z "$(grep "^$T/lim.in:2:" "$T/lim.err")" ]
check "GATHERV: element displacements past int" grep -q "^$T/lim.in:3:25: max 1073741824 on 2 ranks puts GATHERV's element displacements up to 2147483648, past MPI's int limit" "$T/lim.err"
check "ALLTOALLW: byte displacements past int" grep -q "^$T/lim.in:4:25: max 300000000 on 2 ranks puts ALLTOALLW's byte displacements up to 2400000000" "$T/lim.err"
check "BSEND: the attached buffer past int" grep -q "^$T/lim.in:5:24: max 134217728 needs a 21474[0-9]*-byte buffer attached for BSEND" "$T/lim.err"

# a record's check agrees with what was printed, also when an MPI error
# ends the size (MPICH truncates SENDRECV_REPLACE of DOUBLE_INT here)
echo "SENDRECV_REPLACE DOUBLE_INT 2401 2401 ADD 1 WORLD NOP 0" > "$T/sr.in"
$MPIRUN -n 2 ./mpigauge --check --iters 5 --quiet -o "$T/sr" "$T/sr.in" > /dev/null 2> "$T/sr.err"
printed=$(grep -c "^check failed" "$T/sr.err")
said=$(jq -r "$AT"'at(1).check' "$T/sr/run.json")
check "check status agrees with the printed failures ($printed printed, run.json: $said)" [ "$([ "$printed" -gt 0 ] && echo failed || echo passed)" = "$(echo "$said" | sed 's/incomplete/passed/')" ]
counted() { [ "$printed" = 0 ] || [ "$(jq "$AT"'at(1).mismatches' "$T/sr/run.json")" -ge "$printed" ]; }
check "mismatches counted as printed" counted

# the smaller ones: each exits 2 with no folder, or is refused by name
$MPIRUN -n 1 ./mpigauge -o '' --iters 1 inputs/quick.in > /dev/null 2> "$T/o.err"
if [ $? = 2 ] && grep -q "^mpigauge: --output '': expected a value" "$T/o.err"; then ok_=1; else ok_=0; fi
check "-o '': exit 2, said" [ "$ok_" = 1 ]
long="$T/$(printf 'd%.0s' $(seq 5000))"
$MPIRUN -n 1 ./mpigauge -o "$long/x" --iters 1 inputs/quick.in > /dev/null 2>&1
if [ $? = 2 ] && [ -z "$(find "$T" -maxdepth 1 -name 'ddd*')" ]; then ok_=1; else ok_=0; fi
check "-o past the path limit: exit 2, no folders left" [ "$ok_" = 1 ]
touch "$T/afile"
$MPIRUN -n 2 ./mpigauge --scratch "$T/afile" -o "$T/sf" inputs/io.in > /dev/null 2>&1
if [ $? = 2 ] && [ ! -e "$T/sf" ]; then ok_=1; else ok_=0; fi
check "--scratch naming a file: exit 2, no folder" [ "$ok_" = 1 ]
# issue 26 class 11: a folder where root may write by the permissions but
# no folder can be made (/proc): exit 2 and no result folder either
$MPIRUN -n 2 ./mpigauge --scratch /proc -o "$T/sp" inputs/io.in > /dev/null 2> "$T/sp.err"
check "--scratch /proc: exit 2 ($?), said, no result folder" [ "$(grep -c 'cannot create a scratch folder in /proc' "$T/sp.err")/$([ -e "$T/sp" ] && echo left || echo none)" = 1/none ]
{ echo "ranks 2"; echo "stage"; printf '0 1 %04096d\n' 0; } > "$T/long.pat"
printf 'BARRIER INT 0 0 ADD 1 WORLD FILE:%s 0\n' "$T/long.pat" > "$T/longpat.in"
$MPIRUN -n 2 ./mpigauge --validate "$T/longpat.in" > /dev/null 2> "$T/longpat.err"
if [ $? = 2 ] && grep -q "^$T/long.pat:3:4096: line longer than 4095 bytes" "$T/longpat.err"; then ok_=1; else ok_=0; fi
check "a pattern-file line of 4096+ bytes: exit 2, its line named" [ "$ok_" = 1 ]
printf 'BARRIER INT 0 0 ADD 1 WORLD FILE:%s 0\n' "$(printf 'p%.0s' $(seq 300))" > "$T/longpath.in"
$MPIRUN -n 2 ./mpigauge --validate "$T/longpath.in" > /dev/null 2> "$T/longpath.err"
if [ $? = 2 ] && grep -q "^$T/longpath.in:1:34: path longer than 255 bytes" "$T/longpath.err"; then ok_=1; else ok_=0; fi
check "a FILE: path over 255 bytes: exit 2, not cut" [ "$ok_" = 1 ]
$MPIRUN -n 1 ./mpigauge --max-memory 99999999999999999999999 --validate inputs/quick.in > /dev/null 2>&1
check "--max-memory 99999999999999999999999: exit 2" [ $? = 2 ]
printf 'BCAST INT 1 8 MUL 2 WORLD NOP 0 root=1 root=0\n' > "$T/root.in"
$MPIRUN -n 2 ./mpigauge --validate "$T/root.in" > /dev/null 2> "$T/root.err"
if [ $? = 2 ] && grep -q "^$T/root.in:1:40: root= given twice (first at column 33)" "$T/root.err"; then ok_=1; else ok_=0; fi
check "root=1 root=0: exit 2, not last-wins" [ "$ok_" = 1 ]
nl="$T/two
lines.in"
cp inputs/quick.in "$nl"
$MPIRUN -n 1 ./mpigauge -o "$T/nl" "$nl" > /dev/null 2> "$T/nl.err"
if [ $? = 2 ] && [ ! -e "$T/nl" ] && grep -q "control character" "$T/nl.err"; then ok_=1; else ok_=0; fi
check "a newline in the input's path: exit 2, no folder" [ "$ok_" = 1 ]
nonutf="$T/$(printf 'caf\xe9').in"
printf 'SEND INT 1 2 MUL 2 WORLD NOP 0 iters=2\n' > "$nonutf"
$MPIRUN -n 2 ./mpigauge --quiet -o "$T/nonutf" "$nonutf" > /dev/null 2>&1
if [ $? = 0 ] && [ "$(jq -r .input "$T/nonutf/run.json")" = "$T/caf?.in" ]; then ok_=1; else ok_=0; fi
check "a non-UTF-8 input path: exit 0, run.json keeps input" [ "$ok_" = 1 ]

# thousands of records: run.json's list is kept on disk and the records are
# planned a batch at a time, so 8 times the records take the same memory
# (before: about 10 KB more per record, 30 MB for 1000 and 59 MB for 4000)
for n in 1000 8000; do
    yes 'BARRIER INT 0 0 ADD 1 WORLD MPI 0 iters=1' | head -n $n > "$T/many$n.in"
    timeout 300 $MPIRUN -n 2 ./mpigauge --quiet -o "$T/many$n" "$T/many$n.in" > /dev/null 2>&1
    check "$n records: exit 0" [ $? = 0 ]
done
j="$T/many8000/run.json"
check "8000 records: run.json lists each once, in order, done" \
    [ "$(jq -c '[(.records | length), ([.records[] | select(.status == "done")] | length), .records[0].line, .records[-1].line, ([.records[].line] == ([.records[].line] | sort))]' "$j")" = "[8000,8000,1,8000,true]" ]
check "8000 records: the last one's data file" [ "$(jq -r "$AT"'at(8000).file' "$j")" = 8000-barrier-int-world-mpi.dat ]
if ldd ./mpigauge | grep -q libasan; then
    skip 1 "AddressSanitizer keeps freed memory in quarantine: the memory bound"
else
    a=$(jq .peak_rss_kib "$T/many1000/run.json"); b=$(jq .peak_rss_kib "$j")
    check "8000 records: peak memory within 4 MiB of 1000's ($a KiB, $b KiB)" [ "$b" -le $((a + 4096)) ]
fi
yes 'ALLREDUCE DOUBLE 1 8 MUL 2 WORLD SUM 0' | head -n 20000 > "$T/v.in"
echo 'ALLREDUCE DOUBLE 1 8 MUL 2 WORLD SUM 0 iters=x' >> "$T/v.in"
timeout 300 $MPIRUN -n 2 ./mpigauge --validate "$T/v.in" > "$T/v.out" 2> "$T/v.err"
if [ $? = 2 ] && grep -q "^$T/v.in:20001:" "$T/v.err"; then ok_=1; else ok_=0; fi
check "a bad record after 20000 good ones: exit 2, named" [ "$ok_" = 1 ]
timeout 300 $MPIRUN -n 2 ./mpigauge --validate --keep-going "$T/v.in" > "$T/v.out" 2> /dev/null
if [ "$(grep -c '^record ' "$T/v.out")" = 20001 ] && grep -q "^record 20001 (line 20001): " "$T/v.out" && grep -q "^plan for $T/v.in: 20001 records" "$T/v.out"; then ok_=1; else ok_=0; fi
check "--validate --keep-going: every record of every batch in the plan" [ "$ok_" = 1 ]

# a memory cgroup of 1.2 GB (v1 or v2, made below this process's own; needs
# root): a record that fits the node but not the cgroup is an input error,
# where a rank used to be OOM-killed (the bound read the hierarchy's root)
printf 'SEND CHAR 500000000 500000000 ADD 1 WORLD NOP 0\n' > "$T/mem.in"
cg=$(grep -E '^0::|:memory:' /proc/self/cgroup | sort | tail -1)
if grep -q ':memory:' /proc/self/cgroup; then
    cgdir=/sys/fs/cgroup/memory$(grep ':memory:' /proc/self/cgroup | cut -d: -f3)/mpigauge-test-$$
    cglimit=memory.limit_in_bytes
else
    cgdir=/sys/fs/cgroup$(echo "$cg" | cut -d: -f3)/mpigauge-test-$$
    cglimit=memory.max
fi
if mkdir "$cgdir" 2>/dev/null && echo $((1200 * 1024 * 1024)) > "$cgdir/$cglimit" 2>/dev/null; then
    timeout 60 $MPIRUN -n 2 ./mpigauge --validate "$T/mem.in" > /dev/null 2>&1
    check "500 MB SEND fits the node outside the cgroup" [ $? = 0 ]
    timeout 60 sh -c "echo \$\$ > '$cgdir/cgroup.procs' && exec $MPIRUN -n 2 ./mpigauge --validate '$T/mem.in'" > /dev/null 2> "$T/mem.err"
    if [ $? = 2 ] && grep -q "^$T/mem.in:1:21: max 500000000 needs 953.7 MiB of buffers per rank" "$T/mem.err"; then ok_=1; else ok_=0; fi
    check "inside a 1.2 GB memory cgroup: exit 2, named, not OOM-killed" [ "$ok_" = 1 ]
    rmdir "$cgdir" 2>/dev/null
else
    rmdir "$cgdir" 2>/dev/null
    skip 2 "no memory cgroup can be made here: the cgroup bound"
fi

# a full disk: a 64 KiB tmpfs (needs root, as CI has; elsewhere said and
# left out)
mkdir -p "$T/tiny"
tmpfs_checks=10    # the checks of the block below, for the note when it cannot run
if mount -t tmpfs -o size=64k tmpfs "$T/tiny" 2>/dev/null; then
    for i in $(seq 32); do echo "SEND CHAR 1 64 MUL 2 WORLD NOP 0 iters=20"; done > "$T/full.in"
    # The disk is full of files, not bytes: a tmpfs of 16 inodes fills
    # after the ninth or tenth record's data file, whatever the library
    # writes into run.json.  A room in bytes (64 KiB, then a whole run's run.json plus
    # 8 KiB) filled at a point that moved with Open MPI's many control
    # variables in run.json and with the numbers' widths: no record done
    # under CI once, where the same tree here did four.  ENOSPC either way.
    mkdir -p "$T/full"
    mount -t tmpfs -o size=16m,nr_inodes=16 tmpfs "$T/full"
    $MPIRUN -n 2 ./mpigauge --quiet -o "$T/full/r" "$T/full.in" > /dev/null 2> "$T/full.err"
    rc=$?
    check "a full disk: exit 5" [ $rc = 5 ]
    check "a full disk: said once, with the file and the reason" [ "$(grep -c "^mpigauge: cannot write $T/full/r/.*: No space left on device; the run stops here (exit 5)" "$T/full.err")" = 1 ]
    check "a full disk: run.json is whole JSON" jq -e .records "$T/full/r/run.json" > /dev/null
    if [ -z "$(find "$T/full/r" -size 0)" ] && [ ! -e "$T/full/r/.run.json.tmp" ]; then ok_=1; else ok_=0; fi
    check "a full disk: no empty file, no temporary left" [ "$ok_" = 1 ]
    check "a full disk: every record run.json calls done has its rows" [ "$(jq -r '.records[] | select(.status == "done") | "\(.file) \(.points | length)"' "$T/full/r/run.json" | while read -r f n; do [ "$(grep -vc '^#' "$T/full/r/$f")" = "$n" ] || echo bad; done)" = "" ]
    counts=$(jq -r '[([.records[] | select(.status == "done")] | length), ([.records[] | select(.status == "pending")] | length)] | "\(.[0]) \(.[1])"' "$T/full/r/run.json" 2> /dev/null)
    check "a full disk: the run stopped mid-run (done, pending: ${counts:-none}; 9 and 23 seen under MPICH, 10 and 22 under Open MPI)" \
        awk -v c="${counts:-x}" 'BEGIN { split(c, n, " "); exit !(n[1] >= 5 && n[2] >= 20 && n[1] + n[2] == 32) }'
    umount "$T/full"
    # issue 26 class 6: the disk fills while the pairwise parameter
    # matrices or HYBRID's pattern file are written (each file takes a
    # 4 KiB page of the tmpfs: 12 to 40 KiB left reach each of them in
    # turn); a file written whole is whole or absent, never empty or cut
    printf 'BARRIER INT 0 0 ADD 1 WORLD HYBRID 0 iters=20\n' > "$T/hy.in"
    cut_files=""; empty=""; failed_at=""
    # what is written before the side files (run.json, the data file's
    # header) grows with the library's settings (Open MPI's run.json lists
    # its many control variables): the free room starts past it
    rm -rf "${T:?}/tiny/"*
    $MPIRUN -n 4 ./mpigauge --quiet -o "$T/tiny/h" "$T/hy.in" > /dev/null 2>&1
    base=0
    for f in run.json report.txt; do
        base=$((base + ( $(stat -c %s "$T/tiny/h/$f" 2> /dev/null || echo 0) / 4096 + 1) * 4))
    done
    for step in 4 8 12 16 20 24 28 32; do
        free=$((base + step))
        [ "$free" -gt 60 ] && break
        rm -rf "${T:?}/tiny/"*
        dd if=/dev/zero of="$T/tiny/fill" bs=1k count=$((60 - free)) 2> /dev/null
        timeout 300 $MPIRUN -n 4 ./mpigauge --quiet -o "$T/tiny/h" "$T/hy.in" > /dev/null 2> "$T/hy.err"
        failed_at="$failed_at $(sed -n 's/.*cannot write [^ ]*\/\([^ /]*\): .*/\1/p' "$T/hy.err" | head -1)"
        empty="$empty$(find "$T/tiny/h" -size 0)"
        for f in "$T/tiny/h"/params-*.dat; do
            [ -e "$f" ] || continue
            [ "$(grep -vc '^#' "$f")" = 4 ] || cut_files="$cut_files $f"
        done
        for f in "$T/tiny/h"/*.pat; do
            [ -e "$f" ] || continue
            grep -q '^ranks 4$' "$f" && [ "$(grep -c '^stage$' "$f")" -gt 0 ] || cut_files="$cut_files $f"
        done
    done
    check "a disk that fills at each side file: the failures hit params and pattern files ($failed_at)" \
        [ "$(echo "$failed_at" | tr ' ' '\n' | grep -cE '^params-world-.*\.dat$|\.pat$')" -ge 4 ]
    check "... and left no empty file${empty:+: $empty}" [ -z "$empty" ]
    check "... and no matrix or pattern file cut short${cut_files:+:$cut_files}" [ -z "$cut_files" ]
    # issue 26 class 5: $TMPDIR full while the result disk has room; and
    # missing: run.json's record lists live on the results' disk
    rm -rf "${T:?}/tiny/"*
    dd if=/dev/zero of="$T/tiny/fill" bs=1k count=64 2> /dev/null
    TMPDIR="$T/tiny" $MPIRUN -n 2 ./mpigauge --quiet --iters 5 -o "$T/tmpfull" tests/inputs/p2p.in > /dev/null 2>&1
    check "a full \$TMPDIR: exit 0 ($?), every record done" [ "$(jq -c '[.status, ([.records[] | select(.status == "done")] | length)]' "$T/tmpfull/run.json")" = '["complete",13]' ]
    umount "$T/tiny"
else
    skip $tmpfs_checks "no tmpfs mount here (not root?): the full-disk checks"
fi
TMPDIR="$T/no/such/dir" $MPIRUN -n 2 ./mpigauge --quiet --iters 5 -o "$T/notmp" tests/inputs/p2p.in > /dev/null 2>&1
check "a missing \$TMPDIR: exit 0 ($?), every record done" [ "$(jq -c '[.status, ([.records[] | select(.status == "done")] | length)]' "$T/notmp/run.json")" = '["complete",13]' ]
TMPDIR="$T/no/such/dir" $MPIRUN -n 2 ./mpigauge --validate tests/inputs/p2p.in > /dev/null 2>&1
check "... and --validate agrees (exit $?)" [ $? = 0 ]

summary hardening
